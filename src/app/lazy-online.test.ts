/** A chunk asked for offline waits for the network instead of failing for good. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './lazy-online';

const browser = { onLine: true };
const events = new EventTarget();

beforeEach(() => {
  browser.onLine = true;
  vi.stubGlobal('navigator', browser);
  vi.stubGlobal('window', events);
});
afterEach(() => vi.unstubAllGlobals());

const goOnline = () => {
  browser.onLine = true;
  events.dispatchEvent(new Event('online'));
};

describe('loadWhenOnline', () => {
  it('waits offline, then fetches again once the network is back', async () => {
    browser.onLine = false;
    let calls = 0;
    const load = vi.fn(async () => {
      calls++;
      if (!browser.onLine) throw new TypeError('Failed to fetch dynamically imported module');
      return 'chunk';
    });
    let settled = false;
    const loading = loadWhenOnline(load).finally(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    expect(calls).toBe(1);
    goOnline();
    await expect(loading).resolves.toBe('chunk');
    expect(calls).toBe(2);
  });

  it('online, tries once more at once and then reports the failure', async () => {
    const load = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    await expect(loadWhenOnline(load)).rejects.toThrow('dynamically imported');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a failure just as the network came back is tried again at once', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce('chunk');
    await expect(loadWhenOnline(load)).resolves.toBe('chunk');
  });
});
