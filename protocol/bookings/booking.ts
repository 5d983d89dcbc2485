/**
 * One-on-One booking: the calls, events, payloads and the spec's constants for scheduled
 * One-on-One bookings (member → broadcaster requests and broadcaster → member scheduled invites),
 * phone verification and booking tips. Spec 001 §2–§9, 002 §3–§5, 000 §3–§7.
 * The errno codes and texts live in errors.ts with the rest of the catalogue.
 *
 * A gift with a booking (book_gift; decisions where the spec is silent):
 * - A room gift's rules apply (his send_gift_flower, her flower_sent and priv_mb_h5_show_gift,
 *   Intimacy Level 4 for a limited gift: 10752); book_gift lists no gifts when he may not give or she
 *   takes none, and marks each with `held` (his backpack) and `locked`.
 * - His backpack's gifts of that kind pay first (use_backpack=0: credits only); the rest is in the
 *   deposit, one ledger charge with the booking (booking:<id>:deposit). A repeat of the same request
 *   answers the same booking and charges nothing more.
 * - Declined, cancelled, expired or no-show: the deposit comes back whole and the backpack's gifts
 *   go back to his backpack (with the soonest expiry among them, at least a day ahead).
 * - The gift is hers when the booking is held (completed): her workspace's Gifts card lists it and
 *   hears it, and it earns Intimacy then, once.
 */

/** HTTP calls (POST). Paths as the spec writes them; ours are marked. */
export const BookingApi = {
  manBookingInfo: '/man/v1/getCreateBookingInfo',
  ladyBookingInfo: '/lady/v1/getCreateBookingInfo',
  phoneVerifyCode: '/man/v1/getPhoneVerifyCode',
  submitPhoneVerifyCode: '/man/v1/submitPhoneVerifyCode',
  /** The same path as the instant request; with book_time it books a scheduled One-on-One. */
  sendBookingRequest: '/man/v1/sendBookingRequest',
  scheduledInviteUser: '/lady/v1/scheduledInviteUser',
  cancelScheduledInvite: '/lady/v1/cancelScheduledInvite',
  /** Booking ids (BK…) go to the booking service; instant request ids stay with the realtime requests. */
  handleBooking: '/manList/v1/handleBooking',
  cancelPrivateRequest: '/man/v1/cancelPrivateRequest',
  bookingTipsNum: '/manList/v1/getBookingTipsNum',
  bookingTipsList: '/manList/v1/getBookingTipsList',
  /** Ours: the member's bookings for the /schedule and /liverequest pages, with the list counts. */
  scheduleList: '/man/v1/getScheduleList',
  /** Ours: one booking for /schedule/detail. */
  scheduleDetail: '/man/v1/getScheduleDetail',
  /** Ours: the broadcaster's bookings (incoming requests, her invitations, upcoming). */
  ladyBookings: '/lady/v1/getBookingList',
} as const;

/** Ours: the local SMS outbox page (only when no real SMS provider is configured). */
export const SMS_OUTBOX_PATH = '/dev/sms-outbox';

/** Events the server pushes (ours are marked; the spec's are in realtime.ts EventRoute). */
export const BookingEvent = {
  /** Ours: a member's booking request reached the broadcaster. */
  bookingRequest: 'imMan/bookingRequestNotice',
  /** Ours: the member answered (or cancelled) her scheduled invitation / his booking changed. */
  bookingChanged: 'imShare/bookingChangedNotice',
} as const;

// ---- Constants (spec 001 §9, 002 §5, 002 §9).

/** Book One-on-One offers today and the next 2 days (3 days). */
export const BOOKING_POPUP_DAYS = 3;
/** The deposit covers the first 5 minutes of One-on-One (plus attached gifts). */
export const BOOKING_DEPOSIT_MINUTES = 5;
/** The popup closes 3 s after 'Request successfully sent!'. */
export const BOOKING_SUCCESS_CLOSE_MS = 3_000;
/** The SMS reminder goes out 15 minutes before the broadcast. */
export const BOOKING_SMS_BEFORE_S = 15 * 60;
/** The gift strip scrolls in steps of 5, 62 px per item. */
export const GIFT_STRIP_STEP = 5;
export const GIFT_STRIP_ITEM_PX = 62;
/** Phone verification: 30 s before another code; blocked for 24 hours after too many attempts. */
export const PHONE_RETRY_S = 30;
export const PHONE_BLOCK_S = 24 * 3600;
/** The schedule request page: start 24 hours to 14 days from now. The spec also states "at least
 * 3 days ahead"; we take 24 hours, the reading a member can act on sooner (tested). */
export const SCHEDULE_REQUEST_MIN_S = 24 * 3600;
export const SCHEDULE_REQUEST_MAX_S = 14 * 24 * 3600;
/** A Start Now button shows when the booking is within one minute (spec 002 §4). */
export const BOOKING_START_NOW_S = 60;
/** Slot status 0 is available (spec 001 §3); ours: 1 booked. */
export const SLOT_FREE = 0;
export const SLOT_BOOKED = 1;

