/** The quiet moment (quiet-moment.ts): screens hold it while up; it ends when the last lets go. */
import { describe, expect, it } from 'vitest';
import { isComposer } from '../features/invites/composer-focus';
import { holdQuiet, isQuietMoment } from './quiet-moment';

describe('the quiet moment', () => {
  it('holds while any screen holds it, and releases once per hold', () => {
    expect(isQuietMoment()).toBe(false);
    const room = holdQuiet('live-room');
    const pay = holdQuiet('payment');
    const pay2 = holdQuiet('payment');
    expect(isQuietMoment()).toBe(true);
    room();
    room();
    pay();
    expect(isQuietMoment()).toBe(true);
    pay2();
    expect(isQuietMoment()).toBe(false);
  });

  it('counts focus in a composer, not in a search box or a button', () => {
    const el = (match: boolean) => ({ closest: () => (match ? {} : null) }) as unknown as Element;
    expect(isComposer(el(true))).toBe(true);
    expect(isComposer(el(false))).toBe(false);
    expect(isComposer(null)).toBe(false);
  });
});
