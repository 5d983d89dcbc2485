/**
 * Moderation of her live rooms (ours; the spec has none). Decisions written down here (and in
 * docs/api.md "Room moderation"):
 * - She moderates her own rooms only: her public or premium room, her show room and her One-on-Ones.
 *   Every call acts on the caller's rooms, so nobody else can moderate them.
 * - Mute: his lines in her rooms' chat are refused (MUTED) until she unmutes him or her broadcast
 *   ends. He stays in the room.
 * - Remove: his seat in her rooms closes at once with the room-close status `removed`; he may come back.
 * - Ban for this broadcast (`session`) or for good (`forever`): his seat closes at once (`banned`), he
 *   cannot enter any of her rooms (BANNED_SESSION / BANNED), open a live chat with her or ask her
 *   for a One-on-One (the same errno).
 *   A session ban and a mute end when she ends her broadcast with End, or after
 *   SESSION_MODERATION_HOURS whatever happens; a ban for good lasts until she lifts it.
 * - Slow mode: one line per SLOW_MODE_SECONDS[i] seconds per member in her rooms' chat. Whatever the
 *   slow mode, a member says at most FLOOD_LINES lines in FLOOD_WINDOW_MS (FLOOD: "Slow down").
 */

export const RoomModerationApi = {
  /** Ours: she mutes (1) or unmutes (0) a member {user_id, mute} → ModerationAnswer. */
  mute: '/lady/v1/live/mute',
  /** Ours: she removes a member from her rooms now {user_id} → ModerationAnswer. */
  remove: '/lady/v1/live/remove',
  /** Ours: she bans a member {user_id, scope} → ModerationAnswer; his seat closes at once. */
  ban: '/lady/v1/live/ban',
  /** Ours: she lifts her ban of a member {user_id} → ModerationAnswer. */
  unban: '/lady/v1/live/unban',
  /** Ours: her slow mode {seconds} (one of SLOW_MODE_SECONDS) → {slow_seconds}. */
  slowMode: '/lady/v1/live/slowMode',
  /** Ours: her rooms' moderation: slow mode, who is muted, her bans → HerModeration. */
  mine: '/lady/v1/live/moderation',
  /** Ours: where he stands in her rooms {anchor_id} → HisModeration. */
  his: '/man/v1/live/moderation',
} as const;

export const BAN_SCOPES = ['session', 'forever'] as const;
export type BanScope = (typeof BAN_SCOPES)[number];

/** The slow-mode choices, in seconds between one member's lines (0: off). */
export const SLOW_MODE_SECONDS = [0, 5, 10, 30] as const;
export type SlowModeSeconds = (typeof SLOW_MODE_SECONDS)[number];

/** Flood limit, always on: at most this many lines per member… */
export const FLOOD_LINES = 3;
/** …in this window. */
export const FLOOD_WINDOW_MS = 2_000;
/** A mute or a session ban she never ended with End lapses after this long. */
export const SESSION_MODERATION_HOURS = 12;
/** Her list of bans, at most (newest first). */
export const BAN_LIST_MAX = 200;

/** Ours (10815-10829). */
export const ModerationErrno = {
  /** He is muted in her rooms' chat. */
  MUTED: 10815,
  /** Slow mode: his next line is not due yet. */
  SLOW_MODE: 10816,
  /** Flood limit: too many lines too fast. */
  FLOOD: 10817,
  /** He is banned from her rooms for this broadcast. */
  BANNED_SESSION: 10818,
  /** He is banned from her rooms and her live chat until she lifts it. */
  BANNED: 10819,
  /** She tried to moderate herself or another broadcaster. */
  NOT_A_MEMBER: 10820,
} as const;

export const ModerationText = {
  muted: 'She has muted you: your messages are not shown in her room.',
  slowMode: (seconds: number) => `Slow mode is on: one message every ${seconds} seconds. Please wait.`,
  flood: 'Slow down: you are sending messages too fast.',
  bannedSession: 'She has banned you from her room for this broadcast.',
  banned: 'She has banned you from her rooms and her live chat.',
  notAMember: 'Only members can be muted, removed or banned.',
  /** Room-close texts (RoomCloseNotice status `removed`, `banned`). */
  removed: 'She has removed you from her room. You can come back later.',
  closedBanned: 'She has banned you from her room.',
  /** Her One-on-One panel when she removed or banned him. */
  oneOnOneEnded: 'You removed him, so the One-on-One has ended.',
  /** His room's chat, under the input. */
  slowNote: (seconds: number) => `Slow mode: one message every ${seconds} seconds.`,
} as const;

export interface ModerationAnswer {
  user_id: string;
  muted: 0 | 1;
  /** '' when not banned. */
  ban: BanScope | '';
}

export interface RoomBan {
  user_id: string;
  nickname: string;
  photourl: string;
  scope: BanScope;
  /** Seconds. */
  time: number;
}

export interface HerModeration {
  slow_seconds: number;
  muted: string[];
  bans: RoomBan[];
}

export interface HisModeration {
  anchor_id: string;
  muted: 0 | 1;
  slow_seconds: number;
}

/** Ours: he is told at once when she mutes or unmutes him, or changes slow mode (to everyone in her room). */
export const MODERATION_EVENT = 'imMan/roomModerationNotice';
export interface ModerationNotice {
  anchor_id: string;
  muted?: 0 | 1;
  slow_seconds?: number;
}
