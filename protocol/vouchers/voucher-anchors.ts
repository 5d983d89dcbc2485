/**
 * Where a member's broadcast vouchers can be used (spec 002 §7 "Vouchers", §3 "Voucher anchor list",
 * "Coupons", §2 "Empty and load states", §4 "Start-up pop-ups": the voucher pop). The vouchers
 * themselves are protocol/vouchers/vouchers.ts's (a broadcast voucher pays the first
 * BROADCAST_VOUCHER_MINUTES of a paid room of the types it names).
 *
 * Decisions where the spec is silent, written down here:
 * - A broadcaster's room "takes his voucher" when one of his live broadcast vouchers names its room
 *   type (a voucher naming none is good in every paid room, PAID_ROOM_TYPES). Her public room counts
 *   only when it is the premium room (type 3: the free room 1 has nothing to pay); her private
 *   (One-on-One) room is type 2, or 4 for anchor_type 2, and counts only when she offers One-on-One.
 *   check_user_public_coupon / check_user_private_coupon in her getUserInfo (for a member caller)
 *   and getUserCoupon say just that, whether she is online or not.
 * - "Now" (the lists): a public room while she is live in it, a private room while she is online.
 *   Suspended broadcasters and those he blocks are never listed; lists are by hot score.
 * - getCouponAnchorList {bq_id}: "bq" read as a tag (a list's label). Our tags are the room types:
 *   0 (or absent) every room his vouchers take, 1 to 4 only that room type (1, the free room, is
 *   always empty). Another value answers 10780. Empty: VOUCHER_ANCHORS_EMPTY.
 * - getPopVoucherAnchorList: needpop 1 when he holds broadcast vouchers that arrived after the
 *   voucher pop was last shown to him AND somewhere takes them now, his show_pop privilege is 1.
 *   voucher_use_room_type lists the room types those new vouchers are good for; anchor_list where
 *   they can be used now (at most VOUCHER_POP_ANCHORS); voucher_pic the voucher's picture.
 *   setPopVoucherShown (ours) marks the batch shown: the pop does not come back until new vouchers
 *   arrive. A batch with nowhere to use it waits for a visit when someone is online.
 * - getPromoAnchorList {type, number, userid}: broadcasters to promote to him: online with a paid
 *   room (type 0 both, 1 a live premium room, 2 a One-on-One), those his vouchers take first (each
 *   marked `voucher`), at most `number` (1 to PROMO_ANCHORS_MAX). `userid`, when sent, must be his
 *   own (another's is forbidden, the common 10xxx FORBIDDEN, like getRelation's).
 * - checkHasCoupon: whether he holds any live broadcast voucher, and how many.
 * - The welcome voucher (spec 002 §4, "if provision not agreed"): the terms overlay is what a member
 *   who has not agreed sees, so the welcome voucher is a line in it (WELCOME_VOUCHER_LINE), not a
 *   second pop-up; the start-up turn stays the overlay's. Agreeing grants it once (keyed by his id):
 *   one broadcast voucher good in every paid room for WELCOME_VOUCHER_DAYS. Being new, it brings
 *   the voucher pop on a later visit.
 */
import type { AnchorCard, Flag } from '../types';

export const VoucherAnchorApi = {
  /** POST, no body → HasCouponData. */
  checkHasCoupon: '/share/v1/checkHasCoupon',
  /** POST {bq_id} → VoucherAnchorListData. */
  getCouponAnchorList: '/manList/v1/getCouponAnchorList',
  /** POST, no body → PopVoucherAnchorData. */
  getPopVoucherAnchorList: '/manList/v1/getPopVoucherAnchorList',
  /** Ours: POST, no body: the voucher pop was shown → { needpop: 0 }. */
  setPopVoucherShown: '/manList/v1/setPopVoucherShown',
  /** POST {anchor_id} → UserCouponData. */
  getUserCoupon: '/man/v1/getUserCoupon',
  /** POST {type, number, userid} → VoucherAnchorListData. */
  getPromoAnchorList: '/manList/v1/getPromoAnchorList',
} as const;

/** Ours, 10780-10789. */
export const VoucherAnchorErrno = {
  /** bq_id names no tag. */
  UNKNOWN_TAG: 10780,
} as const;

/** Room types a voucher naming none is good for (1, the free public room, costs nothing). */
export const PAID_ROOM_TYPES = [2, 3, 4] as const;
/** The tags getCouponAnchorList takes: 0 all, else a room type. */
export const COUPON_TAGS = [0, 1, 2, 3, 4] as const;
/** Ours: broadcasters the voucher pop lists at most. */
export const VOUCHER_POP_ANCHORS = 6;
/** Ours: getPromoAnchorList's number, at most and by default. */
export const PROMO_ANCHORS_MAX = 20;
export const PROMO_ANCHORS_DEFAULT = 6;
/** Ours: how long the welcome voucher lasts. */
export const WELCOME_VOUCHER_DAYS = 7;
/** The voucher's picture (the pop's voucher_pic). */
export const VOUCHER_PIC = '/vouchers/broadcast-voucher.svg';

/** Spec 002 §2, word for word. */
export const VOUCHER_ANCHORS_EMPTY = 'Oops! No broadcasters meet the certain voucher criterias online now.';

export const VoucherAnchorTexts = {
  pageTitle: 'Where to use my vouchers',
  popTitle: 'Your vouchers are ready',
  popIntro: (minutes: number) =>
    `Each broadcast voucher pays your first ${minutes} minutes in a room it is good for. Broadcasters you can use them with now:`,
  profileNote: (minutes: number, where: string) =>
    `Your broadcast voucher pays your first ${minutes} minutes in her ${where}.`,
  roomName: { 1: 'public room', 2: 'One-on-One', 3: 'premium room', 4: 'One-on-One' } as Record<
    number,
    string
  >,
} as const;

/** A broadcaster where his voucher can be used now: her card and the room type it pays. */
export interface VoucherAnchor extends AnchorCard {
  /** The room type (1 to 4) his voucher pays with her: 3 her premium room, 2 or 4 her One-on-One. */
  use_room_type: number;
  /** getPromoAnchorList: 1 when his voucher pays there. */
  voucher: Flag;
}

export interface VoucherAnchorListData {
  list: VoucherAnchor[];
}

export interface HasCouponData {
  has_coupon: Flag;
  coupon_num: number;
}

export interface PopVoucherAnchorData {
  needpop: Flag;
  anchor_list: VoucherAnchor[];
  voucher_pic: string;
  /** The room types (1 to 4) his new vouchers are good for. */
  voucher_use_room_type: number[];
  /** How many new vouchers the pop is about. */
  voucher_num: number;
}

/** The two Coupons fields (spec 002 §3), in her getUserInfo and getUserCoupon. */
export interface AnchorCouponFlags {
  check_user_private_coupon: Flag;
  check_user_public_coupon: Flag;
}

export interface UserCouponData extends AnchorCouponFlags {
  anchor_id: string;
  /** His live broadcast vouchers good in at least one of her rooms. */
  coupon_num: number;
  /** Minutes one voucher pays. */
  minutes: number;
}
