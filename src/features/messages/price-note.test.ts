import { describe, expect, it } from 'vitest';
import { priceNoteText } from './price-note';

const money = (c: number) => `${c.toFixed(2)} credits`;

describe('priceNoteText', () => {
  it('counts the free messages left and names the price after them', () => {
    expect(priceNoteText({ freeLeft: 3, credit: 0.5 }, money, 'Anna')).toBe(
      '3 free messages left with Anna, then 0.50 credits each.',
    );
    expect(priceNoteText({ freeLeft: 1, credit: 0.5 }, money)).toBe(
      '1 free message left with her, then 0.50 credits each.',
    );
  });

  it('names the price of the next message once the free ones are used', () => {
    expect(priceNoteText({ freeLeft: 0, credit: 0.7 }, money, 'Anna')).toBe(
      'Next message: 0.70 credits. Your free messages with Anna are used.',
    );
  });
});
