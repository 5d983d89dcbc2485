import { describe, expect, it } from 'vitest';
import { BOOKING_MIN_LEAD_S, TIMETABLE_HOURS } from '../../../protocol/bookings/booking';
import { bookable, firstHourOf, inTimetable, slotsAhead, timeIdOf } from './timetable';

const HOUR = 3600_000;

describe('booking timetable', () => {
  it('gives each broadcaster the same 10 hours every day, on the hour', () => {
    const first = firstHourOf('A2002');
    expect(first).toBeGreaterThanOrEqual(8);
    expect(first).toBeLessThan(14);
    const day = Date.UTC(2026, 10, 23);
    const hours = Array.from({ length: 24 }, (_, h) => h).filter((h) => inTimetable('A2002', day + h * HOUR));
    expect(hours).toEqual(Array.from({ length: TIMETABLE_HOURS }, (_, i) => first + i));
    expect(inTimetable('A2002', day + first * HOUR + 60_000)).toBe(false);
  });

  it('offers slots from 30 minutes ahead for the days asked, and books up to 14 days ahead', () => {
    const now = Date.UTC(2026, 10, 22, 2, 13);
    const slots = slotsAhead('A2001', now, 3);
    expect(slots.length).toBe(3 * TIMETABLE_HOURS);
    expect(Math.min(...slots)).toBeGreaterThanOrEqual(now + BOOKING_MIN_LEAD_S * 1000);
    expect(Math.max(...slots)).toBeLessThanOrEqual(now + 3 * 24 * HOUR);
    const last = slots[slots.length - 1] as number;
    expect(bookable('A2001', last, now)).toBe(true);
    expect(bookable('A2001', last + 14 * 24 * HOUR, now)).toBe(false);
    expect(bookable('A2001', now + 10 * 60_000, now)).toBe(false);
    expect(timeIdOf('A2001', last)).toBe(`A2001-${last / 1000}`);
  });
});
