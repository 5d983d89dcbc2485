import { describe, expect, it } from 'vitest';
import { MONEY_KEY_DEFAULTS, parseMoneyKeys } from './settings';

describe('MONEY_KEYS', () => {
  it('overrides the defaults with credits', () => {
    expect(parseMoneyKeys('', MONEY_KEY_DEFAULTS)).toEqual(MONEY_KEY_DEFAULTS);
    expect(parseMoneyKeys('timer_gold_private=0.2, send_toast_credit=1', MONEY_KEY_DEFAULTS)).toEqual({
      ...MONEY_KEY_DEFAULTS,
      timer_gold_private: 0.2,
      send_toast_credit: 1,
    });
  });
  it('refuses unknown keys and values that are not credits', () => {
    expect(parseMoneyKeys('timer_gold=0.2', MONEY_KEY_DEFAULTS)).toMatch(/unknown key/);
    expect(parseMoneyKeys('timer_gold_private=-1', MONEY_KEY_DEFAULTS)).toMatch(/credits/);
    expect(parseMoneyKeys('timer_gold_private=0.123', MONEY_KEY_DEFAULTS)).toMatch(/credits/);
  });
});
