import { describe, expect, it } from 'vitest';
import {
  FORCE_PUSH_CHAT_CLOSE_MS,
  FORCE_PUSH_CHAT_DELAY_MS,
  FORCE_PUSH_LIVE_DELAY_MS,
  FORCE_PUSH_WINDOW_MS,
  INTRODUCE_SCENES,
} from '../../../protocol/offers/offers';
import {
  discountPopAllowed,
  discountPopShown,
  type ForcePushRecord,
  forcePushAllowed,
  forcePushAutoClose,
  forcePushDelay,
  forcePushShown,
  type IntroduceRecord,
  introduceAllowed,
  introduceClosed,
  introduceShown,
} from './rules';

const DAY = 24 * 3600 * 1000;
const T0 = new Date(2026, 2, 2, 10, 0, 0).getTime();

describe('flower force-push', () => {
  it('shows at most 3 times in its 7-day window: a fourth is blocked until the window ends', () => {
    let r: ForcePushRecord | null = null;
    const anchors = ['A2001', 'A2002', 'A2003', 'A2004'];
    for (let i = 0; i < 3; i++) {
      const at = T0 + i * DAY;
      expect(forcePushAllowed(r, anchors[i] ?? '', 'anchor', at)).toBe(true);
      r = forcePushShown(r, anchors[i] ?? '', 'anchor', at);
    }
    expect(r?.count).toBe(3);
    expect(forcePushAllowed(r, 'A2004', 'anchor', T0 + 3 * DAY)).toBe(false);
    expect(forcePushAllowed(r, 'A2004', 'live', T0 + FORCE_PUSH_WINDOW_MS - 1)).toBe(false);
    // The window started at the first show; once it has passed, a new one starts.
    expect(forcePushAllowed(r, 'A2004', 'anchor', T0 + FORCE_PUSH_WINDOW_MS)).toBe(true);
    r = forcePushShown(r, 'A2004', 'anchor', T0 + FORCE_PUSH_WINDOW_MS);
    expect(r).toMatchObject({ start: T0 + FORCE_PUSH_WINDOW_MS, count: 1 });
    expect(r.anchors).toEqual({ A2004: { anchor: 1 } });
  });

  it('once a day, and once per place per broadcaster in the window', () => {
    let r = forcePushShown(null, 'A2001', 'anchor', T0);
    expect(forcePushAllowed(r, 'A2002', 'anchor', T0 + 3600_000)).toBe(false);
    expect(forcePushAllowed(r, 'A2001', 'anchor', T0 + DAY)).toBe(false);
    expect(forcePushAllowed(r, 'A2001', 'live', T0 + DAY)).toBe(true);
    r = forcePushShown(r, 'A2001', 'live', T0 + DAY);
    expect(r.anchors.A2001).toEqual({ anchor: 1, live: 1 });
    expect(forcePushAllowed(r, 'A2001', 'chat', T0 + 2 * DAY)).toBe(true);
    expect(forcePushAllowed(r, 'A2001', 'success', T0 + 2 * DAY)).toBe(true);
  });

  it('waits 5 minutes in her room and 10 in a live chat, where it closes after 60 s', () => {
    expect(forcePushDelay('anchor')).toBe(0);
    expect(forcePushDelay('live')).toBe(FORCE_PUSH_LIVE_DELAY_MS);
    expect(FORCE_PUSH_LIVE_DELAY_MS).toBe(5 * 60_000);
    expect(forcePushDelay('chat')).toBe(FORCE_PUSH_CHAT_DELAY_MS);
    expect(FORCE_PUSH_CHAT_DELAY_MS).toBe(10 * 60_000);
    expect(forcePushAutoClose('chat')).toBe(FORCE_PUSH_CHAT_CLOSE_MS);
    expect(FORCE_PUSH_CHAT_CLOSE_MS).toBe(60_000);
    expect(forcePushAutoClose('live')).toBeUndefined();
    expect(forcePushAutoClose('anchor')).toBeUndefined();
  });
});

describe('introduce-service pop-up', () => {
  it('shows at most 3 times a day in each scene, counted apart', () => {
    let r: IntroduceRecord = {};
    for (let i = 0; i < 3; i++) {
      expect(introduceAllowed(r, 'index', T0 + i * 60_000)).toBe(true);
      r = introduceShown(r, 'index', T0 + i * 60_000);
    }
    expect(introduceAllowed(r, 'index', T0 + 3600_000)).toBe(false);
    for (const scene of INTRODUCE_SCENES.filter((s) => s !== 'index'))
      expect(introduceAllowed(r, scene, T0)).toBe(true);
    // The next day counts from zero.
    expect(introduceAllowed(r, 'index', T0 + DAY)).toBe(true);
    r = introduceShown(r, 'index', T0 + DAY);
    expect(r.index).toMatchObject({ times: 1, closed: false });
  });

  it('closing it ends that scene for the day', () => {
    let r = introduceShown({}, 'chat', T0);
    r = introduceClosed(r, 'chat', T0 + 1000);
    expect(introduceAllowed(r, 'chat', T0 + 2000)).toBe(false);
    expect(introduceAllowed(r, 'live', T0 + 2000)).toBe(true);
    expect(introduceAllowed(r, 'chat', T0 + DAY)).toBe(true);
  });
});

describe('holiday and birthday pops', () => {
  it('once per offer per page style per day', () => {
    let r = discountPopShown({}, 'holiday:spring', 'anchor', T0);
    expect(discountPopAllowed(r, 'holiday:spring', 'anchor', T0 + 3600_000)).toBe(false);
    expect(discountPopAllowed(r, 'holiday:spring', 'room', T0 + 3600_000)).toBe(true);
    expect(discountPopAllowed(r, 'birthday:A2004', 'anchor', T0)).toBe(true);
    expect(discountPopAllowed(r, 'holiday:spring', 'anchor', T0 + DAY)).toBe(true);
    r = discountPopShown(r, 'holiday:spring', 'room', T0 + DAY);
    // Yesterday's entries are dropped.
    expect(Object.keys(r)).toEqual(['holiday:spring@room']);
  });
});
