/**
 * Live chat ("Chat Now"): a real-time text chat between a member and a broadcaster, billed by the
 * minute (spec 000 §2, §5, §9; 001 §3, §8; 002 §3, §4, §6, §7, §9). The spec's live-chat engine
 * has its own numbered socket; here its commands run over Glimmer's realtime channel as routes
 * (LiveChatRoute: login 9, user info 10, heartbeat 911), and the rest is ours in the same style.
 *
 * Decisions where the spec is silent, written down here (and in docs/api.md "Live chat"):
 * - The price per minute comes from the money config keys (spec 002 §3):
 *   timer_silver_private: a free (silver) member's private text chat, 0.20 credits a minute;
 *   timer_gold_private: a paid (gold) member's private text chat, 0.15 credits a minute;
 *   timer_gold_public: a paid member's chat while her camera is on for him (invite type cam 1,
 *   the later slice), 0.10 credits a minute. A silver member has no public rate: he pays private.
 * - Each started minute is paid at its start, in this order: his free chat ticket (one pays the
 *   first LIVECHAT_TICKET_MINUTES of a chat), a chat voucher (one pays LIVECHAT_VOUCHER_MINUTES),
 *   one chat minute (paid members' packages; one pays one minute at any rate), then credits at the
 *   rate. Keyed by chat and minute, so each minute is paid once however many processes tick.
 * - Nothing left to pay the next minute: the member is told -4 and the chat ends.
 * - Lines are kept per member and broadcaster (every chat of the pair), so history reaches back
 *   beyond the chat on screen; the screen holds the last LIVECHAT_BUFFER of them.
 */
import { toHundredths } from '../money';

export const LiveChatApi = {
  /** Ours: a member starts a chat with an online broadcaster {anchor_id} → LiveChatSession. */
  start: '/pman/livechat/api/startChat',
  /** Ours: either side ends a chat {chat_id} → LiveChatSession. */
  end: '/pman/livechat/api/endChat',
  /** Ours: older lines of the pair {with_id, before_id?, step} → {list: LiveChatLine[]}. */
  history: '/pman/livechat/api/getChatHistory',
  /** Ours: the caller's open chats and the ones ended in the last 10 minutes → {list}. */
  chatList: '/pman/livechat/api/getChatList',
  /** Ours: the member's chat contacts side panel data → {list: LiveChatContact[]}. */
  contacts: '/pman/livechat/api/getChatContacts',
  /**
   * Spec 002 §7 (GET): `?action=check_ticket&womanid&servertype=0` → CheckTicketAnswer; spec 001 §7
   * (POST, form start/step/from): `?action=getChatVoucherList` → ChatVoucherListAnswer. One path,
   * told apart by action (sent in the query, or in the form by our client).
   */
  setStatus: '/pman/livechat/setStatus/',
  /** Spec 002 §7 {anchor_id}: the invite she shows him when he opens her chat → LiveChatInvite. */
  showInvite: '/pman/autoInvite/LiveChat/showInvite',
  /** Ours, development tools only: a chat's clock moves one minute on (demos and the e2e story). */
  devNextMinute: '/dev/livechat/nextMinute',
} as const;

/** Client → server socket requests. The engine's numbered commands are named in comments. */
export const LiveChatRoute = {
  /** Engine command 9 (login): the caller's open chats → {list: LiveChatSession[]}. */
  login: 'imLiveChat/login',
  /** Engine command 10 (user info) {userid} → LiveChatUser. */
  userInfo: 'imLiveChat/getUserInfo',
  /** Engine command 911 (heartbeat), every LIVECHAT_HEARTBEAT_MS while a chat is open → {list}. */
  heartbeat: 'imLiveChat/heartbeat',
  /** Ours: a line {chat_id, content, msg_key} → LiveChatLine (as stored, filtered). */
  sendMessage: 'imLiveChat/sendMessage',
  /** Ours: {chat_id, typing 0|1} → {}. */
  typing: 'imLiveChat/typing',
  /** Ours: {chat_id, msg_id} the newest line read → {}. */
  read: 'imLiveChat/read',
} as const;

/** Server → client events. */
export const LiveChatEvent = {
  /** A line in a chat (both sides, every tab): LiveChatLine. */
  message: 'imShare/liveChatMessageNotice',
  /** The other side is typing or stopped: LiveChatTypingNotice. */
  typing: 'imShare/liveChatTypingNotice',
  /** The other side read up to a line: LiveChatReadNotice. */
  read: 'imShare/liveChatReadNotice',
  /** A chat started or ended: LiveChatSession (end_code says why it ended). */
  status: 'imShare/liveChatStatusNotice',
  /** To the member: a minute was paid (LiveChatChargeNotice). */
  charge: 'imMan/liveChatChargeNotice',
} as const;

