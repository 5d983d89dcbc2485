import { describe, expect, it } from 'vitest';
import type { DiscountInfo } from '../../../protocol/offers/offers';
import { discountOffer, flowersDue } from './pick';
import { discountPopShown, forcePushShown } from './rules';

const T0 = new Date(2026, 2, 2, 10, 0, 0).getTime();
const info = (over: Partial<DiscountInfo> = {}): DiscountInfo => ({
  holiday_key: 'spring',
  holiday_show: 1,
  step: 2,
  discount: 20,
  holiday_name: 'Spring Flower Days',
  end_time: 0,
  birthday_tip: 0,
  birthday_off: 0,
  ...over,
});

describe('which offer a page shows', () => {
  it('her holiday first, then her birthday, each once a day in each style', () => {
    const both = info({ birthday_tip: 2, birthday_off: 5 });
    expect(discountOffer(both, 'A2004', 'anchor', {}, T0)).toEqual({ kind: 'holiday', id: 'holiday:spring' });
    const seen = discountPopShown({}, 'holiday:spring', 'anchor', T0);
    expect(discountOffer(both, 'A2004', 'anchor', seen, T0)).toEqual({
      kind: 'birthday',
      id: 'birthday:A2004',
    });
    expect(discountOffer(both, 'A2004', 'room', seen, T0)?.kind).toBe('holiday');
    expect(discountOffer(info({ holiday_show: 0 }), 'A2001', 'anchor', {}, T0)).toBeUndefined();
  });

  it('flowers only when the server says yes and the record allows it', () => {
    expect(flowersDue(0, null, 'A2001', 'anchor', T0)).toBe(false);
    expect(flowersDue(1, null, 'A2001', 'room', T0)).toBe(true);
    const r = forcePushShown(null, 'A2001', 'live', T0);
    expect(flowersDue(1, r, 'A2001', 'room', T0 + 2 * 24 * 3600_000)).toBe(false);
    expect(flowersDue(1, r, 'A2001', 'livechat', T0 + 2 * 24 * 3600_000)).toBe(true);
  });
});
