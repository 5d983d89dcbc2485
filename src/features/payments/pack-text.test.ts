import { describe, expect, it } from 'vitest';
import { moneyWords } from '../../../protocol/money';
import { creditsText, paySummary, priceText } from './pack-text';

describe('pack text', () => {
  const words = moneyWords('credits');
  it('says what he pays and what he gets', () => {
    expect(paySummary({ credits: 25, price_cents: 2299 }, words)).toBe('You pay $22.99 for 25 credits');
    expect(priceText(7999)).toBe('$79.99');
    expect(priceText(1000)).toBe('$10.00');
  });
  it('follows the configured currency word', () => {
    expect(creditsText(1, words)).toBe('1 credit');
    expect(creditsText(10, moneyWords('coin'))).toBe('10 coins');
  });
});
