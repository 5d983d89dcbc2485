/**
 * Gifts given in a broadcaster's live room (ours: the spec names the catalogue, not the call). A
 * member in one of her rooms gives her a gift of the catalogue (protocol/gifts), `num` of it; the
 * whole room sees it (ROOM_GIFT_EVENT) and she finds it in her workspace's list. Decisions where the
 * spec is silent:
 * - What pays: the gifts of that kind he holds in his backpack go first (soonest to expire first),
 *   the rest is one ledger charge of `num left × price` (reason 'room_gift'). `use_backpack=0` pays
 *   all in credits. The client confirms the price and what pays it before it calls.
 * - `key` is the client's idempotency key for one confirmation: the same key gives once, however
 *   often it is sent (a double click, a retry); a key used for another gift or number is refused.
 * - He may give when his send_gift_flower privilege is on, in a room of hers he is in (an open
 *   visit to her live room or a hang-out she hosts, else his open live chat with her), when she
 *   takes gifts (her flower_sent and priv_mb_h5_show_gift), and a limited gift only at Intimacy
 *   Level 4 with her. Each gift given earns Intimacy ('gift', per gift).
 */
import type { Flag } from '../types';

export const RoomGiftApi = {
  /** Ours, member: POST {anchor_id, gift_id, num, key, use_backpack?} → RoomGiftSent. */
  sendRoomGift: '/share/v1/sendRoomGift',
  /** Ours, member: POST {anchor_id} → RoomGiftOptions, the picker's catalogue for her room. */
  getRoomGiftOptions: '/share/v1/getRoomGiftOptions',
  /** Ours, broadcaster: POST {start, step} → ReceivedRoomGifts, newest first, with totals. */
  getReceivedRoomGifts: '/share/v1/getReceivedRoomGifts',
} as const;

/** How many of a gift one order may give (the picker's choices). */
export const ROOM_GIFT_NUMS = [1, 3, 5, 10, 20, 99] as const;
export const isRoomGiftNum = (n: number) => (ROOM_GIFT_NUMS as readonly number[]).includes(n);
export const RECEIVED_GIFTS_STEP = 20;

/** One gift of the picker: the catalogue's, how many he holds, and whether he may give it her. */
export interface RoomGiftOption {
  giftid: string;
  name: string;
  small_imgurl: string;
  credit: number;
  intimacy_level: number;
  /** How many of it his backpack holds (these pay first). */
  held: number;
  /** 1: a limited gift, locked below its Intimacy Level with her. */
  locked: Flag;
}

export interface RoomGiftOptions {
  /** His Intimacy Level with her. */
  intimacy: number;
  list: RoomGiftOption[];
}

/** Server → everyone in the room (her and every viewer): a gift was given. */
export const ROOM_GIFT_EVENT = 'imShare/liveRoomGiftNotice';

export interface RoomGiftLine {
  room_id: string;
  from_id: string;
  nickname: string;
  giftid: string;
  name: string;
  small_imgurl: string;
  num: number;
  /** Seconds. */
  at: number;
}

/** sendRoomGift's answer: what was given and what paid it (what the ledger took). */
export interface RoomGiftSent {
  order_id: string;
  anchor_id: string;
  room_id: string;
  giftid: string;
  name: string;
  small_imgurl: string;
  num: number;
  /** How many came out of his backpack. */
  from_backpack: number;
  /** Credits the ledger took for the rest (2 decimals). */
  credit_paid: number;
  /** His balance after (credits). */
  credit: number;
  /** 1 when this key had given already: nothing moved now. */
  repeated: Flag;
}

/** One gift order she received. */
export interface ReceivedRoomGift {
  order_id: string;
  from_id: string;
  nickname: string;
  giftid: string;
  name: string;
  small_imgurl: string;
  num: number;
  /** Credits he paid (the backpack's gifts paid nothing). */
  credit: number;
  from_backpack: number;
  /** Seconds. */
  at: number;
  /** Where it was given: in her room, with a booking (once held) or with a letter. */
  source: 'room' | 'booking' | 'letter';
}

export interface ReceivedRoomGifts {
  /** Orders in all. */
  total: number;
  /** Gifts received in all (the sum of num). */
  gifts: number;
  /** Credits members paid for them in all: what her gifts earned. */
  credit: number;
  list: ReceivedRoomGift[];
}

export const RoomGiftTexts = {
  button: 'Gifts',
  pickerTitle: 'Send a gift',
  quantity: 'Quantity',
  locked: (level: number) => `Intimacy Level ${level} needed`,
  inBackpack: (n: number) => `${n} in backpack`,
  sent: (nickname: string, num: number, name: string) => `${nickname} sent ${num} ${name}`,
  receivedTitle: 'Gifts',
  receivedEmpty: 'No gifts yet. Gifts members send you in your room appear here.',
  withBooking: 'with a One-on-One booking',
  withLetter: 'with a mail',
  notAllowed: 'Gifts are not available for your account.',
} as const;
