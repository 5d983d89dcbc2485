import { describe, expect, it } from 'vitest';
import { birthdayBanner, monthDay } from './birthday';

describe('birthday banner', () => {
  const march4 = Date.UTC(1996, 2, 4) / 1000;
  it('says the birthday is coming with its date', () => {
    expect(birthdayBanner(1, 'Anna', march4)).toEqual({
      title: 'Birthday is Coming Soon',
      detail: 'Her Birthday is on March 4',
    });
  });
  it('says it is her birthday today', () => {
    expect(birthdayBanner(2, 'Anna', march4)).toEqual({
      title: 'Happy Birthday to Anna!',
      detail: "It's her Birthday",
    });
  });
  it('shows nothing otherwise', () => {
    expect(birthdayBanner(0, 'Anna', march4)).toBeNull();
  });
  it('reads the date as a calendar date', () => {
    expect(monthDay(Date.UTC(2000, 11, 31) / 1000)).toBe('December 31');
  });
});
