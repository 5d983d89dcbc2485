import { describe, expect, it } from 'vitest';
import { daysLeft, expiryText, voucherSummary, withTotal } from './backpack';

const NOW = 1_700_000_000;
const DAY = 86_400;

describe('backpack expiry rules', () => {
  it('counts whole days left, rounded up, and none once past', () => {
    expect(daysLeft(NOW + 1, NOW)).toBe(1);
    expect(daysLeft(NOW + DAY, NOW)).toBe(1);
    expect(daysLeft(NOW + DAY + 1, NOW)).toBe(2);
    expect(daysLeft(NOW, NOW)).toBe(0);
    expect(daysLeft(NOW - 5, NOW)).toBe(0);
  });

  it('says when an item expires', () => {
    expect(expiryText(NOW + 3 * DAY, NOW)).toBe('Expires in 3 days');
    expect(expiryText(NOW + DAY, NOW)).toBe('Expires in 1 day');
    expect(expiryText(NOW + 600, NOW)).toBe('Expires today');
    expect(expiryText(NOW, NOW)).toBe('Expired');
  });

  it('summarises live vouchers: those expiring within 3 days and the days to the soonest', () => {
    expect(voucherSummary([], NOW)).toEqual({ total: 0, expiring_num: 0, expiring_day: 0 });
    expect(voucherSummary([NOW + 7 * DAY, NOW + 10 * DAY], NOW)).toEqual({
      total: 2,
      expiring_num: 0,
      expiring_day: 0,
    });
    expect(voucherSummary([NOW - 1, NOW + 2.5 * DAY, NOW + 3 * DAY, NOW + 3 * DAY + 1], NOW)).toEqual({
      total: 3,
      expiring_num: 2,
      expiring_day: 3,
    });
    expect(voucherSummary([NOW + 3600, NOW + 2 * DAY], NOW)).toMatchObject({
      expiring_num: 2,
      expiring_day: 1,
    });
  });

  it('sums the four packs into the total', () => {
    expect(withTotal({ livechat_voucher: 1, voucher: 2, gift: 6, ride: 0 })).toEqual({
      livechat_voucher: 1,
      voucher: 2,
      gift: 6,
      ride: 0,
      total: 9,
    });
  });
});
