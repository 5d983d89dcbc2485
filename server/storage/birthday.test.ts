import { describe, expect, it } from 'vitest';
import { ageOn, birthdayTip, dateFromIso } from './birthday';

const now = new Date('2026-03-10T15:00:00Z');

describe('birthday', () => {
  it('gives tip 2 today, 1 within the next 7 days, 0 otherwise', () => {
    expect(birthdayTip(dateFromIso('1990-03-10'), now)).toBe(2);
    expect(birthdayTip(dateFromIso('1990-03-11'), now)).toBe(1);
    expect(birthdayTip(dateFromIso('1990-03-17'), now)).toBe(1);
    expect(birthdayTip(dateFromIso('1990-03-18'), now)).toBe(0);
    expect(birthdayTip(dateFromIso('1990-03-09'), now)).toBe(0);
  });

  it('looks across the new year', () => {
    expect(birthdayTip(dateFromIso('1995-01-02'), new Date('2026-12-29T08:00:00Z'))).toBe(1);
  });

  it('counts whole years', () => {
    expect(ageOn(dateFromIso('1990-03-10'), now)).toBe(36);
    expect(ageOn(dateFromIso('1990-03-11'), now)).toBe(35);
  });
});
