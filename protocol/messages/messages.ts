/**
 * Private messages, Intimacy Level and contacts (spec 001 §1, §3, §7–§9; 002 §2, §3, §5, §7–§9):
 * the calls, their answers, the errno catalogue of private messages, the socket notice, the spec's
 * limits, and the rules both sides apply (message length with emoticons counting 1). Calls and
 * fields the spec does not show are ours, in the spec's style, and marked so.
 */
import { MAX_PRIVATE_MESSAGE_LENGTH } from '../constants';
import type { AnchorPriv, Flag } from '../types';

/** HTTP calls (POST). Members and broadcasters use the same message calls; to_id is the other side. */
export const MessageApi = {
  sendPrivateMessage: '/share/v1/sendPrivateMessage',
  getPrivateMessageList: '/share/v1/getPrivateMessageList',
  getPrivateMessageFollowList: '/share/v1/getPrivateMessageFollowList',
  getPrivateMessageHistory: '/share/v1/getPrivateMessageHistory',
  getPrivateMessageOne: '/share/v1/getPrivateMessageOne',
  setPrivateMessageReaded: '/share/v1/setPrivateMessageReaded',
  getEmoticonList: '/share/v1/getEmoticonList',
  getUserAnchorInfo: '/share/v1/getUserAnchorInfo',
  getContactList: '/pman/user/api/getContactList',
  getFollowList: '/manList/v1/getFollowList',
} as const;

/** Server → both sides, at once: a private message was sent (to the recipient and the sender's tabs). */
export const PRIVATE_MESSAGE_NOTICE_ROUTE = 'imShare/sendPrivateMessageNotice';

export const MessageErrno = {
  /** Spec: the editor is cleared silently. Ours: the message is empty once trimmed. */
  EMPTY: 10003,
  /** Spec: insufficient credits for a paid message. */
  NO_CREDIT: 10025,
  /** Spec: over MAX_PRIVATE_MESSAGE_LENGTH. */
  TOO_LONG: 10094,
  /** Spec: Intimacy Level 1 or above is needed, either way. */
  INTIMACY: 16157,
  /** Spec text; ours: a member sent MEMBER_UNANSWERED_MAX messages in a row without her reply. */
  WAIT_REPLY_MEMBER: 16158,
  /** Spec text; ours: a broadcaster sent BROADCASTER_UNANSWERED_MAX in a row without his reply. */
  WAIT_REPLY_BROADCASTER: 16159,
  /** Spec text; ours: a broadcaster opened with one message to a member who never wrote to her. */
  WAIT_REPLY_OPENER: 16160,
} as const;

export const MessageTexts = {
  sent: 'Sent successfully',
  placeholder: 'Enter message here',
  empty: 'Message can not be empty.',
  tooLong: (max = MAX_PRIVATE_MESSAGE_LENGTH) => `Message can not exceed ${max} characters.`,
  intimacy:
    'You can only send private messages to viewers/broadcasters with whom you have an Intimacy Level of 1 or above.',
  /** {credits} is the add-credits link (the word "credits"). */
  noCredit: 'Please add {credits} to send private messages.',
  waitReply: (name: string) => `Sorry, you cannot send a message until ${name} replies to you.`,
  popupTo: (nickname: string) => `To: ${nickname}`,
  noMessages: 'No messages received.',
  contactsEmpty: 'Your contact list is empty.',
  followsEmpty: 'You have not followed anyone yet.',
  noContactsHot: "You don't have any contacts yet. Below are our hot broadcasters we recommend for you:",
  searchNone: (query: string) => `No result for ${query}`,
  searchFollowsEmpty: 'Your follows list is empty.',
  searchNoOnline: 'No online contacts',
  loadFailed: 'Could not load. Please try again.',
  network: 'Trouble connecting to the server, please try again later.',
} as const;

// ---- Limits (spec 001 §9, 002 §9) and our choices.

/** The first this-many messages a member sends to each broadcaster are free (spec). */
export const FREE_PRIVATE_MESSAGES = 3;
/** History and conversation list page size; load more when a full page came back (spec). */
export const MESSAGE_PAGE_SIZE = 20;
/** Contacts per fetch (spec: 100 in one reading, 25 per fetch in another: the panel asks 100). */
export const CONTACT_PAGE_SIZE = 100;
/** Conversations the Messages page asks for at once (ours; the spec pages the list without a size). */
export const CONVERSATION_LIST_SIZE = 100;
/** 'Sent successfully' shows for 3 s (spec). */
export const SENT_NOTE_MS = 3_000;
/** Ours (reply rule 16158): a member's messages in a row with no reply from her. */
export const MEMBER_UNANSWERED_MAX = 10;
/** Ours (16159): a broadcaster's messages in a row with no reply from him. */
export const BROADCASTER_UNANSWERED_MAX = 3;
/** Ours (16160): a broadcaster may open with this many messages to a member who never wrote. */
export const BROADCASTER_OPENER_MAX = 1;
/** Largest idempotency key the client may send (msg_key). */
export const MESSAGE_KEY_MAX_LENGTH = 64;