// Ours (the spec leaves these open), each a product choice written down here:
/** A slot must start at least this far ahead, so the 15-minute SMS can still go out. */
export const BOOKING_MIN_LEAD_S = 30 * 60;
/** Slots are on the hour; each broadcaster works 10 consecutive hours a day (UTC), from an hour
 * derived from her id, so timetables differ but are stable. */
export const TIMETABLE_HOURS = 10;
export const TIMETABLE_FIRST_HOUR_MIN = 8;
export const TIMETABLE_FIRST_HOUR_SPAN = 6;
/** A broadcaster may send this many scheduled invitations per UTC day (16134 after that). */
export const SCHEDULED_INVITE_DAILY_QUOTA = 10;
/** The 'about to start' booking notice (requestWillStart) goes out this long before the start. */
export const BOOKING_SOON_S = 3 * 60;
/** An accepted booking whose broadcaster is not online this long after its start is a no-show. */
export const BOOKING_NO_SHOW_S = 10 * 60;
/** Gift quantities offered with a booking; the first is the default. */
export const BOOKING_GIFT_NUMS = [1, 3, 5, 10] as const;
/** A verification code: 6 digits, valid 10 minutes; 5 codes or 5 wrong entries in 24 h block. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_S = 10 * 60;
export const PHONE_MAX_SENDS = 5;
export const PHONE_MAX_FAILURES = 5;

// ---- Payloads.

export interface BookingSlot {
  /** 0 free, 1 booked. */
  status: number;
  /** Seconds since the epoch. */
  time: number;
  time_id: string;
}

export interface BookingGift {
  giftid: string;
  send_num_list: { num: number; is_default: 0 | 1 }[];
  /** Ours (saves a getGiftDetail call per gift): the name, picture and price. */
  name: string;
  small_imgurl: string;
  credit: number;
  /** Ours: the Intimacy Level a limited gift needs (0: anyone). */
  intimacy_level?: number;
  /** Ours: how many of it his backpack holds (these pay first). */
  held?: number;
  /** Ours: 1 when it is limited and his level with her is below it. */
  locked?: 0 | 1;
}

export interface BookingPhone {
  country: string;
  area_code: string;
  phone_no: string;
}

/** getCreateBookingInfo answer (spec 001 §3 "Booking info response"). */
export interface BookingInfo {
  priv: { booking: boolean };
  /** Credits: the first BOOKING_DEPOSIT_MINUTES of One-on-One. */
  book_deposit: number;
  book_gift: { gift_list: BookingGift[] };
  book_time: BookingSlot[];
  /** The member's verified phone, or null. */
  book_phone: BookingPhone | null;
  /** Ours, broadcaster side: scheduled invitations left today. */
  quota_left?: number;
}

export interface SendBookingAnswer {
  invitation_id: string;
  left_credit: number;
}

export interface ScheduledInviteAnswer {
  invitation_id: string;
  /** The spec's answer names it both ways (001 §7 invitation_id, 000 §7 invite_id). */
  invite_id: string;
}

export type BookingStatus =
  | 'pending'
  | 'accepted'
  | 'declined'
  | 'cancelled'
  | 'expired'
  | 'noshow'
  | 'completed';

/** A booking as the pages list it. */
export interface BookingItem {
  invitation_id: string;
  /** 'request': the member asked; 'invite': the broadcaster invited. */
  kind: 'request' | 'invite';
  status: BookingStatus;
  anchor_id: string;
  anchor_nickname: string;
  anchor_avatar: string;
  user_id: string;
  user_nickname: string;
  user_avatar: string;
  book_time: number;
  giftid: string;
  gift_num: number;
  need_sms: 0 | 1;
  /** Credits charged (and refunded if the status says so). */
  deposit: number;
  created_at: number;
}

export interface ScheduleListData {
  list: BookingItem[];
  /** Schedule list counts (spec 002 §3): total, history, pending, scheduled. */
  counts: { total: number; history: number; pending: number; scheduled: number };
}

/** A booking tip (spec 002 §3). infoType, ours: 0 scheduled (confirmed), 1 her invitation,
 * 2 his request waiting, 3 declined, 4 cancelled, expired or no-show (refunded). */
export interface BookingTip {
  invitation_id: string;
  anchor_id: string;
  avatar_img: string;
  nick_name: string;
  infoType: 0 | 1 | 2 | 3 | 4;
  user_is_read: 0 | 1;
  description: string;
  book_timestamp: number;
}

/** imMan/bookingRequestNotice (to the broadcaster) and imShare/bookingChangedNotice (to either). */
export interface BookingEventData {
  booking: BookingItem;
}

/** A booking's id begins with this (a request's or an invitation's never does). */
export const BOOKING_ID_PREFIX = 'BK';
export const isBookingId = (id: string) => id.startsWith(BOOKING_ID_PREFIX);
