/**
 * The picture quality of his room (ours; the spec has none). Her browser sends its camera in
 * layers (simulcast); the SFU forwards one layer to each viewer's connection, the one he chooses:
 * Auto (the SFU picks; the top layer it has), HD (the top layer) or SD (the smallest).
 */

export const QualityApi = {
  /** Ours: his room's connection {viewer_id, quality} → {quality}. */
  setQuality: '/man/v1/live/setQuality',
} as const;

export const QUALITIES = ['auto', 'hd', 'sd'] as const;
export type Quality = (typeof QUALITIES)[number];
export const isQuality = (value: unknown): value is Quality => QUALITIES.includes(value as Quality);

/** The simulcast layers her browser sends, top first (rid, how much smaller than the camera). */
export const SIMULCAST_LAYERS = [
  { rid: 'h', scaleResolutionDownBy: 1, maxBitrate: 1_500_000 },
  { rid: 'm', scaleResolutionDownBy: 2, maxBitrate: 500_000 },
  { rid: 'l', scaleResolutionDownBy: 4, maxBitrate: 150_000 },
] as const;

/** Ours (10835-10839). */
export const QualityErrno = {
  /** Not one of QUALITIES. */
  UNKNOWN_QUALITY: 10835,
  /** The connection named is not his, or has closed. */
  NO_SUCH_VIEWER: 10836,
} as const;

export const QualityText = {
  unknown: 'Choose Auto, HD or SD.',
  noViewer: 'This room is no longer open on this page.',
  menu: 'Quality',
  auto: 'Auto',
  hd: 'HD',
  sd: 'SD',
  failed: 'The quality could not be changed. Try again.',
} as const;

export interface QualityAnswer {
  quality: Quality;
}
