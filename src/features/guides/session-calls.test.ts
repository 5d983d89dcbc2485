import { describe, expect, it, vi } from 'vitest';
import { countPageVisit, measureProbe, trackingCookies } from './session-calls';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('session calls', () => {
  it('counts +20 per page visit', () => {
    const store = memory();
    expect(countPageVisit(store)).toBe(20);
    expect(countPageVisit(store)).toBe(40);
  });

  it('keeps the tracking keys of the address for 2 days', () => {
    const lines = trackingCookies('https://g.example/?utm_source=ads&x=1#/masterlist?clickFrom=A01');
    expect(lines).toEqual([
      'gl_utm_source=ads; Max-Age=172800; path=/; SameSite=Lax',
      'gl_clickFrom=A01; Max-Age=172800; path=/; SameSite=Lax',
    ]);
    expect(trackingCookies('https://g.example/#/home')).toEqual([]);
  });

  it('times the probe, and answers -1 after 8 s', async () => {
    let t = 1000;
    expect(
      await measureProbe(
        async () => {
          t += 84;
        },
        () => t,
      ),
    ).toBe(84);
    vi.useFakeTimers();
    const slow = measureProbe(
      () => new Promise(() => {}),
      () => 0,
      8000,
    );
    await vi.advanceTimersByTimeAsync(8000);
    expect(await slow).toBe(-1);
    vi.useRealTimers();
    expect(await measureProbe(() => Promise.reject(new Error('down')))).toBe(-1);
  });
});
