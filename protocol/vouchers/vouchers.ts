/**
 * Vouchers and Say Hi allowances as the header shows them (spec 001 "Voucher info", "Top voucher
 * banner", the /man/v1/getHeaderCouponInfo call; spec 000 §7 imMan/couponNumChangeNotice).
 *
 * Decisions where the spec is silent, written down here:
 * - coupon_num counts the member's broadcast vouchers (entry to a public room); chat vouchers are
 *   counted apart as chat_voucher_num (ours, the spec's "chat voucher total"), Say Hi allowances
 *   as left_say_hi_num. Only vouchers neither used nor expired count.
 * - close_time is the time (Unix seconds) the member closed the banner, 0 when he has not closed it
 *   since his vouchers last grew: "appears when close_time is below 1".
 * - A broadcast voucher pays the first BROADCAST_VOUCHER_MINUTES of one visit to a paid live room of
 *   a type it names (voucher_use_room_type; none named: any paid room), instead of credits. It is
 *   used when his first minute would be charged; a reload resumes the visit without another one.
 * - imMan/couponNumChangeNotice carries the three new counts; the server sends it whenever they
 *   change (a grant, a use, an expiry).
 */
export const VoucherApi = {
  headerCouponInfo: '/man/v1/getHeaderCouponInfo',
  setCouponNoticeCloseTime: '/man/v1/setCouponNoticeCloseTime',
  /** Spec 002 §7: data.chat and data.live, his free tickets for live chat and for live rooms. */
  countFreeChatTicketInfo: '/pman/user/api/countFreeChatTicketInfo',
} as const;

export type VoucherKind = 'broadcast' | 'chat' | 'say_hi';

export interface VoucherCounts {
  coupon_num: number;
  chat_voucher_num: number;
  left_say_hi_num: number;
}

export interface HeaderCouponInfo extends VoucherCounts {
  close_time: number;
}

export type CouponNumChangeNotice = VoucherCounts;

/**
 * countFreeChatTicketInfo's data. The spec names only the two fields; we read them as his free chat
 * tickets (live chat's, protocol/livechat/livechat.ts) and his broadcast vouchers (free room minutes).
 */
export interface FreeChatTicketInfo {
  chat: number;
  live: number;
}

/** Minutes of a paid live room one broadcast voucher pays (ours: the spec does not say). */
export const BROADCAST_VOUCHER_MINUTES = 10;

/** The top voucher banner closes by itself after this long (it shows again on the next visit). */
export const VOUCHER_BANNER_AUTO_CLOSE_MS = 60_000;
/** The banner's lead-in text. */
export const VOUCHER_BANNER_TITLE = 'YOU STILL HAVE';
