/**
 * The backpack (spec 002 §2 route myhomeback: siteassets, chat, pack1, pack2, pack3; §3 "Unread
 * counters: Backpack" and "Voucher summary"; §2 "Pop-up orchestration" and §4 "Start-up pop-ups":
 * the gift-package pop; §9 "New-user gift package"). What a member holds, by pack:
 * - `livechat_voucher`: chat vouchers (each pays LIVECHAT_VOUCHER_MINUTES of a live chat), listed at
 *   /myhomeback/chat by live chat's getChatVoucherList;
 * - `voucher` (pack1): broadcast vouchers (each pays BROADCAST_VOUCHER_MINUTES of a paid live room
 *   of the types it names);
 * - `gift` (pack2): virtual gifts from the catalogue (protocol/gifts), with a count, to give in a
 *   broadcaster's room;
 * - `ride` (pack3). Our reading of the spec: a ride is a vehicle (a car, a carriage) that announces
 *   him with an entrance effect when he enters a broadcaster's room, held for a number of days. It
 *   is drawn from the catalogue like a gift, but is never given away. He buys rides in pack3's ride
 *   shop and chooses the one that announces him (protocol/rides).
 *
 * Decisions where the spec is silent, written down here:
 * - Unread: an item is unread when it arrived after he last opened its pack (setBackpackRead, sent
 *   by the pack's page); only items he still holds (neither used nor expired) count. `total` is the
 *   sum of the four, capped for display like the other menu badges ('9+').
 * - The new-user gift package is the catalogue's gifts with new_user_num > 0 (Marry Me x1, First
 *   Sight Love x1, Fancy Car x1, Heart x2, Kiss x2, Rose x2: spec 002 §9). Every member gets it once,
 *   keyed by his id: at sign-up, and for a member who signed up before it existed, on his next
 *   sign-in. Its gifts last GIFT_PACKAGE_VALID_DAYS.
 * - Its pop-up shows once per member (the server remembers it was shown, on every device), through
 *   the start-up turns ('giftPackage' in STARTUP_ORDER): a session whose turn went to another pop-up
 *   shows it on a later visit.
 * - The voucher summary counts live vouchers; `expiring_num` those expiring within
 *   VOUCHER_EXPIRING_DAYS, `expiring_day` the whole days (rounded up) until the soonest of them
 *   expires, 0 when none is expiring.
 */

export const BackpackApi = {
  /** Spec 002 §7: POST, no body → BackpackUnreadNum. */
  getBackpackUnreadNum: '/share/v1/getBackpackUnreadNum',
  /** Ours: POST {type} marks a pack read (he opened it) → BackpackUnreadNum. */
  setBackpackRead: '/share/v1/setBackpackRead',
  /** Ours: POST {start, step} → BackpackVoucherList, his broadcast vouchers (pack1). */
  getBackpackVoucherList: '/share/v1/getBackpackVoucherList',
  /** Ours: POST, no body → BackpackGiftList, his gifts by kind (pack2). */
  getBackpackGiftList: '/share/v1/getBackpackGiftList',
  /** Ours: POST, no body → BackpackRideList (pack3). */
  getBackpackRideList: '/share/v1/getBackpackRideList',
  /** Ours (the spec gives the fields, not the call): POST, no body → VoucherSummaryData. */
  getVoucherSummary: '/share/v1/getVoucherSummary',
  /** Ours: POST, no body → GiftPackageData, the package and whether its pop-up is due. */
  getGiftPackage: '/share/v1/getGiftPackage',
  /** Ours: POST, no body: its pop-up was shown (it never shows again) → GiftPackageData. */
  setGiftPackageShown: '/share/v1/setGiftPackageShown',
} as const;

/** The four packs, in the unread counter's order (spec 002 §3). */
export const BACKPACK_KINDS = ['livechat_voucher', 'voucher', 'gift', 'ride'] as const;
export type BackpackKind = (typeof BACKPACK_KINDS)[number];
export const isBackpackKind = (value: string): value is BackpackKind =>
  (BACKPACK_KINDS as readonly string[]).includes(value);

/** Where each pack lives under /myhomeback. */
export const BACKPACK_PATHS: Record<BackpackKind, string> = {
  livechat_voucher: '/myhomeback/chat',
  voucher: '/myhomeback/pack1',
  gift: '/myhomeback/pack2',
  ride: '/myhomeback/pack3',
};

/** Spec 002 §3: livechat_voucher, voucher, gift, ride, total. */
export type BackpackUnreadNum = Record<BackpackKind | 'total', number>;