/** Spec 001 §8 live-chat system codes, answered as errno and carried as end_code. */
export const LiveChatCode = {
  /** She went (or is) offline. */
  OFFLINE: -2,
  /** He cannot pay: the credit is refreshed and the no-money prompt shows. */
  NO_MONEY: -4,
  /** The engine's login failed ('Login ID or Password is incorrect.', logged only). */
  LOGIN_FAILED: -7,
} as const;

/** Ours: why else a chat ends (end_code). */
export const LiveChatEnd = {
  /** Still open. */
  OPEN: 0,
  /** The member ended it. */
  BY_MEMBER: 1,
  /** The broadcaster ended it. */
  BY_ANCHOR: 2,
  /** Nobody's window heard for LIVECHAT_IDLE_END_MS (both sides gone). */
  IDLE: 3,
} as const;

/** Ours: other refusals of a start, in the errno gaps. */
export const LiveChatErrno = {
  /** His livechat_send flag is off: he does not start chats. */
  SEND_OFF: 18101,
  /** Her livechat_accept flag is off: she takes no chats. */
  ANCHOR_REFUSES: 18102,
  /** No such chat, or not the caller's, or it has ended. */
  NO_CHAT: 18103,
  /** The line is longer than LIVECHAT_MESSAGE_MAX. */
  TOO_LONG: 18104,
  /** An empty line. */
  EMPTY: 18105,
} as const;

export const LiveChatText = {
  offline: 'She is offline now. Send her a mail and she will answer when she is back.',
  noMoney: 'You have no credits left to keep chatting. Add credits to chat again.',
  loginFailed: 'Login ID or Password is incorrect.',
  sendOff: 'Live chat is turned off in your settings.',
  anchorRefuses: 'She is not taking live chats at the moment.',
  noChat: 'This chat has ended.',
  tooLong: 'Message can not exceed 240 characters.',
  empty: 'Type a message first.',
  endedByAnchor: 'She ended the chat.',
  endedByMember: 'You ended the chat.',
  endedIdle: 'The chat ended because the connection was lost.',
} as const;

/** Spec 000 §5, §9: the maximum live-chat message length (an emoticon counts one). */
export const LIVECHAT_MESSAGE_MAX = 240;
/** Spec 002 §9: per-conversation message buffer (lines on screen; older come from history). */
export const LIVECHAT_BUFFER = 50;
/** History page size (ours; the buffer's size so one page refills a screen). */
export const LIVECHAT_HISTORY_STEP = LIVECHAT_BUFFER;
/** Spec 002 §9: the engine's heartbeat (911) every 30 s. */
export const LIVECHAT_HEARTBEAT_MS = 30_000;
/** Spec 002 §9: the reconnect check every 3 s. */
export const LIVECHAT_RECONNECT_CHECK_MS = 3_000;
/** Ours: a chat nobody's window has heard from (heartbeat or line) for this long ends. */
export const LIVECHAT_IDLE_END_MS = 3 * LIVECHAT_HEARTBEAT_MS;
/** Ours: "typing" clears on the other side after this long without another typing signal. */
export const LIVECHAT_TYPING_MS = 5_000;
/** Spec 001 §4, §9: recent chats kept 10 minutes, at most 24 (local key manchatlivelist). */
export const RECENT_CHATS_KEEP_MS = 10 * 60_000;
export const RECENT_CHATS_MAX = 24;
export const RECENT_CHATS_KEY = 'manchatlivelist';
export { LIVECHAT_PAGE, LIVECHAT_WINDOW } from './livechat-window';
/** Spec 002 §3: invite types. */
export const INVITE_TYPE_CHAT = 0;
export const INVITE_TYPE_CAM = 1;

/** Spec 002 §3 money config keys, credits a minute (see the decisions above). */
export const LIVECHAT_TIMERS = {
  timer_silver_private: 0.2,
  timer_gold_private: 0.15,
  timer_gold_public: 0.1,
} as const;
export type LiveChatTimer = keyof typeof LIVECHAT_TIMERS;

/** The rate's key for a member: paid members are gold; public only with her camera (cam 1). */
export function timerFor(isPaidMember: boolean, inviteType: number = INVITE_TYPE_CHAT): LiveChatTimer {
  if (!isPaidMember) return 'timer_silver_private';
  return inviteType === INVITE_TYPE_CAM ? 'timer_gold_public' : 'timer_gold_private';
}
/** A minute's price in hundredths; `rates` are the configured money keys (server MONEY_KEYS), else the defaults. */
export const rateHundredths = (
  timer: LiveChatTimer,
  rates: Record<LiveChatTimer, number> = LIVECHAT_TIMERS,
) => toHundredths(rates[timer]);

