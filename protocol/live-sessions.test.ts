import { expect, it } from 'vitest';
import { sessionCostHundredths } from './live-sessions';

it('charges the minutes paid beyond the prepaid ones at the rate, never below zero', () => {
  expect(sessionCostHundredths(30, 3, 0)).toBe(90);
  expect(sessionCostHundredths(30, 7, 5)).toBe(60);
  expect(sessionCostHundredths(30, 5, 5)).toBe(0);
  // A free room keeps no paid minutes; a deposit larger than the time used costs nothing more.
  expect(sessionCostHundredths(0, 0, 0)).toBe(0);
  expect(sessionCostHundredths(30, 1, 5)).toBe(0);
});
