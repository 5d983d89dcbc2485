/**
 * The offers' pop-up limits as pure logic on an injected clock (spec 001 §3 "Local flower force-push
 * record", "Introduce-service popup record"; §9; decisions in protocol/offers/offers.ts). Records are
 * plain data the caller keeps (store.ts: localStorage per member); every function returns a new one.
 */
import {
  FORCE_PUSH_CHAT_CLOSE_MS,
  FORCE_PUSH_CHAT_DELAY_MS,
  FORCE_PUSH_LIVE_DELAY_MS,
  FORCE_PUSH_MAX,
  FORCE_PUSH_WINDOW_MS,
  type ForcePushPlace,
  type HolidayPopStyle,
  INTRODUCE_MAX_PER_DAY,
  type IntroduceScene,
} from '../../../protocol/offers/offers';

/** The member's own calendar day, 'YYYY-MM-DD'. */
export function dayOf(now: number): string {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// ---- Flower force-push.

export interface ForcePushRecord {
  /** When this window's first show was, ms. */
  start: number;
  /** The day of the last show. */
  date: string;
  /** Shows in this window. */
  count: number;
  /** Per broadcaster, the places it showed for her in this window. */
  anchors: Record<string, Partial<Record<ForcePushPlace, 1>>>;
}

/** The record as of `now`: a window older than FORCE_PUSH_WINDOW_MS starts over. */
function current(record: ForcePushRecord | null, now: number): ForcePushRecord | null {
  return record && now - record.start < FORCE_PUSH_WINDOW_MS ? record : null;
}

/** Whether the force-push may show for her at `place` now. */
export function forcePushAllowed(
  record: ForcePushRecord | null,
  anchorId: string,
  place: ForcePushPlace,
  now: number,
): boolean {
  const r = current(record, now);
  if (!r) return true;
  if (r.count >= FORCE_PUSH_MAX) return false;
  if (r.date === dayOf(now)) return false;
  return !r.anchors[anchorId]?.[place];
}

/** The record after a show for her at `place`. */
export function forcePushShown(
  record: ForcePushRecord | null,
  anchorId: string,
  place: ForcePushPlace,
  now: number,
): ForcePushRecord {
  const r = current(record, now) ?? { start: now, date: '', count: 0, anchors: {} };
  return {
    start: r.start,
    date: dayOf(now),
    count: r.count + 1,
    anchors: { ...r.anchors, [anchorId]: { ...r.anchors[anchorId], [place]: 1 } },
  };
}

/** How long he must be at `place` before it shows. */
export function forcePushDelay(place: ForcePushPlace): number {
  if (place === 'live') return FORCE_PUSH_LIVE_DELAY_MS;
  if (place === 'chat') return FORCE_PUSH_CHAT_DELAY_MS;
  return 0;
}

/** When it closes by itself (only the chat's does). */
export function forcePushAutoClose(place: ForcePushPlace): number | undefined {
  return place === 'chat' ? FORCE_PUSH_CHAT_CLOSE_MS : undefined;
}

// ---- Introduce-service pop-up.

export interface IntroduceSceneRecord {
  date: string;
  times: number;
  /** He closed it today: no more shows in this scene today. */
  closed: boolean;
}
export type IntroduceRecord = Partial<Record<IntroduceScene, IntroduceSceneRecord>>;

const today = (record: IntroduceRecord, scene: IntroduceScene, now: number) => {
  const r = record[scene];
  return r && r.date === dayOf(now) ? r : { date: dayOf(now), times: 0, closed: false };
};

export function introduceAllowed(record: IntroduceRecord, scene: IntroduceScene, now: number): boolean {
  const r = today(record, scene, now);
  return !r.closed && r.times < INTRODUCE_MAX_PER_DAY;
}

export function introduceShown(record: IntroduceRecord, scene: IntroduceScene, now: number): IntroduceRecord {
  const r = today(record, scene, now);
  return { ...record, [scene]: { ...r, times: r.times + 1 } };
}

export function introduceClosed(
  record: IntroduceRecord,
  scene: IntroduceScene,
  now: number,
): IntroduceRecord {
  return { ...record, [scene]: { ...today(record, scene, now), closed: true } };
}

// ---- Holiday and birthday pops: once per offer per page style per day.

/** Offer ('holiday:spring', 'birthday:A2004') and style → the day it last showed. */
export type DiscountPopRecord = Record<string, string>;

const popKey = (offer: string, style: HolidayPopStyle) => `${offer}@${style}`;

export function discountPopAllowed(
  record: DiscountPopRecord,
  offer: string,
  style: HolidayPopStyle,
  now: number,
): boolean {
  return record[popKey(offer, style)] !== dayOf(now);
}

export function discountPopShown(
  record: DiscountPopRecord,
  offer: string,
  style: HolidayPopStyle,
  now: number,
): DiscountPopRecord {
  // Only today's entries are worth keeping.
  const kept = Object.fromEntries(Object.entries(record).filter(([, day]) => day === dayOf(now)));
  return { ...kept, [popKey(offer, style)]: dayOf(now) };
}
