/**
 * The spec's limits and timings, once. Values the spec gives two readings for carry a note on
 * the reading we chose.
 */

/** Every call gives up after this long and reports a 408 (spec 000 §7, 002 §8). */
export const REQUEST_TIMEOUT_MS = 20_000;
/** The full-screen loading overlay offers Reload after this long (spec 001 §9: "20 s or 40 s"; we take 20). */
export const LOADING_OVERLAY_TIMEOUT_MS = 20_000;
/** The socket token is refreshed this often (spec 002 §9). */
export const TOKEN_REFRESH_MS = 20 * 60_000;
/** A socket token lives a little longer than the refresh period, so a refresh never races expiry. */
export const TOKEN_LIFETIME_S = 25 * 60;
/** Session cookies last 2 days (spec 000 §9: "session tracking keys and cookies last 2 days"). */
export const SESSION_LIFETIME_S = 2 * 24 * 3600;

/**
 * Login throttling. Failures are counted per account (the id as typed, known or not) and per
 * address over a sliding window. After LOGIN_FREE_FAILURES an account's next attempt waits 1 s,
 * doubling per failure up to LOGIN_MAX_DELAY_S; LOGIN_LOCK_FAILURES lock it until the window has
 * passed or its owner unlocks it with a code sent to his verified phone. An address is only slowed,
 * never locked, and only after far more failures (a spray of made-up ids), so neighbours behind one
 * proxy or NAT can still sign in. Failures from a browser that signed in to the account before
 * (its device cookie) are counted apart: a stranger's guesses never lock the owner out.
 */
export const LOGIN_FAILURE_WINDOW_S = 15 * 60;
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_DELAY_S = 60;
export const LOGIN_LOCK_FAILURES = 10;
export const LOGIN_ADDRESS_FREE_FAILURES = 100;
/** An address past its free failures may try once this often. */
export const LOGIN_ADDRESS_DELAY_S = 5;
/** Unlock codes: one per minute, five a lock, ten minutes of life, five wrong entries. */
export const UNLOCK_CODE_RETRY_S = 60;
export const UNLOCK_CODE_MAX_SENDS = 5;
export const UNLOCK_CODE_TTL_S = 10 * 60;
export const UNLOCK_CODE_MAX_FAILURES = 5;
export const UNLOCK_CODE_LENGTH = 6;
/** How long a browser stays known to an account after a good login. */
export const DEVICE_COOKIE_LIFETIME_S = 365 * 24 * 3600;
/** A socket that has not logged in this long after opening is closed, whatever it sends. */
export const SOCKET_LOGIN_DEADLINE_MS = 15_000;

/** The scroll-to-top button shows once the page is scrolled further than this (spec 002 §9). */
export const SCROLL_TOP_THRESHOLD_PX = 109;

/** Nicknames over 18 characters are cut to 15 plus an ellipsis (spec 002 §9). */
export const NICKNAME_MAX = 18;
export const NICKNAME_CUT = 15;

/** Discover (spec 002 §7, §9). */
export const FEATURED_ANCHOR_NUM = 5;
export const HOT_LIST_START = 0;
export const HOT_LIST_STEP = 7;
/** How many online broadcasters Discover shows at once; the spec leaves `num` open. */
export const ONLINE_LIST_NUM = 12;
/** getOnlineAnchorList `type`: all online, only live in a public room, only online outside a room. */
export const ONLINE_LIST_TYPE = { all: 0, live: 1, available: 2 } as const;

/** Badge caps (spec 002 §9): top menu '9+', notification bell '...' over 9, unread chat '99+'. */
export const MENU_BADGE_CAP = 9;
export const BELL_BADGE_CAP = 9;
export const CHAT_BADGE_CAP = 99;

/** Broadcaster online_status value that means online/visible (spec 002 §3). */
export const ONLINE_STATUS_ONLINE = 2;
export const ONLINE_STATUS_OFFLINE = 0;
/** room_type 1 or 3 is a public room one can watch (spec 002 §3). */
export const PUBLIC_ROOM_TYPES: readonly number[] = [1, 3];
/** room_type 3 is the premium public room; spec 002 §1: it costs 0.05 credits a minute. Kept here,
 * not in live/live.ts, so the cards that label it do not bring the live room's texts along. */
export const ROOM_TYPE_PREMIUM = 3;
export const PREMIUM_CREDIT_PER_MINUTE = 0.05;
/** anchor_type 2 is an honourable broadcaster with its own styling (spec 002 §2). */
export const ANCHOR_TYPE_HONOURABLE = 2;
/** account_status 3: the profile does not exist, was deleted or suspended (spec 002 §2). */
export const ACCOUNT_STATUS_SUSPENDED = 3;
/** birthday_tip: 1 upcoming, 2 today (spec 001 §3). */
export const BIRTHDAY_TIP = { none: 0, upcoming: 1, today: 2 } as const;

/** Validation caps of our own, for fields the spec leaves open. */
export const USERID_MAX_LENGTH = 32;
export const PASSWORD_MAX_LENGTH = 128;
export const LIST_STEP_MAX = 100;

/** Live-chat and private message length (spec 000 §5, 001 §9). */
export const MAX_PRIVATE_MESSAGE_LENGTH = 240;
/** A comment on a shot (sendPrivateMessage with dynamics_id): 140, not 240 (spec 001 §5, §9). */
export const MAX_SHOT_COMMENT_LENGTH = 140;

/** Show list statuses (spec 001 §4). */
export const SHOW_STATUS = { upcoming: 1, finished: 3, cancelled4: 4, cancelled: 5 } as const;
export const TICKET_STATUS = { none: 0, bought: 1, refunded: 2 } as const;

/** Socket timings (spec 001 §9). */
export const SOCKET_HEARTBEAT_MS = 12_000;
export const SOCKET_HEARTBEAT_TIMEOUT_MS = 10_000 + SOCKET_HEARTBEAT_MS;
export const SOCKET_RECONNECT_MS = 5_000;
export const SOCKET_REQUEST_TIMEOUT_MS = 8_000;
export const SOCKET_ID_RESET_AT = 10_000_000_000;
