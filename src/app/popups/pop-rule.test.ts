import { describe, expect, it } from 'vitest';
import { STARTUP_SETTLE_MS } from '../../../protocol/guides/guides';
import {
  firstInOrder,
  type InstallHistory,
  installPromptDue,
  isReturning,
  recordInstallPrompt,
  StartupTurns,
} from './pop-rule';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);

/** A session cookie and a timer queue on a hand-moved clock. */
function fakeSession() {
  let taken = false;
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const turns = new StartupTurns({
    taken: () => taken,
    take: () => {
      taken = true;
    },
    later: (run, ms) => timers.push({ at: now + ms, run }),
  });
  const advance = async (ms: number) => {
    now += ms;
    for (const t of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.run();
    }
    await Promise.resolve();
  };
  return { turns, advance, isTaken: () => taken, newSession: () => (taken = false) };
}

describe('start-up pop-ups: one per session, in the spec order', () => {
  it('orders the spec list: new guide banner, welcome, featured ad, voucher, gift package, hang-out guide', () => {
    expect(
      firstInOrder(['hangoutGuide', 'giftPackage', 'voucher', 'featuredAd', 'welcome', 'newGuide']),
    ).toBe('newGuide');
    expect(firstInOrder(['hangoutGuide', 'giftPackage', 'voucher', 'featuredAd', 'welcome'])).toBe('welcome');
    expect(firstInOrder(['hangoutGuide', 'giftPackage', 'voucher', 'featuredAd'])).toBe('featuredAd');
    expect(firstInOrder(['hangoutGuide', 'giftPackage', 'voucher'])).toBe('voucher');
    expect(firstInOrder(['hangoutGuide', 'giftPackage'])).toBe('giftPackage');
    expect(firstInOrder(['appInstall', 'returning', 'hangoutGuide'])).toBe('hangoutGuide');
    expect(firstInOrder([])).toBeUndefined();
  });

  it('grants the turn to the first in order among those asking together, and to no one else', async () => {
    const s = fakeSession();
    const install = s.turns.ask('appInstall');
    const voucher = s.turns.ask('voucher');
    const returning = s.turns.ask('returning');
    await s.advance(STARTUP_SETTLE_MS - 1);
    expect(s.isTaken()).toBe(false);
    await s.advance(1);
    expect(await Promise.all([install, voucher, returning])).toEqual([false, true, false]);
    expect(s.isTaken()).toBe(true);
  });

  it('shows at most one pop-up per session: a later ask is refused at once', async () => {
    const s = fakeSession();
    const first = s.turns.ask('returning');
    await s.advance(STARTUP_SETTLE_MS);
    expect(await first).toBe(true);
    expect(await s.turns.ask('sayHiGuide')).toBe(false);
    // A new browser session (the cookie gone) has a turn again.
    s.newSession();
    const next = s.turns.ask('sayHiGuide');
    await s.advance(STARTUP_SETTLE_MS);
    expect(await next).toBe(true);
  });

  it('the terms overlay takes the turn at once and whoever waits stays closed', async () => {
    const s = fakeSession();
    const voucher = s.turns.ask('voucher');
    s.turns.takeNow();
    expect(await voucher).toBe(false);
    expect(await s.turns.ask('newGuide')).toBe(false);
  });
});

describe('the app-install prompt: at most 3 times, once a day, within 14 days', () => {
  const showOn = (h: InstallHistory | null, at: number) =>
    recordInstallPrompt(h, at, installPromptDue(h, at));

  it('shows on the first visit, not again the same day, again a day later', () => {
    expect(installPromptDue(null, T0)).toBe(true);
    const h = showOn(null, T0);
    expect(h.shown).toEqual([T0]);
    expect(installPromptDue(h, T0 + DAY - 1)).toBe(false);
    expect(installPromptDue(h, T0 + DAY)).toBe(true);
  });

  it('stops after 3 times', () => {
    let h: InstallHistory | null = null;
    for (let day = 0; day < 10; day++) h = showOn(h, T0 + day * DAY);
    expect(h?.shown).toEqual([T0, T0 + DAY, T0 + 2 * DAY]);
    expect(installPromptDue(h, T0 + 11 * DAY)).toBe(false);
  });

  it('stops 14 days after the first visit, even if shown fewer times', () => {
    const h = recordInstallPrompt(null, T0, false);
    expect(installPromptDue(h, T0 + 14 * DAY)).toBe(true);
    expect(installPromptDue(h, T0 + 14 * DAY + 1)).toBe(false);
  });
});

describe('the returning-member window: 30 days', () => {
  it('applies from 30 days away, not before, and not on a first visit', () => {
    expect(isReturning(T0, T0 + 30 * DAY)).toBe(true);
    expect(isReturning(T0, T0 + 30 * DAY - 1)).toBe(false);
    expect(isReturning(undefined, T0)).toBe(false);
    expect(isReturning(0, T0)).toBe(false);
  });
});

describe('a pop-up whose page closed', () => {
  it('withdraws without taking the session turn', async () => {
    const s = fakeSession();
    const guide = s.turns.ask('sayHiGuide');
    s.turns.withdraw('sayHiGuide');
    expect(await guide).toBe(false);
    await s.advance(STARTUP_SETTLE_MS);
    expect(s.isTaken()).toBe(false);
  });
});