/** Ours: the package's gifts last this long in his backpack. */
export const GIFT_PACKAGE_VALID_DAYS = 30;
/** Ours: a voucher within this many days of its end is "expiring". */
export const VOUCHER_EXPIRING_DAYS = 3;
/** Ours: a page of pack1. */
export const BACKPACK_VOUCHER_STEP = 20;

/** One broadcast voucher in pack1. Times are Unix seconds. */
export interface BackpackVoucher {
  voucher_id: string;
  granted_at: number;
  expires_at: number;
  /** Minutes of a paid room it pays. */
  minutes: number;
  /** voucher_use_room_type: the room types (1 to 4) it is good for; empty means every paid room. */
  room_types: number[];
  /** 1 when it arrived after he last opened pack1. */
  unread: 0 | 1;
}

export interface BackpackVoucherList {
  total: number;
  list: BackpackVoucher[];
}

/** One gift of the catalogue he holds, all of its grants together. */
export interface BackpackGift {
  giftid: string;
  name: string;
  small_imgurl: string;
  /** Its price in the catalogue, credits. */
  credit: number;
  intimacy_level: number;
  /** How many he holds. */
  num: number;
  /** When the soonest of them expires, Unix seconds. */
  expires_at: number;
  unread: 0 | 1;
}

export interface BackpackGiftList {
  list: BackpackGift[];
}

/** A ride he holds (see above): its catalogue picture and name. */
export interface BackpackRide {
  ride_id: string;
  name: string;
  small_imgurl: string;
  expires_at: number;
  unread: 0 | 1;
}

export interface BackpackRideList {
  list: BackpackRide[];
}

/** Spec 002 §3 "Voucher summary: total, expiring_num, expiring_day". */
export interface VoucherSummary {
  total: number;
  expiring_num: number;
  expiring_day: number;
}

/** Ours: the summary for each of the header's two voucher backpacks. */
export interface VoucherSummaryData {
  chat: VoucherSummary;
  broadcast: VoucherSummary;
}

/** One gift of the new-user gift package. */
export interface GiftPackageItem {
  giftid: string;
  name: string;
  small_imgurl: string;
  credit: number;
  num: number;
}

export interface GiftPackageData {
  /** 1 once he holds the package (every member, after his first sign-in). */
  granted: 0 | 1;
  /** 1 while its pop-up has not been shown to him. */
  popup: 0 | 1;
  list: GiftPackageItem[];
  /** What the whole package is worth, credits. */
  worth: number;
}

/** Ours, 10750-10759 (gifts and the backpack; 10750 and 10752 are protocol/gifts'). */
export const BackpackErrno = {
  /** setBackpackRead names no pack. */
  UNKNOWN_PACK: 10751,
} as const;

export const BackpackMessages = {
  unknownPack: 'There is no such pack in the backpack.',
} as const;

const DAY_S = 24 * 3600;

/** Whole days (rounded up) from `nowS` until `expiresS`; 0 once it has passed. */
export const daysLeft = (expiresS: number, nowS: number): number =>
  expiresS <= nowS ? 0 : Math.ceil((expiresS - nowS) / DAY_S);

/** The summary of live vouchers expiring at these times (Unix seconds). */
export function voucherSummary(expiries: readonly number[], nowS: number): VoucherSummary {
  const live = expiries.filter((e) => e > nowS);
  const soon = live.filter((e) => e - nowS <= VOUCHER_EXPIRING_DAYS * DAY_S);
  const soonest = soon.length > 0 ? Math.min(...soon) : 0;
  return {
    total: live.length,
    expiring_num: soon.length,
    expiring_day: soonest ? daysLeft(soonest, nowS) : 0,
  };
}

/** "Expires in 3 days", "Expires today" (under a day), or "Expired". */
export function expiryText(expiresS: number, nowS: number): string {
  if (expiresS <= nowS) return 'Expired';
  if (expiresS - nowS < DAY_S) return 'Expires today';
  const days = daysLeft(expiresS, nowS);
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Sums the four packs into the spec's total. */
export function withTotal(counts: Record<BackpackKind, number>): BackpackUnreadNum {
  return { ...counts, total: BACKPACK_KINDS.reduce((sum, kind) => sum + counts[kind], 0) };
}

export const BackpackTexts = {
  packageTitle: 'Your welcome gift package',
  packageIntro: (worth: string) =>
    `A welcome from Glimmer: these gifts, worth ${worth} credits, are in your backpack now.`,
  sendHint: "Gifts are given in a broadcaster's room. They wait here until you give them.",
  rideWhat: "A ride announces your arrival with its entrance when you enter a broadcaster's room.",
} as const;