/** getContactList sorting (ours; the spec names the field only). */
export const CONTACT_SORT = { recent: 1, online: 2, name: 3 } as const;
export type ContactSort = (typeof CONTACT_SORT)[keyof typeof CONTACT_SORT];

// ---- Intimacy Level (ours, see docs/api.md "Intimacy Level").

/** Experience bounds per level: level 0 is no experience, which cannot message. */
export const INTIMACY_LEVELS: readonly IntimacyLevelRange[] = [
  { level: 1, min: 1, max: 99 },
  { level: 2, min: 100, max: 299 },
  { level: 3, min: 300, max: 699 },
  { level: 4, min: 700, max: 1_499 },
  { level: 5, min: 1_500, max: 999_999 },
];
/**
 * Experience a member gains toward a broadcaster, per paid or warm interaction with her (ours; the
 * spec names only the levels). Each is counted once, by a key of the interaction (a message, a
 * room visit's minute, a letter, a ticket, a Say Hi): server/features/intimacy/.
 */
export const INTIMACY_GAIN = {
  /** Each free message he sends her. */
  freeMessage: 2,
  /** Each paid message he sends her. */
  paidMessage: 5,
  /** Each message she sends him (a reply builds the relation too). */
  herMessage: 3,
  /** Each whole minute in her free public room or her show's room, once he stayed WATCH_MIN_MINUTES. */
  freeRoomMinute: 1,
  /** Each whole minute in her premium (paid) public room. */
  premiumRoomMinute: 2,
  /** Each whole minute of a One-on-One with her. */
  oneOnOneMinute: 5,
  /** Each whole minute of a hang-out she hosts for him. */
  hangoutMinute: 3,
  /** Each started minute of live chat with her (whatever paid it: ticket, voucher, minutes, credits). */
  liveChatMinute: 3,
  /** Each letter (mail) he sends her. */
  mail: 10,
  /** Each gift he gives her (a booking's gifts, counted per gift when she accepts the booking). */
  gift: 10,
  /** A ticket he buys to her show. */
  showTicket: 20,
  /** A Say Hi of his that she answers. */
  sayHiAnswered: 10,
} as const;
export type IntimacySource = keyof typeof INTIMACY_GAIN;
/**
 * A glimpse is not an interaction: free-room minutes count once he has stayed this long, then all
 * of them (2 minutes in her public room make 2 experience: Intimacy Level 1, so he can write).
 */
export const WATCH_MIN_MINUTES = 2;
/** Server → member: his Intimacy Level with a broadcaster went up (ours; spec 002 §7 "level-up"). */
export const INTIMACY_LEVEL_UP_ROUTE = 'imMan/intimacyLevelUpNotice';
export interface IntimacyLevelUpNotice {
  anchor_id: string;
  anchor_nickname: string;
  anchor_avatar: string;
  /** The new level and experience. */
  intimacy: number;
  intimacy_experience: number;
}
/** Privileges per level (spec 001 §7). */
export const INTIMACY_PRIVILEGES: readonly { level: number; text: string }[] = [
  { level: 1, text: 'Basic: send private messages' },
  { level: 2, text: 'View private photos and videos' },
  { level: 3, text: 'Advanced emoticons' },
  { level: 4, text: 'Limited gifts' },
];

export function intimacyLevel(experience: number): number {
  let level = 0;
  for (const range of INTIMACY_LEVELS) if (experience >= range.min) level = range.level;
  return level;
}

// ---- Emoticons: `[img:N]` tags, each counting 1 character (spec 002 §5).

export const EMOTICON_TAG = /\[img:(\d{1,3})\]/g;
/** The emoticon set (ours): drawn as SVG data URLs so they show offline without a request. */
export const EMOTICONS: readonly string[] = [
  '😀',
  '😂',
  '😊',
  '😍',
  '😘',
  '😉',
  '😎',
  '🤗',
  '😢',
  '😮',
  '👍',
  '👋',
  '🌹',
  '❤️',
  '💋',
  '🎉',
];
export const emoticonSign = (n: number) => `[img:${n}]`;
export function emoticonUrl(n: number): string {
  const char = EMOTICONS[n - 1] ?? '?';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><text x="16" y="25" font-size="24" text-anchor="middle">${char}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
export const isEmoticon = (n: number) => n >= 1 && n <= EMOTICONS.length;

/** A message split into text and emoticons, for rendering (text is shown as text, never HTML). */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'emo'; n: number };

