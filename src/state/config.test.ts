import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../protocol/money';
import { currencyOf } from './config';

describe('currency from configuration', () => {
  it("defaults to 'credits' and multiplier 1", () => {
    const { words, multiplier } = currencyOf(null);
    expect(words).toEqual({ singular: 'credit', plural: 'credits', Singular: 'Credit', Plural: 'Credits' });
    expect(multiplier).toBe(1);
  });

  it('derives the word forms and applies the multiplier', () => {
    const { words, multiplier } = currencyOf({ money_type: 'coin', money_multiplier: 10 });
    expect(words.plural).toBe('coins');
    expect(words.Singular).toBe('Coin');
    expect(formatMoney(1.25, multiplier)).toBe('12.50');
  });
});
