/** The publish form's values, pure: defaults, and the GMT date-time field to and from seconds. */
import { SHOW_LIMITS, ShowMessages } from '../../../../protocol/shows/shows';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:MM' in GMT (the value of a datetime-local field read as GMT). */
export function gmtFieldValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Seconds since the epoch from a 'YYYY-MM-DDTHH:MM' field read as GMT; NaN when malformed. */
export function secondsFromGmtField(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) / 1000;
}

/** The default start: an hour from now, on the next 5 minutes. */
export function defaultStartMs(now: number): number {
  const step = 5 * 60_000;
  return Math.ceil((now + 60 * 60_000) / step) * step;
}

export interface PublishDraft {
  title: string;
  introduce: string;
  start: string;
  duration: number;
  price: string;
  tickets: number;
}

export const emptyDraft = (now: number): PublishDraft => ({
  title: '',
  introduce: '',
  start: gmtFieldValue(defaultStartMs(now)),
  duration: 30,
  price: '2.00',
  tickets: 20,
});

/** What is wrong with the draft before it is sent, in words; '' when it can go. */
export function draftProblem(draft: PublishDraft, now: number): string {
  if (!draft.title.trim()) return 'Please give your show a title.';
  const start = secondsFromGmtField(draft.start);
  if (!Number.isFinite(start)) return 'Please choose the start date and time (GMT).';
  const lead = start - now / 1000;
  if (lead < SHOW_LIMITS.minLeadS || lead > SHOW_LIMITS.maxLeadS) return ShowMessages.showTime;
  if (
    !Number.isInteger(draft.duration) ||
    draft.duration < SHOW_LIMITS.durationMin ||
    draft.duration > SHOW_LIMITS.durationMax
  )
    return `The duration is ${SHOW_LIMITS.durationMin} to ${SHOW_LIMITS.durationMax} minutes.`;
  const price = Number(draft.price);
  if (
    !/^\d+(\.\d{1,2})?$/.test(draft.price.trim()) ||
    price < SHOW_LIMITS.priceMin ||
    price > SHOW_LIMITS.priceMax
  )
    return `The price is between ${SHOW_LIMITS.priceMin} and ${SHOW_LIMITS.priceMax} with at most 2 decimals.`;
  if (!Number.isInteger(draft.tickets) || draft.tickets < 1 || draft.tickets > SHOW_LIMITS.capacityMax)
    return `Tickets: 1 to ${SHOW_LIMITS.capacityMax}.`;
  return '';
}
