import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('../../api/anchors', () => ({
  getFeaturedAnchors: vi.fn(async () => {
    calls.push('featured');
    return { list: [], total: calls.length };
  }),
  getOnlineAnchors: vi.fn(async () => {
    calls.push('online');
    return { list: [], total: calls.length };
  }),
}));

const { askDiscoverListsEarly, loadDiscoverList } = await import('./early-lists');

afterEach(() => {
  calls.length = 0;
  vi.useRealTimers();
});

describe("Discover's lists asked for early", () => {
  it('the page takes the early answer once, then asks afresh', async () => {
    askDiscoverListsEarly();
    expect(calls).toEqual(['featured', 'online']);
    await loadDiscoverList('featured');
    await loadDiscoverList('online');
    expect(calls).toEqual(['featured', 'online']);
    await loadDiscoverList('featured');
    expect(calls).toEqual(['featured', 'online', 'featured']);
  });

  it('an early answer left too long is not used', async () => {
    vi.useFakeTimers();
    askDiscoverListsEarly();
    vi.advanceTimersByTime(11_000);
    await loadDiscoverList('online');
    expect(calls).toEqual(['featured', 'online', 'online']);
  });
});