export function messageParts(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of content.matchAll(EMOTICON_TAG)) {
    const n = Number(match[1]);
    if (!isEmoticon(n)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: content.slice(last, match.index) });
    parts.push({ kind: 'emo', n });
    last = match.index + match[0].length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}

/** Length as the spec counts it: characters (code points), each known emoticon counting 1. */
export function messageLength(content: string): number {
  let length = 0;
  for (const part of messageParts(content)) length += part.kind === 'emo' ? 1 : [...part.text].length;
  return length;
}

/**
 * What the sender's editor and the server check, in the same order. `max` is 240, or 140 for a
 * comment on a shot (MAX_SHOT_COMMENT_LENGTH).
 */
export function messageProblem(
  content: string,
  max = MAX_PRIVATE_MESSAGE_LENGTH,
): 'empty' | 'too_long' | undefined {
  if (content.trim() === '') return 'empty';
  if (messageLength(content) > max) return 'too_long';
  return undefined;
}

// ---- Answer shapes.

export interface PrivateMessage {
  msg_id: number;
  from_id: string;
  to_id: string;
  content: string;
  /** Seconds since the epoch. */
  add_time: number;
  /** Credits this message cost its sender (0 for free ones). */
  charge: number;
  /** The recipient has read it. */
  is_read: Flag;
  /** Ours: the sender's idempotency key, so an outbox can match its entry. */
  msg_key: string;
  /** A comment on a shot: the shot's id and how it shows (spec 002 §3); absent on other messages. */
  dynamics_id?: number;
  dynamics_img?: string;
  dynamics_content?: string;
  /** 1 photo, 2 video, 3 text. */
  dynamics_type?: number;
}

/** Message history item (spec 002 §3): the message plus the fields the spec names. */
export interface PrivateMessageHistoryItem extends PrivateMessage {
  /** The message id (= msg_id). */
  id: number;
  /** 1 the caller's own, 2 the other side's. */
  flag: 1 | 2;
  /** The sender's. */
  nick_name: string;
  avatar_img: string;
}

/** sendPrivateMessage: data.credit is the sender's balance after (spec). */
export interface SendPrivateMessageAnswer {
  credit: number;
  msg: PrivateMessage;
  /** Ours: free messages left to this broadcaster (members only). */
  free_left: number;
}

/** Private message list item (spec 002 §3). */
export interface PrivateMessageListItem {
  user_id: string;
  nick_name: string;
  avatar_img: string;
  update_time: number;
  unread_num: number;
  last_msg: string;
  isFollow: Flag;
  online_status: number;
}

export interface PrivateMessageListData {
  list: PrivateMessageListItem[];
  /** Ours: unread messages over every conversation. */
  total_unread: number;
}

export interface PrivateMessageHistoryData {
  /** Newest first. */
  list: PrivateMessageHistoryItem[];
}

export interface SetReadedAnswer {
  unread_num: number;
  total_unread: number;
}

/** The notice both sides receive (ours: its fields). */
export interface PrivateMessageNotice {
  msg: PrivateMessage;
  /** The conversation as the receiving user sees it. */
  conversation: PrivateMessageListItem;
  total_unread: number;
}

export interface IntimacyLevelRange {
  level: number;
  min: number;
  max: number;
}

/** getUserAnchorInfo (spec 001 §3). */
export interface UserAnchorInfo {
  intimacy: number;
  intimacy_experience: number;
  intimacy_level_list: IntimacyLevelRange[];
  /** Ours: free messages left to her, and the price of the next ones. */
  free_msg_left: number;
  msg_credit: number;
}

export interface EmoticonListData {
  list: { name: string; emo_list: { emo_sign: string; emo_url: string }[] }[];
}

/** Contact (spec 002 §3) plus ours: intimacy level and the last contact time. */
export interface Contact {
  anchor_id: string;
  anchor_nickname: string;
  anchor_age: number;
  anchor_avatar_img: string;
  anchor_cover_img: string;
  anchor_country: string;
  anchor_birthday: number;
  birthday_tip: 0 | 1 | 2;
  is_follow: Flag;
  online_status: number;
  anchor_priv: AnchorPriv;
  public_room_id: string;
  room_type: number;
  intimacy: number;
  last_time: number;
}

export interface ContactListData {
  list: Contact[];
  total: number;
}
