/**
 * The demo broadcasters: who is online, live or offline, what each offers, and birthdays placed
 * relative to the seed date so a few carry a birthday tip when the demo starts.
 */
import type { AnchorPriv, Flag } from '../../protocol/types';
import { ageOn, isoDate } from '../storage/birthday';
import type { AnchorState } from '../storage/contract';
import { BROADCASTER_PEOPLE, INTRODUCTION_SIZES, introduction } from './people';
import { createPrng, type Prng } from './prng';

export interface AnchorSeed {
  userid: string;
  nickname: string;
  /** 'YYYY-MM-DD'. */
  birthday: string;
  country: string;
  city: string;
  introduction: string;
  state: AnchorState;
  publicRoomId: string;
  roomType: number;
  anchorType: 1 | 2;
  accountStatus: number;
  isFeatured: boolean;
  hotScore: number;
  priv: AnchorPriv;
  interests: number[];
  /** When she joined: a few within NEW_ANCHOR_DAYS (Discover's "New" filter), the rest long ago. */
  joinedAt: Date;
}

export const FIRST_ANCHOR_NUMBER = 2001;
const anchorId = (n: number) => `A${FIRST_ANCHOR_NUMBER - 1 + n}`;

/** By position (1 = A2001). A2001 is online and A2002 live: they are the demo broadcaster logins. */
const LIVE = new Set([2, 5, 9, 13, 18, 22, 27, 31, 36, 41, 47, 53]);
const ONLINE = new Set([1, 3, 4, 7, 8, 11, 14, 16, 19, 21, 24, 26, 29, 33, 38, 43, 45, 50, 56, 60]);
/** Online but without one-on-one, so cards without Invite One-on-One exist. */
const ONLINE_WITHOUT_ONEONONE = new Set([16, 45]);
const HONOURABLE = new Set([3, 11, 20, 28, 42, 55]);
const FEATURED = new Set([2, 3, 5, 7, 9, 14, 19, 24, 33, 40]);
/** Offline broadcasters pinned with and without booking: Book One-on-One and Send Mail both appear. */
const OFFLINE_BOOKING = new Set([6, 10, 12, 15]);
const OFFLINE_NO_BOOKING = new Set([17, 20, 23, 25, 28]);
/** Days from the seed date to the next birthday: 0 is today (tip 2), 1..7 upcoming (tip 1). */
const BIRTHDAY_IN_DAYS: ReadonlyMap<number, number> = new Map([
  [4, 0],
  [37, 0],
  [8, 3],
  [13, 1],
  [25, 6],
  [48, 2],
]);
export const SUSPENDED_ANCHOR = 64;
/** Joined in the last days, so Discover's "New" filter finds them (A2007 online, A2021 online, the rest offline). */
export const NEW_ANCHORS = new Set([7, 21, 30, 44, 52, 58]);

/** Days since she joined, without drawing from the prng (which would reshuffle every other field). */
const joinedDaysAgo = (n: number) => (NEW_ANCHORS.has(n) ? 1 + (n % 20) : 60 + ((n * 37) % 700));

const DAY_MS = 24 * 3600 * 1000;
const flag = (on: boolean): Flag => (on ? 1 : 0);

/** A birthday `inDays` days after `now` (month and day) in the year that makes her `age` today. */
export function birthdayFor(now: Date, age: number, inDays: number): string {
  const next = new Date(now.getTime() + inDays * DAY_MS);
  const month = next.getUTCMonth();
  const day = next.getUTCDate();
  let fallback: Date | undefined;
  for (let year = now.getUTCFullYear() - age; year > now.getUTCFullYear() - age - 8; year--) {
    const date = new Date(Date.UTC(year, month, day));
    // Feb 29 exists only in leap years: skip the others rather than move the day.
    if (date.getUTCDate() !== day) continue;
    if (ageOn(date, now) === age) return isoDate(date);
    fallback ??= date;
  }
  return isoDate(fallback ?? new Date(Date.UTC(now.getUTCFullYear() - age - 1, month, day)));
}

function state(n: number): AnchorState {
  if (LIVE.has(n)) return 'live';
  if (ONLINE.has(n)) return 'online';
  return 'offline';
}

function privileges(n: number, anchorState: AnchorState, prng: Prng): AnchorPriv {
  let oneonone = anchorState === 'online' ? !ONLINE_WITHOUT_ONEONONE.has(n) : prng.chance(0.5);
  let booking = prng.chance(0.5);
  if (OFFLINE_BOOKING.has(n)) booking = true;
  if (OFFLINE_NO_BOOKING.has(n)) booking = false;
  if (n === 1) {
    oneonone = true;
    booking = true;
  }
  return {
    oneonone: flag(oneonone),
    booking: flag(booking),
    hangout: flag(prng.chance(0.35)),
    call_instant: flag(prng.chance(0.25)),
    call_schedule: flag(prng.chance(0.3)),
    flower_sent: 1,
    priv_mb_h5_show_gift: 1,
  };
}

export function demoAnchors(now: Date): AnchorSeed[] {
  const prng = createPrng(20_01);
  return BROADCASTER_PEOPLE.map(([nickname, country, city], index) => {
    const n = index + 1;
    const anchorState = state(n);
    const age = prng.int(22, 45);
    const interests = prng
      .sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], prng.int(3, 6))
      .sort((a, b) => a - b);
    const parts = {
      opening: prng.int(0, INTRODUCTION_SIZES.openings - 1),
      closing: prng.int(0, INTRODUCTION_SIZES.closings - 1),
      extra: prng.chance(0.5) ? prng.int(0, INTRODUCTION_SIZES.extras - 1) : -1,
    };
    // Keep the others' birthdays clear of the tip window so exactly the chosen few carry one.
    const inDays = BIRTHDAY_IN_DAYS.get(n) ?? prng.int(12, 350);
    const live = anchorState === 'live';
    const number = FIRST_ANCHOR_NUMBER - 1 + n;
    return {
      userid: anchorId(n),
      nickname,
      birthday: birthdayFor(now, age, inDays),
      country,
      city,
      // Interests shuffled for the sentence so two broadcasters with the same hobbies read differently.
      introduction: introduction(city, prng.sample(interests, 2), parts),
      state: anchorState,
      publicRoomId: live ? `PR${number}` : '',
      roomType: live ? (n % 3 === 0 ? 3 : 1) : 0,
      anchorType: HONOURABLE.has(n) ? 2 : 1,
      accountStatus: n === SUSPENDED_ANCHOR ? 3 : 1,
      isFeatured: FEATURED.has(n),
      hotScore: prng.int(120, 9800) + (anchorState === 'offline' ? 0 : 1500),
      priv: privileges(n, anchorState, prng),
      interests,
      joinedAt: new Date(now.getTime() - joinedDaysAgo(n) * DAY_MS),
    };
  });
}
