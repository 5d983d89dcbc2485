/**
 * Birthdays are calendar dates held as UTC midnight; the tip compares month and day in UTC
 * (birthday_tip: 1 within the next 7 days, 2 today; spec 001 §3).
 */
import { BIRTHDAY_TIP } from '../../protocol/constants';

const DAY_MS = 24 * 3600 * 1000;
export const BIRTHDAY_UPCOMING_DAYS = 7;

/** '1990-03-04' as a Date at UTC midnight. */
export function dateFromIso(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The Date as 'YYYY-MM-DD' (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole years old on `now` (UTC). */
export function ageOn(birthday: Date, now: Date): number {
  const years = now.getUTCFullYear() - birthday.getUTCFullYear();
  const before =
    now.getUTCMonth() < birthday.getUTCMonth() ||
    (now.getUTCMonth() === birthday.getUTCMonth() && now.getUTCDate() < birthday.getUTCDate());
  return before ? years - 1 : years;
}

/** 0 none, 1 upcoming within 7 days, 2 today. */
export function birthdayTip(birthday: Date, now: Date): 0 | 1 | 2 {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let next = Date.UTC(now.getUTCFullYear(), birthday.getUTCMonth(), birthday.getUTCDate());
  if (next < today) next = Date.UTC(now.getUTCFullYear() + 1, birthday.getUTCMonth(), birthday.getUTCDate());
  const days = Math.round((next - today) / DAY_MS);
  if (days === 0) return BIRTHDAY_TIP.today;
  return days <= BIRTHDAY_UPCOMING_DAYS ? BIRTHDAY_TIP.upcoming : BIRTHDAY_TIP.none;
}
