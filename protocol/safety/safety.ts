/**
 * Safety (ours; the spec has no calls for it): a member blocks a broadcaster, or reports her to the
 * trust team. Decisions where the spec is silent, written down here (and in docs/api.md "Safety"):
 * - A block is his alone and silent to her. While he blocks her, none of her invitations reach him
 *   (room, automatic and robot, live-chat, One-on-One instant and scheduled): each answers her as if
 *   sent, as the live-chat invitation block does; her private messages to him are dropped (her send
 *   answers as if sent, msg_id 0, nothing is stored or delivered); she is left out of his Discover
 *   lists, search, recommendations and the lists around a profile. Her profile still opens for him
 *   and says he blocked her, with Unblock.
 * - A full block includes her live-chat invitations; the lighter live-chat invitation block
 *   (protocol/livechat/livechat-invites.ts) stays as it was and lists only what it blocked.
 * - He cannot write to a broadcaster he blocks (SafetyErrno.YOU_BLOCKED) until he unblocks her.
 * - A report names one of SAFETY_REASONS and optional text (up to REPORT_TEXT_MAX); one open report
 *   per member and broadcaster: another while it is open answers SafetyErrno.ALREADY_REPORTED.
 *   Once the trust team marks it handled, he may report her again.
 * - Operators with the `trust` role read open reports, newest first, and mark one handled with an
 *   optional note.
 */

export const SAFETY_REASONS = ['fake', 'offensive', 'money', 'underage', 'other'] as const;
export type SafetyReason = (typeof SAFETY_REASONS)[number];
export const SAFETY_REASON_LABELS: Record<SafetyReason, string> = {
  fake: 'Fake profile',
  offensive: 'Offensive behaviour',
  money: 'Asked for money or contact outside Glimmer',
  underage: 'May be under 18',
  other: 'Something else',
};

/** The report's own words, at most. */
export const REPORT_TEXT_MAX = 500;
/** The operator's note when marking a report handled, at most. */
export const REPORT_NOTE_MAX = 500;
/** The trust team's list, at most. */
export const REPORT_LIST_MAX = 200;

export const SafetyApi = {
  /** Ours: he blocks (1) or unblocks (0) a broadcaster {anchor_id, block} → {anchor_id, block}. */
  block: '/pman/safety/api/setBlock',
  /** Ours: the broadcasters he blocks, newest first → {list: BlockedAnchor[]}. */
  blockList: '/pman/safety/api/getBlockList',
  /** Ours: where he stands with her {anchor_id} → SafetyStatus. */
  status: '/pman/safety/api/getStatus',
  /** Ours: he reports her {anchor_id, reason, text?} → {report_id}. */
  report: '/pman/safety/api/report',
  /** Ours, operator `trust`: open reports, newest first → {list: SafetyReport[]}. */
  operatorReports: '/operator/v1/safety/reports',
  /** Ours, operator `trust`: mark one handled {report_id, note?} → {report_id, status}. */
  operatorHandle: '/operator/v1/safety/handle',
} as const;

export const SafetyErrno = {
  /** Ours: his report about her is still open. */
  ALREADY_REPORTED: 10740,
  /** Ours: he writes to a broadcaster he blocks. */
  YOU_BLOCKED: 10741,
  /** Ours: the report was already marked handled. */
  REPORT_HANDLED: 10742,
} as const;

export const SafetyText = {
  alreadyReported: 'We already received your report about her. Our team is looking into it.',
  youBlocked: 'You blocked her. Unblock her to write to her again.',
  reportHandled: 'This report was already marked handled.',
  reportNotFound: 'This report could not be found.',
  reported: 'Thank you. Your report was sent to our team.',
  blockedTitle: 'Blocked broadcasters',
  blockedNone: 'You have not blocked anyone.',
  /** What a block does, said before he confirms it. */
  blockExplains:
    'Her invitations and messages will no longer reach you, and she will not appear in your lists or searches. She is not told.',
  blockedNotice: 'You blocked her. Her invitations and messages do not reach you.',
} as const;

/** One broadcaster he blocks (SafetyApi.blockList). */
export interface BlockedAnchor {
  anchor_id: string;
  nick_name: string;
  photourl: string;
  /** When he blocked her, seconds since the epoch. */
  time: number;
}

export interface SafetyStatus {
  anchor_id: string;
  blocked: 0 | 1;
  /** 1 while a report of his about her is open. */
  reported: 0 | 1;
}

/** One report as the trust team reads it. */
export interface SafetyReport {
  report_id: number;
  member_id: string;
  member_nickname: string;
  anchor_id: string;
  anchor_nickname: string;
  reason: SafetyReason;
  text: string;
  /** Seconds since the epoch. */
  time: number;
  status: 'open' | 'handled';
}
