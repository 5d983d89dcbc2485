/**
 * The member's vouchers as the header shows them, and the top banner's rules (spec 001 "Top voucher
 * banner", "Voucher banner"): it lists Say Hi allowances, chat vouchers and broadcast vouchers;
 * it shows while close_time is below 1, the member's show_pop privilege is on and he holds any;
 * it closes by itself after VOUCHER_BANNER_AUTO_CLOSE_MS for this visit, and for good (told to the
 * server) when he closes it — until new vouchers arrive.
 */
import { proxy } from 'valtio';
import type {
  CouponNumChangeNotice,
  HeaderCouponInfo,
  VoucherCounts,
} from '../../protocol/vouchers/vouchers';

export const vouchersState = proxy({
  info: null as HeaderCouponInfo | null,
  /** Whose counts `info` holds when the session start loaded them (the banner loads them otherwise). */
  loadedFor: '',
  /** Closed by itself for this visit (the 60 s auto-close). */
  autoClosed: false,
});

const KINDS = ['left_say_hi_num', 'chat_voucher_num', 'coupon_num'] as const;

/** imMan/couponNumChangeNotice: new counts; when any grew, the banner may show again. */
export function applyCouponNotice(data: Partial<CouponNumChangeNotice> | null | undefined) {
  const counts: Partial<VoucherCounts> = {};
  for (const kind of KINDS) {
    const n = Number(data?.[kind]);
    if (Number.isInteger(n) && n >= 0) counts[kind] = n;
  }
  if (Object.keys(counts).length === 0) return;
  const before = vouchersState.info ?? {
    coupon_num: 0,
    chat_voucher_num: 0,
    left_say_hi_num: 0,
    close_time: 0,
  };
  const grew = KINDS.some((k) => (counts[k] ?? before[k]) > before[k]);
  vouchersState.info = { ...before, ...counts, close_time: grew ? 0 : before.close_time };
  if (grew) vouchersState.autoClosed = false;
}

/** The banner's parts, e.g. ['2 Say Hi', '1 chat voucher', '2 broadcast vouchers']; empty when none. */
export function bannerItems(info: VoucherCounts): string[] {
  const items: string[] = [];
  if (info.left_say_hi_num > 0) items.push(`${info.left_say_hi_num} Say Hi`);
  if (info.chat_voucher_num > 0)
    items.push(`${info.chat_voucher_num} chat voucher${info.chat_voucher_num === 1 ? '' : 's'}`);
  if (info.coupon_num > 0)
    items.push(`${info.coupon_num} broadcast voucher${info.coupon_num === 1 ? '' : 's'}`);
  return items;
}

export function showsBanner(info: HeaderCouponInfo | null, showPop: number, autoClosed: boolean): boolean {
  return info !== null && showPop !== 0 && !autoClosed && info.close_time < 1 && bannerItems(info).length > 0;
}
