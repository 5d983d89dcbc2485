/**
 * Live rooms: the calls that put a browser's media through the server's SFU, the room events, the
 * end statuses and their texts (spec 000 §4, §8; 002 §1, §9). The spec names no signalling calls:
 * ours sit under the spec's role prefixes and are marked. A viewer gets the server's offer and
 * answers it; a broadcaster going live sends her offer and gets the answer. ICE is not trickled:
 * each side gathers its candidates before it sends its description (fast on one network; TURN,
 * from configuration, for members behind NAT).
 */

import { ModerationText } from './room-moderation';

export const LiveApi = {
  /** Ours, TEST_CLOCK only (server/http/dev-tools.ts): his open visits' next minute falls due now. */
  devNextMinute: '/dev/live/nextMinute',
  /** Ours: a member opens a room (live.html#anchorid=…&type=…): the server's offer of its media. */
  watch: '/man/v1/live/watch',
  /** Ours: the member's answer to that offer; media flows once it is in. */
  answer: '/man/v1/live/answer',
  /** Ours: the member leaves the room. */
  leave: '/man/v1/live/leave',
  /** Ours: the STUN/TURN servers for a connection this browser offers (her camera, his camera). */
  iceServers: '/share/v1/live/iceServers',
  /** Ours: the broadcaster goes live in her public room with her camera (her offer, our answer). */
  goLive: '/lady/v1/live/start',
  /** Ours: she ends her broadcast; every viewer's connection closes at once. */
  endLive: '/lady/v1/live/end',
  /** Ours: in a One-on-One, the member turns his camera on for her (his offer, our answer)… */
  memberCamera: '/man/v1/live/camera',
  /** …and off. */
  memberCameraOff: '/man/v1/live/cameraOff',
  /** Ours: she joins a One-on-One a member has entered, with her camera. */
  joinPrivate: '/lady/v1/live/joinPrivate',
  /** Ours: she sees the member's camera in their One-on-One (the server's offer)… */
  watchMember: '/lady/v1/live/watchMember',
  /** …and answers it. */
  answerMember: '/lady/v1/live/answerMember',
  /** Ours: she ends a One-on-One. */
  leavePrivate: '/lady/v1/live/leavePrivate',
  /** Ours: her One-on-One going on now, if any (HerOneOnOne): her workspace rejoins it after a reload. */
  herOneOnOne: '/lady/v1/live/oneOnOne',
  /** Ours: who is watching her public room now, and what this broadcast has earned. */
  viewers: '/lady/v1/live/viewers',
  /** Ours: a line in the room's chat, from a member in the room… */
  memberChat: '/man/v1/live/chat',
  /** …or from her. */
  ladyChat: '/lady/v1/live/chat',
} as const;

/** The room's chat (spec 000 §3, §5): at most 240 characters, an emoji counting one. */
export const LIVE_CHAT_MAX = 240;
/** Spec 000 §3: the live-chat emoji codes in use; a code is written `[emo:N]` in the text. */
export const LIVE_CHAT_EMOJI: Readonly<Record<number, string>> = {
  0: '😀',
  1: '😂',
  2: '😊',
  3: '😍',
  4: '😘',
  5: '😉',
  6: '😎',
  10: '👍',
  13: '🌹',
  14: '❤️',
  15: '💋',
  16: '🎉',
};
export const LIVE_CHAT_EMOJI_TAG = /\[emo:(\d{1,2})\]/g;
export type ChatPart = { kind: 'text'; text: string } | { kind: 'emoji'; code: number };

/** A chat line as text and emoji; a tag naming no emoji in use stays text. */
export function chatParts(text: string): ChatPart[] {
  const parts: ChatPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LIVE_CHAT_EMOJI_TAG)) {
    const code = Number(match[1]);
    if (!(code in LIVE_CHAT_EMOJI)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'emoji', code });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

export const chatLength = (text: string) =>
  chatParts(text).reduce((n, part) => n + (part.kind === 'emoji' ? 1 : [...part.text].length), 0);

/** imShare/liveRoomChatNotice req_data (ours): a line said in the room, filtered by the server. */
export interface RoomChatLine {
  room_id: string;
  from_id: string;
  nickname: string;
  text: string;
  /** Seconds. */
  at: number;
}

/** Ours: the room's chat lines go to everyone in it. */
export const ROOM_CHAT_EVENT = 'imShare/liveRoomChatNotice';

/** How often her workspace asks who is watching while she is live. */
export const VIEWERS_REFRESH_MS = 5_000;

