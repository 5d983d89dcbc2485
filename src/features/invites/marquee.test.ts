import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TITLE_MARQUEE_MS, TITLE_MARQUEE_STEP_MS } from '../../../protocol/realtime';
import { createTitleMarquee, marqueeFrame } from './marquee';

describe('the title marquee (spec 000 §4)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('rotates the title one character per step', () => {
    const gap = '\u00a0\u00a0\u00a0';
    expect(marqueeFrame('Home', 1)).toBe(`ome${gap}H`);
    expect(marqueeFrame('Home', 7)).toBe(`Home${gap}`);
  });

  it('scrolls for 3 minutes in 100 ms steps, then restores the title', () => {
    const host = { title: 'Discover - Glimmer' };
    const marquee = createTitleMarquee(host);
    marquee.start(Date.now());
    vi.advanceTimersByTime(TITLE_MARQUEE_STEP_MS);
    expect(host.title).toBe(marqueeFrame('Discover - Glimmer', 1));
    vi.advanceTimersByTime(TITLE_MARQUEE_STEP_MS);
    expect(host.title).toBe(marqueeFrame('Discover - Glimmer', 2));
    vi.advanceTimersByTime(TITLE_MARQUEE_MS - 3 * TITLE_MARQUEE_STEP_MS);
    expect(marquee.running).toBe(true);
    vi.advanceTimersByTime(TITLE_MARQUEE_STEP_MS);
    expect(marquee.running).toBe(false);
    expect(host.title).toBe('Discover - Glimmer');
  });

  it('keeps scrolling the original title when the host normalises whitespace, as document.title does', () => {
    let stored = 'Discover · Glimmer';
    const host = {
      get title() {
        return stored;
      },
      set title(value: string) {
        stored = value.replace(/[ \t\n]+/g, ' ').trim();
      },
    };
    const marquee = createTitleMarquee(host);
    marquee.start(Date.now());
    vi.advanceTimersByTime(9 * TITLE_MARQUEE_STEP_MS);
    expect(host.title).toBe(marqueeFrame('Discover · Glimmer', 9).trim());
    vi.advanceTimersByTime(TITLE_MARQUEE_MS);
    expect(host.title).toBe('Discover · Glimmer');
  });

  it('a new invitation extends the run; a title set meanwhile is the one scrolled and restored', () => {
    const host = { title: 'Home' };
    const marquee = createTitleMarquee(host);
    marquee.start(Date.now());
    vi.advanceTimersByTime(60_000);
    marquee.start(Date.now());
    host.title = 'Profile';
    vi.advanceTimersByTime(TITLE_MARQUEE_MS - 1);
    expect(marquee.running).toBe(true);
    expect(host.title).not.toBe('Profile');
    vi.advanceTimersByTime(TITLE_MARQUEE_STEP_MS);
    expect(host.title).toBe('Profile');
  });
});
