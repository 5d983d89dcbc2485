/**
 * Say Hi (spec 001 §7, §8 "Say Hi", §9; spec 002 §2 routes, §9 "Say Hi is free to send and to read
 * the first response"). The spec gives isCanSendSayHi and the dialog's codes; the rest is ours,
 * written down here:
 * - A Say Hi goes to one broadcaster, uses one Say Hi allowance (a voucher of kind 'say_hi') and
 *   costs no credits. Sending needs the member's say_hi privilege.
 * - One Say Hi per broadcaster, ever (17404: the dialog links to that Say Hi).
 * - A broadcaster whose account is not active, or who is not a broadcaster, cannot receive one (17405,
 *   no follow hint: following her would not help).
 * - At most SAY_HI_MAX_WAITING Say Hi may wait for a reply at once (17407, links to /wait).
 * - A member with responses he has not read must read them first (17408, links to the list).
 * - A broadcaster answers a Say Hi once; reading that first (and only) response is free, so no
 *   read ever charges. Reading marks it read.
 * Calls under /pman/sayHi carry the dev-type 10 header like /share calls (spec 001 §7).
 */
export const SayHiApi = {
  isCanSendSayHi: '/pman/sayHi/api/isCanSendSayHi',
  /** Ours: sends a Say Hi (same checks as isCanSendSayHi). */
  sendSayHi: '/pman/sayHi/api/sendSayHi',
  /** Ours: the member's Say Hi, newest first; type 'all', 'wait' (no response yet) or 'data' (answered). */
  getSayHiList: '/pman/sayHi/api/getSayHiList',
  /** Ours: one Say Hi with her response; marks the response read. */
  getSayHiDetail: '/pman/sayHi/api/getSayHiDetail',
  /** Ours: the broadcaster's open Say Hi and her answer to one. */
  ladySayHiList: '/lady/v1/getSayHiList',
  ladyRespondSayHi: '/lady/v1/respondSayHi',
} as const;

export const SayHiErrno = {
  /** Spec: already sent a Say Hi to this broadcaster (the dialog links to it). */
  ALREADY_SENT: 17404,
  /** Spec: the broadcaster cannot receive a Say Hi (no follow hint). */
  ANCHOR_UNAVAILABLE: 17405,
  /** Ours (gap in the spec's range): no Say Hi allowance left. */
  NO_ALLOWANCE: 17406,
  /** Spec: too many Say Hi waiting for a reply (links to /wait). */
  TOO_MANY_WAITING: 17407,
  /** Spec: unread responses to read first (links to /sayhilistindex/all). */
  UNREAD_RESPONSES: 17408,
} as const;

/** The server's errmsg for each code; {name} is the broadcaster's nickname. */
export const SayHiMessages = {
  alreadySent: 'You have already sent a Say Hi to {name}.',
  anchorUnavailable: '{name} is not receiving Say Hi at the moment.',
  noAllowance: 'You have no Say Hi left. New Say Hi allowances arrive in your backpack.',
  tooManyWaiting: 'You have {count} Say Hi waiting for a reply. Please wait for a reply before sending more.',
  unreadResponses: 'You have Say Hi responses you have not read yet. Please read them first.',
  /** The dialog's title (spec verbatim). */
  dialogTitle: 'Can not send Say Hi to {name}',
  sent: 'Your Say Hi is on its way.',
} as const;

export const fillSayHi = (text: string, vars: { name?: string; count?: number }) =>
  text.replace('{name}', vars.name ?? '').replace('{count}', String(vars.count ?? ''));

/** Ours: how many Say Hi may wait for a reply at once. */
export const SAY_HI_MAX_WAITING = 5;
/** List page size (spec 002 §9: list page size 20). */
export const SAY_HI_PAGE_SIZE = 20;
/** Ours: the demo broadcasters' answer comes this long after a Say Hi (SAYHI_AUTO_REPLY_MS, 0 = off). */
export const SAY_HI_DEMO_REPLY_MS = 8_000;
/** Ours: a response is at most this long. */
export const SAY_HI_RESPONSE_MAX = 600;

/** The greetings a member chooses from (ours): a Say Hi is never free text, so nothing to filter. */
export const SAY_HI_GREETINGS = [
  'Hi! Your smile made my day. I would love to get to know you.',
  'Hello there! What makes you laugh the most?',
  'Hi! I enjoyed your profile. How is your day going?',
  'Hey! If you could travel anywhere tomorrow, where would you go?',
  'Hello! I think we would have a lot to talk about. Say hi back?',
] as const;

/** The card designs (ours); the index is sent as `theme`. */
export const SAY_HI_THEMES = ['Sunrise', 'Rose garden', 'Night sky', 'Ocean'] as const;

/** Realtime (ours): a broadcaster answered one of the member's Say Hi. */
export const SAY_HI_RESPONSE_EVENT = 'imMan/sayHiResponseNotice';
/** Realtime (ours): a broadcaster received a Say Hi. */
export const SAY_HI_RECEIVED_EVENT = 'imLady/sayHiReceivedNotice';

/** isCanSendSayHi's answer. */
export interface CanSendSayHi {
  anchor_id: string;
  nickname: string;
  photourl: string;
  left_say_hi_num: number;
}

export interface SayHiItem {
  sayid: string;
  anchor_id: string;
  anchor_nickname: string;
  anchor_photourl: string;
  greeting: number;
  theme: number;
  /** Unix seconds. */
  send_time: number;
  /** 0 waiting for a reply, 1 answered. */
  has_response: 0 | 1;
  /** 1 when the member opened the response. */
  is_read: 0 | 1;
  response: string;
  /** Unix seconds; 0 while waiting. */
  response_time: number;
}

export interface SayHiListData {
  list: SayHiItem[];
  total: number;
  /** Counts for the tabs and the header. */
  wait_num: number;
  unread_num: number;
}

export interface SendSayHiAnswer {
  sayid: string;
  left_say_hi_num: number;
}

export interface SayHiResponseNotice {
  sayid: string;
  anchor_id: string;
  anchor_nickname: string;
}

/** The broadcaster's view of a Say Hi she received. */
export interface LadySayHiItem {
  sayid: string;
  man_id: string;
  man_nickname: string;
  greeting: number;
  theme: number;
  send_time: number;
  has_response: 0 | 1;
}
