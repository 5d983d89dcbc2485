/**
 * The hang-out guide (spec 001 §4, §5): on a broadcaster's page at most 3 times, once a day, per
 * member, kept in localStorage under `hangoutenterguide` as {count, day, seen} by user id. Once he
 * has opened the friend layer (`seen`) it shows no more.
 */
import { HANGOUT_GUIDE_KEY, HANGOUT_GUIDE_MAX } from '../../../protocol/hangouts/hangout';

export interface GuideRecord {
  count: number;
  /** The day it last showed, YYYY-MM-DD in his time zone (the spec's date mask). */
  day: string;
  seen: boolean;
}
type Store = Pick<Storage, 'getItem' | 'setItem'>;

const dayOf = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

function read(store: Store): Record<string, GuideRecord> {
  try {
    const value = JSON.parse(store.getItem(HANGOUT_GUIDE_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, GuideRecord>) : {};
  } catch {
    return {};
  }
}

/** Whether the guide shows now; showing it counts (the caller shows it when this says true). */
export function takeGuideTurn(userid: string, now: Date, store: Store = localStorage): boolean {
  const all = read(store);
  const mine = all[userid] ?? { count: 0, day: '', seen: false };
  const today = dayOf(now);
  if (mine.seen || mine.count >= HANGOUT_GUIDE_MAX || mine.day === today) return false;
  all[userid] = { ...mine, count: mine.count + 1, day: today };
  store.setItem(HANGOUT_GUIDE_KEY, JSON.stringify(all));
  return true;
}

/** He opened the friend layer: the guide has done its work. */
export function guideSeen(userid: string, store: Store = localStorage): void {
  const all = read(store);
  all[userid] = { ...(all[userid] ?? { count: 0, day: '' }), seen: true };
  store.setItem(HANGOUT_GUIDE_KEY, JSON.stringify(all));
}
