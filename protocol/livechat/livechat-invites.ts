/**
 * The live-chat engine's invitations (spec 002 §3, §4, §6, §7, §9; 001 §2, §4): a broadcaster
 * invites an online member to chat (chat 0) or to her camera chat (cam 1), by hand from her
 * workspace or through the automatic engine, and the member sees a livechatnotice bubble with
 * Chat Now. Decisions where the spec is silent, written down here (and in docs/api.md "Live chat"):
 * - Invitations travel as the event LiveChatInviteEvent.invite on the one realtime channel; its data
 *   carries the notification item's fields (anchor_id, nick_name, photourl, invite_id, msg, free,
 *   robot, weights, left_seconds, is_auto) and the spec's invite fields (inviteId, charge, response,
 *   msg, msgType, inviteType, automaticInvite, robot, free), plus `contact` (ours).
 * - A contact is a broadcaster he has chatted with before (any chat of the pair).
 * - The engine's pace (idle 10 s, 16–30 s, [5,3,5] with [50,25,50] s, the used list) is the spec's,
 *   shared with the room invitations' engine: protocol/realtime.ts AUTO_INVITE.
 * - A robot invite is an automatic one from a broadcaster not at her workspace (no socket); the
 *   engine invites from broadcasters at their workspace first and fills in with robots.
 * - "The 8th invite triggers a cycle for chat and the 4th for contact, within 20 s windows": each
 *   kind counts its arrivals in a 20 s window opened by the first; the 8th chat (4th contact)
 *   arrival cycles the screen: the oldest bubble goes and the newcomer takes its place even when 3
 *   are shown, and that kind's window starts again. Other arrivals over the cap wait, higher score
 *   (weights) first, and take a place when one frees.
 * - Blocking: a member blocks a broadcaster's invitations; hers are then ignored (not stored as
 *   sent, never delivered), and her hand invite answers as if sent so the block is not revealed.
 */
import { INVITE_TYPE_CAM } from './livechat';

export const LiveChatInviteApi = {
  /** Ours: a broadcaster invites an online member {user_id, invite_type 0|1} → {inviteId}. */
  invite: '/lady/v1/liveChatInviteUser',
  /** Ours: a member blocks (1) or unblocks (0) a broadcaster's invitations {anchor_id, block}. */
  block: '/pman/livechat/api/setInviteBlock',
  /** Ours: the broadcasters whose invitations he blocked → {list: [{anchor_id, nick_name, photourl}]}. */
  blockList: '/pman/livechat/api/getInviteBlockList',
} as const;

export const LiveChatInviteEvent = {
  /** To the member: an invitation (LiveChatInviteNotice), a livechatnotice bubble. */
  invite: 'imMan/liveChatInviteNotice',
} as const;

/** Ours: refusals of a broadcaster's invite, in the live-chat errno gap. */
export const LiveChatInviteErrno = {
  /** She invited him less than LIVECHAT_INVITE.sameAnchorMs ago. */
  TOO_SOON: 18106,
  /** He is not online now. */
  MEMBER_OFFLINE: 18107,
  /** His livechat_accept is off: he takes no invitations. */
  MEMBER_REFUSES: 18108,
  /** She is shown offline: he could not start the chat her invitation offers. */
  ANCHOR_SHOWN_OFFLINE: 18109,
} as const;

export const LiveChatInviteText = {
  tooSoon: 'You invited him less than 10 minutes ago.',
  memberOffline: 'He is not online now.',
  memberRefuses: 'He is not taking live chat invitations.',
  anchorShownOffline: 'You are shown offline, so members cannot chat with you now.',
  invited: 'Invited to chat',
  /** Her workspace's cam invite (cam 1), sent. */
  camInvited: 'Invited to camera chat',
  /** His bubble, under her message, when the invitation is to her camera chat. */
  camInvite: 'An invitation to her camera chat.',
  /** A robot's bubble when she did leave him a message (left_msg 1: an unread private message). */
  robot: 'She left a message for you. Chat Now to see if she is back.',
  /** A robot's bubble otherwise: only what is true. */
  robotAway: 'She is away from her screen now. Chat Now to see if she is back.',
  blockedTitle: 'Blocked invitations',
  blockedNone: "You have not blocked anyone's invitations.",
} as const;

/** One broadcaster whose invitations he blocks (LiveChatInviteApi.blockList). */
export interface InviteBlock {
  anchor_id: string;
  nick_name: string;
  photourl: string;
}

/** An invitation to her camera chat (spec 002 §3 inviteType cam 1) rather than to chat (0). */
export const isCamInvite = (notice: object) =>
  (notice as { inviteType?: unknown }).inviteType === INVITE_TYPE_CAM;

/** Spec 002 §9 "Live-chat engine", spec 001 §4: the bubbles' rules. */
export const LIVECHAT_INVITE = {
  /** Display time of a chat invite (non-contact). */
  displayMs: 45_000,
  /** Display time of a contact's invite, and of a robot's chat invite. */
  contactDisplayMs: 60_000,
  robotDisplayMs: 60_000,
  /** At most this many livechat bubbles on screen. */
  maxShown: 3,
  /** The Nth arrival of a kind within the window cycles the screen. */
  chatCycleAt: 8,
  contactCycleAt: 4,
  cycleWindowMs: 20_000,
  /** The same broadcaster is not reshown (client) nor re-invited (server) within 10 minutes. */
  sameAnchorMs: 10 * 60_000,
  /** A short tone (Web Audio) when a bubble shows. */
  soundHz: 880,
  soundMs: 180,
} as const;

/** Spec 002 §3 invite fields plus the notification item's (spec 001 §3). */
export interface LiveChatInviteNotice {
  anchor_id: string;
  nick_name: string;
  photourl: string;
  invite_id: string;
  left_seconds: number;
  weights: number;
  is_auto: 0 | 1;
  /** Ours: 1 when she is one of his chat contacts (a chat of the pair before). */
  contact: 0 | 1;
  inviteId: string;
  charge: 0 | 1;
  response: 0 | 1;
  msg: string;
  msgType: number;
  inviteType: number;
  automaticInvite: 0 | 1;
  robot: 0 | 1;
  free: 0 | 1;
  /** Ours: 1 when she has left him a message he has not read (a robot's bubble says so only then). */
  left_msg?: 0 | 1;
}

/** Lifetime of an invite (seconds): contacts and robots 60 s, else 45 s. */
export const inviteLifetimeS = (contact: boolean, robot: boolean) =>
  (contact || robot ? LIVECHAT_INVITE.contactDisplayMs : LIVECHAT_INVITE.displayMs) / 1000;

/**
 * Spec 002 §6: both flags 0 blocks all, accept 0 blocks incoming; so an invitation reaches him
 * exactly when his livechat_accept is on (send alone only lets him start chats).
 */
export const takesInvites = (flags: { livechatAccept: boolean }) => flags.livechatAccept;