export interface ViewersAnswer {
  room_id: string;
  viewers: { user_id: string; nickname: string; photourl: string }[];
  /** Credits the members' minutes in this broadcast have paid. */
  earned: number;
}

/** Ours: what a broadcaster's workspace hears of her One-on-One rooms. */
export const LiveEvent = {
  /** A member entered a One-on-One with her: OneOnOneNotice. */
  memberEntered: 'imLady/oneOnOneEnterNotice',
  /** He turned his camera on or off: OneOnOneNotice with camera. */
  memberCamera: 'imLady/oneOnOneCameraNotice',
  /** He left, or the room ended (lack of credit): OneOnOneNotice with status. */
  memberLeft: 'imLady/oneOnOneLeaveNotice',
  /** Ours: a minute of his room was paid: RoomSpentNotice, with his balance after it. */
  roomSpent: 'imMan/roomSpentNotice',
  /** Ours: her connection in his One-on-One went (away 1: she is reconnecting, his minutes pause)
   * or came back (away 0): AnchorAwayNotice. */
  anchorAway: 'imMan/oneOnOneAnchorAwayNotice',
} as const;

export interface AnchorAwayNotice {
  room_id: string;
  anchor_id: string;
  away: 0 | 1;
}

/**
 * Spec 000 §4: the statuses a broadcaster's One-on-One resumes in after a reload. '' is none;
 * living: she was in it (or is reconnecting within the grace); waitingUserConfirm: a member waits for her.
 */
export type AnchorResumeStatus = 'living' | 'waitingUserConfirm' | '';

/** Her One-on-One now (LiveApi.herOneOnOne): what her workspace needs to bring her back into it. */
export interface HerOneOnOne {
  status: AnchorResumeStatus;
  room?: OneOnOneNotice;
}

/**
 * What his visit to a paid room has cost so far, from the ledger: its paid minutes, and the hold or
 * deposit that paid ahead when this is the room's first visit. Sent with the balance after the
 * same charge, so the room's "Spent" and the header's balance move together.
 */
export interface RoomSpentNotice {
  room_id: string;
  spent: number;
  /** His balance after the charge; absent when nothing was charged now (a hold paid the minute). */
  credit?: number;
}

export interface OneOnOneNotice {
  room_id: string;
  user_id: string;
  nickname: string;
  photourl: string;
  /** memberCamera: 1 on, 0 off. */
  camera?: 0 | 1;
  /** memberLeft: why. */
  status?: string;
}

/** Room types (spec 002 §4): 1 and 3 are public rooms (3 the premium one), 2 and 4 private. */
export const ROOM_TYPE_PUBLIC = 1;
export { PREMIUM_CREDIT_PER_MINUTE, ROOM_TYPE_PREMIUM } from '../constants';
/** Spec 002 §1: a premium public room holds at most 6 viewers (and costs PREMIUM_CREDIT_PER_MINUTE). */
export const PREMIUM_ROOM_VIEWERS = 6;
/** A started minute is paid at its start. */
export const BILLING_MINUTE_MS = 60_000;
/** Spec 001 §8: 10080 warns that the credit will soon lack; 10089 is the lack-credit status. */
export const LiveErrno = {
  CREDIT_WILL_LACK: 10080,
  LACK_CREDIT: 10089,
  ROOM_FULL: 10097,
  /** Ours (10700-10719): a paid public room is entered only once its price was shown (price_ok=1). */
  PRICE_NOT_CONFIRMED: 10700,
  /** Ours (10810-10814): her invitation's One-on-One was held and has ended; it opens once. */
  INVITATION_USED: 10810,
  /** Ours (10830-10834): the process holding this seat's media handle is gone (scale-out with Janus). */
  SEAT_OWNER_GONE: 10830,
} as const;

/**
 * 10700's data: what entering would cost, for the confirmation. A broadcast voucher pays first
 * (`voucher`: 1 when one of his would pay the first `voucher_minutes`), then credits.
 */
export interface RoomPrice {
  room_type: number;
  credit_per_minute: number;
  voucher: 0 | 1;
  voucher_minutes: number;
}

/** live.html's room types (spec 001 §2): the hash's `type`. */
export const LIVE_TYPES = ['public', 'private'] as const;
export type LiveType = (typeof LIVE_TYPES)[number];

