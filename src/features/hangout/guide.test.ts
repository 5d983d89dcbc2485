import { describe, expect, it } from 'vitest';
import { guideSeen, takeGuideTurn } from './guide';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}
const day = (n: number, hour = 10) => new Date(2026, 10, n, hour);

describe('the hang-out guide', () => {
  it('shows once a day, at most 3 times, per member', () => {
    const store = memoryStore();
    expect(takeGuideTurn('M1001', day(1), store)).toBe(true);
    expect(takeGuideTurn('M1001', day(1, 22), store)).toBe(false);
    expect(takeGuideTurn('M1002', day(1), store)).toBe(true);
    expect(takeGuideTurn('M1001', day(2), store)).toBe(true);
    expect(takeGuideTurn('M1001', day(3), store)).toBe(true);
    expect(takeGuideTurn('M1001', day(4), store)).toBe(false);
  });

  it('stops once he has opened the friend layer, and survives a broken record', () => {
    const store = memoryStore();
    guideSeen('M1001', store);
    expect(takeGuideTurn('M1001', day(1), store)).toBe(false);
    store.setItem('hangoutenterguide', '{not json');
    expect(takeGuideTurn('M1001', day(1), store)).toBe(true);
  });
});