/** Ours: minutes one free chat ticket pays (a trial chat), and one chat voucher. */
export const LIVECHAT_TICKET_MINUTES = 3;
export const LIVECHAT_VOUCHER_MINUTES = 5;

/** What paid a minute, in the spend order. */
export type LiveChatSource = 'ticket' | 'voucher' | 'chatmin' | 'credit';
export const LIVECHAT_SPEND_ORDER: readonly LiveChatSource[] = ['ticket', 'voucher', 'chatmin', 'credit'];
export const LiveChatSourceText: Record<LiveChatSource, string> = {
  ticket: 'Free chat ticket',
  voucher: 'Chat voucher',
  chatmin: 'Chat minutes',
  credit: 'Credits',
};

export interface LiveChatPeer {
  userid: string;
  nickname: string;
  photourl: string;
  /** 1 online, 0 offline (the spec's chat contact status). */
  status: 0 | 1;
}

export interface LiveChatSession {
  chat_id: string;
  member: LiveChatPeer;
  anchor: LiveChatPeer;
  /** Seconds. */
  started_at: number;
  /** Seconds; 0 while open. */
  ended_at: number;
  /** LiveChatEnd or LiveChatCode; 0 while open. */
  end_code: number;
  /** The rate's config key and its price a minute (credits). */
  timer: LiveChatTimer;
  price: number;
  /** Minutes started and paid so far, and what paid the latest. */
  minutes: number;
  source: LiveChatSource | '';
  /** The newest line each side has read (msg_id; 0 none). */
  member_read_id: number;
  anchor_read_id: number;
  /** Her camera feeds the chat now (protocol/livechat/livechat-camera.ts): 1 on, 0 off. */
  camera?: 0 | 1;
}

/** A line (spec 002 §3 live notice: from_id, to_id, msg, msg_id, send_time; plus ours). */
export interface LiveChatLine {
  chat_id: string;
  msg_id: number;
  from_id: string;
  to_id: string;
  /** Filtered by the live-chat text filter; emoticons as [img:N]. */
  msg: string;
  /** Seconds. */
  send_time: number;
  /** The sender's key for this line (a resend with the same key stores nothing new). */
  msg_key: string;
}

export interface LiveChatTypingNotice {
  chat_id: string;
  from_id: string;
  typing: 0 | 1;
}

export interface LiveChatReadNotice {
  chat_id: string;
  reader_id: string;
  msg_id: number;
}

export interface LiveChatChargeNotice {
  chat_id: string;
  minute: number;
  source: LiveChatSource;
  /** His balances after the minute (credits with 2 decimals). */
  credit: number;
  chatmin: number;
  tickets: number;
  vouchers: number;
}

export interface LiveChatUser extends LiveChatPeer {
  role: 'man' | 'lady';
}

/** Spec 002 §3 chat contact (side panel) fields. */
export interface LiveChatContact {
  userId: string;
  userName: string;
  avatarImg: string;
  status: 0 | 1;
  follows: 0 | 1;
  birthday_tip: number;
  anchor_priv: Record<string, number>;
  isInChat: 0 | 1;
  isInOneonone: 0 | 1;
  isInviteToHi: 0 | 1;
  oneononeInvite: 0 | 1;
  /** Ours: her lines he has not read yet (the badge on the contact). */
  chatNum: number;
}

/** Spec 002 §3 live-chat invite fields. */
export interface LiveChatInvite {
  inviteId: string;
  charge: 0 | 1;
  response: 0 | 1;
  msg: string;
  msgType: number;
  inviteType: number;
  automaticInvite: 0 | 1;
  robot: 0 | 1;
  free: 0 | 1;
}

export interface CheckTicketAnswer {
  /** 1: a free chat ticket would pay this chat's first minutes. */
  status: 0 | 1;
  tickets: number;
  minutes: number;
}

export interface ChatVoucherItem {
  voucher_id: string;
  /** Seconds. */
  expires_at: number;
  minutes: number;
}

export interface ChatVoucherListAnswer {
  result: { status: 1 };
  total: number;
  list: ChatVoucherItem[];
}

/** Typing `[img:N]` tags count one each, like the messages editor. */
export const livechatLength = (text: string) => [...text.replace(/\[img:\d+\]/g, '#')].length;
