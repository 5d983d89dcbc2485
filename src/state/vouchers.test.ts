import { beforeEach, describe, expect, it } from 'vitest';
import { applyCouponNotice, bannerItems, showsBanner, vouchersState } from './vouchers';

const info = { coupon_num: 2, chat_voucher_num: 1, left_say_hi_num: 2, close_time: 0 };

describe('the top voucher banner', () => {
  beforeEach(() => {
    vouchersState.info = null;
    vouchersState.autoClosed = false;
  });

  it('lists Say Hi allowances, chat vouchers and broadcast vouchers that he holds', () => {
    expect(bannerItems(info)).toEqual(['2 Say Hi', '1 chat voucher', '2 broadcast vouchers']);
    expect(bannerItems({ ...info, left_say_hi_num: 0, chat_voucher_num: 3, coupon_num: 1 })).toEqual([
      '3 chat vouchers',
      '1 broadcast voucher',
    ]);
  });

  it('shows while close_time is below 1, show_pop is on, something is held, and not auto-closed', () => {
    expect(showsBanner(info, 1, false)).toBe(true);
    expect(showsBanner({ ...info, close_time: 1_700_000_000 }, 1, false)).toBe(false);
    expect(showsBanner(info, 0, false)).toBe(false);
    expect(showsBanner(info, 1, true)).toBe(false);
    expect(showsBanner({ ...info, coupon_num: 0, chat_voucher_num: 0, left_say_hi_num: 0 }, 1, false)).toBe(
      false,
    );
    expect(showsBanner(null, 1, false)).toBe(false);
  });

  it('takes new counts from couponNumChangeNotice; a count that grew brings the banner back', () => {
    vouchersState.info = { ...info, close_time: 1_700_000_000 };
    vouchersState.autoClosed = true;
    applyCouponNotice({ coupon_num: 1, chat_voucher_num: 1, left_say_hi_num: 2 });
    expect(vouchersState.info).toEqual({ ...info, coupon_num: 1, close_time: 1_700_000_000 });
    expect(vouchersState.autoClosed).toBe(true);
    applyCouponNotice({ coupon_num: 3, chat_voucher_num: 1, left_say_hi_num: 2 });
    expect(vouchersState.info).toEqual({ ...info, coupon_num: 3, close_time: 0 });
    expect(vouchersState.autoClosed).toBe(false);
  });

  it('ignores a notice without usable counts', () => {
    vouchersState.info = { ...info };
    applyCouponNotice({ coupon_num: -1 } as never);
    applyCouponNotice(null);
    expect(vouchersState.info).toEqual(info);
  });
});
