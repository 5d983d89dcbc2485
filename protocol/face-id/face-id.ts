/**
 * The broadcaster's face-ID check before she goes live (spec 000 §4, §5, §7, §8, §9): the start
 * call opens the identity provider's page in a popup, the result call says whether she passed. A
 * pass stays valid for FACE_ID_VALID_S; the workspace shows what is left in days, hours and
 * minutes, flagged when under a day.
 */

export const FaceIdApi = {
  /** GET (POST also taken): service_type '2', live_last_verify_room_type. */
  start: '/anchor/face/face/StartIdentify',
  /** GET (POST also taken): ref_id, service_type '2'. */
  result: '/anchor/face/face/faceIdentifynGetResult',
  /** Ours: whether her pass is still valid, and for how long. */
  status: '/lady/v1/faceIdStatus',
} as const;

export const FACE_ID_SERVICE_TYPE = '2';
/** Spec 000 §9: the popup's size and how often the opener looks whether it closed. */
export const FACE_ID_POPUP = { width: 1280, height: 745 } as const;
export const FACE_ID_CLOSE_POLL_MS = 500;
/** Ours: how long a passed check lets her go live. */
export const FACE_ID_VALID_S = 7 * 86_400;
/** Spec 000 §5: 3 on the hang-out page, 1 for room types 1 or 3, 2 for room types 2 or 4. */
export const verifyRoomTypeOf = (roomType: number | 'hangout') =>
  roomType === 'hangout' ? 3 : roomType === 2 || roomType === 4 ? 2 : 1;

export const FaceIdText = {
  alertTitle: 'Face ID Verification',
  cannotSee: 'Can not see the Face ID window?',
  reopen: 'Open it again',
  failed: 'Face ID verification did not pass. Please try again.',
  required: 'Please pass the Face ID verification before you go live.',
  unavailable: 'Face ID verification is not available right now. Please try again later.',
} as const;

/** StartIdentify's data. `result` 0 is a failure (its errmsg goes in the Face ID Verification alert). */
export interface FaceIdStartAnswer {
  result: 0 | 1;
  identify_url: string;
  ref_id: string;
}

/** faceIdentifynGetResult's data: 1 passed, 0 not (yet). */
export interface FaceIdResultAnswer {
  result: 0 | 1;
}

export interface FaceIdStatus {
  verified: 0 | 1;
  /** Seconds of validity left (0 when not verified). */
  left_seconds: number;
}

/**
 * '7 days', '6 days 23 hours', '5 hours 12 minutes', '8 minutes': the validity left, largest units
 * first, counted in started minutes (a pass given a moment ago reads '7 days').
 */
export function validityText(seconds: number): string {
  const total = Math.ceil(seconds / 60);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  return unit(Math.max(1, minutes), 'minute');
}
/** Spec 000 §4: the flag when less than a day is left. */
export const underADay = (seconds: number) => seconds < 86_400;
