/**
 * The notification centre and the invitations' manners (ours; the spec gives the bubbles' own rules
 * in 000 §4-§6, 001 §4 and 002 §4, which stay as they are). Decisions written down here and in
 * docs/api.md "Notification centre":
 * - A frequency cap per member (INVITE_CAP): at most 3 bubbles shown a minute; after each bubble he
 *   ignored (it expired, or he closed it with x) the window doubles (3 per 2, 4, 8, then 16 min);
 *   a tap on a bubble's button resets it. More wait (their lifetimes run) and stay in the centre.
 *   The server's two automatic engines share the same cap per member (there "ignored" means: an
 *   earlier automatic invitation sent while he stayed idle), so a new member gets at most 3 a minute.
 * - Do not disturb: for DND_MS (an hour) from the bubble's button. Stored server-side per member
 *   (every tab and device honours it, pushed to his other sockets); the automatic engines send
 *   nothing meanwhile; a broadcaster's own invitation still arrives but goes to the centre, not to
 *   a bubble.
 * - Read once on every device: the centre's entries carry a key (`invite:<id>`, `mail:<id>`, ...);
 *   reading them stores the keys server-side and pushes them to his other sockets.
 */

export const NoticeApi = {
  /** {} → NoticeList: the centre's entries, newest first, each with its read mark, and quiet_until. */
  list: '/pman/notice/api/getNoticeList',
  /** {minutes: 0 | 60} → {quiet_until}: do not disturb for an hour (0 ends it). */
  quiet: '/pman/notice/api/setNoticeQuiet',
  /** {keys: "k1,k2"} → {keys}: these centre entries are read (on every device). */
  read: '/pman/notice/api/markNoticeRead',
} as const;

export const NoticeEvent = {
  /** To the member's sockets: {quiet_until} changed. */
  quiet: 'imMan/noticeQuietNotice',
  /** To the member's sockets: {keys} were read on one of his devices. */
  read: 'imMan/noticeReadNotice',
} as const;

/** Do not disturb lasts an hour. */
export const DND_MS = 60 * 60_000;
/** At most this many keys in one markNoticeRead. */
export const MAX_READ_KEYS = 100;

/**
 * The bubbles' frequency cap per member: at most `perWindow` in a window of `windowMs`, the window
 * doubling after each ignored one (4 ignored in a row: 3 per 16 min), back to a minute on any tap.
 */
export const INVITE_CAP = {
  perWindow: 3,
  windowMs: 60_000,
  backoffFactor: 2,
  maxIgnored: 4,
} as const;

/** The cap's window after `ignored` ignored bubbles in a row (scaled by `speed` in demos/tests). */
export const capWindowMs = (ignored: number, speed = 1) =>
  (INVITE_CAP.windowMs * INVITE_CAP.backoffFactor ** Math.min(INVITE_CAP.maxIgnored, Math.max(0, ignored))) /
  speed;

/** Whether one more may show now, given when the last ones showed (ms). */
export function capAllows(shownAt: readonly number[], ignored: number, now: number, speed = 1): boolean {
  const window = capWindowMs(ignored, speed);
  return shownAt.filter((at) => now - at < window).length < INVITE_CAP.perWindow;
}

/** What the centre lists: invitations (the last day), mail, unread messages, answered bookings, shows. */
export type NoticeKind = 'invite' | 'mail' | 'message' | 'booking' | 'show';

export interface NoticeItem {
  /** `<kind>:<id>`: read once on every device. */
  key: string;
  kind: NoticeKind;
  /** invite: the invitation's kind (instant, public, scheduled, hangout, auto_public, auto_private,
   *  livechat); mail: emf | loi; booking: accepted | declined; show: its title. */
  detail: string;
  /** The mail's emf_id, the booking's id, the show's live_show_id ('' otherwise). */
  ref: string;
  anchor_id: string;
  nick_name: string;
  photourl: string;
  /** Seconds since the epoch. */
  at: number;
  read: 0 | 1;
}

export interface NoticeList {
  list: NoticeItem[];
  /** Seconds since the epoch; 0 when he may be disturbed. */
  quiet_until: number;
}

/** The centre lists at most this many entries. */
export const NOTICE_LIST_MAX = 50;

export const NoticeText = {
  title: 'Notifications',
  quiet: 'Do not disturb for an hour',
  quietOn: (until: string) => `Do not disturb until ${until}`,
  quietOff: 'Turn invitations back on',
  more: (n: number) => `+${n} more`,
  markAllRead: 'Mark all as read',
  empty: 'Nothing new. Invitations, mail, messages, bookings and show reminders show here.',
  robotAway: 'She is away from her screen now. Chat Now to see if she is back.',
  freeChat: 'Free chat',
} as const;
