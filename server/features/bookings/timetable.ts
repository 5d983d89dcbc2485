/**
 * A broadcaster's booking timetable (ours: the spec shows slots, not how they are made). Slots are
 * on the hour (UTC), TIMETABLE_HOURS consecutive hours a day from a first hour derived from her id,
 * so every process computes the same timetable without storing it.
 */
import {
  BOOKING_MIN_LEAD_S,
  SCHEDULE_REQUEST_MAX_S,
  TIMETABLE_FIRST_HOUR_MIN,
  TIMETABLE_FIRST_HOUR_SPAN,
  TIMETABLE_HOURS,
} from '../../../protocol/bookings/booking';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export function firstHourOf(anchorId: string): number {
  let h = 0;
  for (const c of anchorId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return TIMETABLE_FIRST_HOUR_MIN + (h % TIMETABLE_FIRST_HOUR_SPAN);
}

/** The slot's id as answered in book_time[].time_id and expected back. */
export const timeIdOf = (anchorId: string, ms: number) => `${anchorId}-${Math.floor(ms / 1000)}`;

export function inTimetable(anchorId: string, ms: number): boolean {
  if (ms % HOUR_MS !== 0) return false;
  const hour = new Date(ms).getUTCHours();
  const first = firstHourOf(anchorId);
  return hour >= first && hour < first + TIMETABLE_HOURS;
}

/** Whether a slot may be booked at `now`: hers, far enough ahead, not too far. */
export function bookable(anchorId: string, ms: number, now: number): boolean {
  return (
    inTimetable(anchorId, ms) &&
    ms >= now + BOOKING_MIN_LEAD_S * 1000 &&
    ms <= now + SCHEDULE_REQUEST_MAX_S * 1000
  );
}

/** Her slots (ms) from `now + lead` to `now + days`. */
export function slotsAhead(anchorId: string, now: number, days: number): number[] {
  const out: number[] = [];
  const from = now + BOOKING_MIN_LEAD_S * 1000;
  const to = now + days * DAY_MS;
  for (let t = Math.ceil(from / HOUR_MS) * HOUR_MS; t <= to; t += HOUR_MS) {
    if (inTimetable(anchorId, t)) out.push(t);
  }
  return out;
}