export interface IceServerInfo {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface WatchAnswer {
  room_id: string;
  room_type: number;
  /** What a started minute costs him here (0 in a free room). */
  credit_per_minute: number;
  /** Minutes already paid (a booking's deposit, an accepted request's hold, a voucher). */
  prepaid_minutes: number;
  /** 1 when a broadcast voucher pays his first minutes here (ours). */
  voucher: 0 | 1;
  /** 1 while she has not joined (a One-on-One): her picture comes when she does. */
  waiting: 0 | 1;
  viewer_id: string;
  /** The server's offer. */
  sdp: string;
  ice_servers: IceServerInfo[];
  anchor: { anchor_id: string; nickname: string; photourl: string };
}

/**
 * live/answer's data (ours): his balance once the room has charged what it charges on entry, and
 * whether it is under a minute of One-on-One in a paid room. The header reads it here because the
 * creditNotice of that charge can come before his socket has signed in.
 */
export interface RoomAnswered {
  credit: number;
  low_credit: 0 | 1;
  /** Ours: what this visit has cost so far (RoomSpentNotice's figure). */
  spent: number;
}

export interface MemberWatchAnswer {
  viewer_id: string;
  sdp: string;
  ice_servers: IceServerInfo[];
}

export interface JoinPrivateAnswer {
  sdp: string;
  user_id: string;
  nickname: string;
}

export interface GoLiveAnswer {
  room_id: string;
  sdp: string;
  ice_servers: IceServerInfo[];
}

/** roomCloseNoticeAll req_data (spec 001 §7: the member's room closed, with why). */
export interface RoomCloseNotice {
  room_id: string;
  anchor_id: string;
  status: ManEndStatus;
}

/**
 * The member's end statuses (spec 000 §4), with two of the anchor's list: lackCredit (his next
 * minute cannot be paid) and willPrivate (her public room closes as she goes into a One-on-One).
 */
export const MAN_END_STATUSES = [
  'lackCredit',
  'willPrivate',
  'end',
  'sameRoom',
  'common',
  'loading',
  'endNoStart',
  'loginKicked',
  'noPower',
  'idNoRight',
  // Ours: she removed or banned him (protocol/live/room-moderation.ts).
  'removed',
  'banned',
] as const;
export type ManEndStatus = (typeof MAN_END_STATUSES)[number];

/** What a member reads when his room ends. The spec gives the fullRoom and badNetwork texts; the rest are ours. */
export const LiveText = {
  end: 'The broadcast has ended. Thank you for watching!',
  sameRoom: 'You are watching this room in another window.',
  common: 'The broadcast has stopped.',
  loading: 'Connecting to the broadcast…',
  endNoStart: 'The broadcast did not start.',
  loginKicked: 'You signed in somewhere else, so this room closed here.',
  noPower: 'You cannot enter this room.',
  invitationUsed: 'This invitation was already used: its One-on-One has ended.',
  /** A connection whose media did not arrive in time is being opened again (rtc.ts). */
  videoReconnecting: 'Reconnecting video…',
  videoFailed: 'The video could not be received. Check your connection, then try again.',
  /** His One-on-One while her connection comes back (AnchorAwayNotice). */
  anchorReconnecting: 'She is reconnecting… Your minutes are paused.',
  idNoRight: 'Your account cannot watch this broadcast.',
  removed: ModerationText.removed,
  banned: ModerationText.closedBanned,
  fullRoom: 'Your broadcast room is full. Please try again later.',
  twoVideo: 'Could not start 2-way video. Please try again later.',
  badNetwork: 'Trouble connecting to the server. Please try again later.',
  notLive: 'This broadcaster is not live now.',
  noRtc:
    'This browser cannot play live video. Please open Glimmer in a recent Chrome, Edge, Firefox or Safari.',
  lackCredit: 'Your credit has run out, so the room has closed. Add credit to come back.',
  creditWillLack: 'Your credit is running low: the room closes when the next minute cannot be paid.',
  waitingAnchor: 'Waiting for her to join…',
  waitingShow: 'Waiting for her to start the show…',
  noTicket: 'You need a ticket to watch this show.',
  showNotYet: 'The show has not started yet. Watch Now opens a minute before its start.',
  showOver: 'This show is over.',
  priceNotConfirmed: 'This room is paid: confirm its price to enter.',
  chatTooLong: `A message can be at most ${LIVE_CHAT_MAX} characters.`,
  willPrivate: 'She has gone into a One-on-One, so her public room has closed.',
  memberLeft: 'He has left the One-on-One.',
  broadcastStopped: 'Your broadcast has stopped. Go live again when you are ready.',
  noCamera:
    'Your camera could not be started. Check that no other app is using it and that Glimmer may use it.',
} as const;
