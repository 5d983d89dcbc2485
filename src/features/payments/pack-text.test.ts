import { describe, expect, it } from 'vitest';
import { moneyWords } from '../../../protocol/money';
import { chatminText, creditsText, packText, paySummary, priceText } from './pack-text';

describe('pack text', () => {
  const words = moneyWords('credits');
  it('says what he pays and what he gets', () => {
    expect(paySummary({ kind: 'credits', credits: 25, minutes: 0, price_cents: 2299 }, words)).toBe(
      'You pay $22.99 for 25 credits',
    );
    expect(paySummary({ kind: 'chatmin', credits: 0, minutes: 60, price_cents: 1799 }, words)).toBe(
      'You pay $17.99 for 60 chat minutes',
    );
    expect(priceText(7999)).toBe('$79.99');
    expect(priceText(1000)).toBe('$10.00');
  });
  it('follows the configured currency word', () => {
    expect(creditsText(1, words)).toBe('1 credit');
    expect(creditsText(10, moneyWords('coin'))).toBe('10 coins');
  });
  it('words chat minutes whatever the currency word', () => {
    expect(chatminText(1)).toBe('1 chat minute');
    expect(packText({ kind: 'chatmin', credits: 0, minutes: 120 }, moneyWords('coin'))).toBe(
      '120 chat minutes',
    );
  });
});
