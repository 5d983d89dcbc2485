/** The birthday banner texts (spec 001 §2 "Birthday banner"). */
import { BIRTHDAY_TIP } from '../../../protocol/constants';

export interface BirthdayBannerText {
  title: string;
  detail: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'March 4' from seconds since the epoch (the birthday is a calendar date: read in UTC). */
export function monthDay(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

export function birthdayBanner(tip: number, nickname: string, birthday: number): BirthdayBannerText | null {
  if (tip === BIRTHDAY_TIP.today)
    return { title: `Happy Birthday to ${nickname}!`, detail: "It's her Birthday" };
  if (tip === BIRTHDAY_TIP.upcoming)
    return {
      title: 'Birthday is Coming Soon',
      detail: birthday > 0 ? `Her Birthday is on ${monthDay(birthday)}` : 'Her birthday is on its way',
    };
  return null;
}
