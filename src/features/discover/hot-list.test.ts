import { describe, expect, it } from 'vitest';
import type { AnchorCard } from '../../../protocol/types';
import { type HotListEvent, type HotListState, hotListReducer, initialHotList, loadMore } from './hot-list';

const cards = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ userid: `A${2001 + from + i}` }) as AnchorCard);
const ids = (s: HotListState) => s.items.map((a) => a.userid);

/** A server of `total` broadcasters A2001.. by rank; records the starts asked for. */
function server(total: number) {
  const starts: number[] = [];
  const fetchPage = async (start: number, step: number) => {
    starts.push(start);
    return cards(start, Math.max(0, Math.min(step, total - start)));
  };
  return { starts, fetchPage };
}

const noop = (_: HotListEvent) => {};

describe('hot list load-more states', () => {
  it('starts loading at 0 and offers more after a full page of 7', async () => {
    expect(initialHotList).toMatchObject({ start: 0, status: 'loading' });
    const { starts, fetchPage } = server(30);
    const s = await loadMore(initialHotList, 7, 7, fetchPage, noop);
    expect(s).toMatchObject({ start: 7, status: 'loadmore' });
    expect(s.items).toHaveLength(7);
    expect(starts).toEqual([0]);
  });

  it('asks for the next page from 7, 14, ...', async () => {
    const { starts, fetchPage } = server(30);
    let s = await loadMore(initialHotList, 7, 7, fetchPage, noop);
    s = await loadMore(s, 7, 7, fetchPage, noop);
    expect(starts).toEqual([0, 7]);
    expect(s).toMatchObject({ start: 14, status: 'loadmore' });
  });

  it('has no more data once a page comes back short', async () => {
    const { fetchPage } = server(10);
    let s = await loadMore(initialHotList, 7, 7, fetchPage, noop);
    s = await loadMore(s, 7, 7, fetchPage, noop);
    expect(s).toMatchObject({ start: 10, status: 'nodata' });
    expect(s.items).toHaveLength(10);
    expect((await loadMore(initialHotList, 7, 7, server(0).fetchPage, noop)).status).toBe('nodata');
  });

  it('offers retry after a failure and keeps what it had', async () => {
    const { fetchPage } = server(30);
    let s = await loadMore(initialHotList, 7, 7, fetchPage, noop);
    s = await loadMore(s, 7, 7, () => Promise.reject(new Error('Trouble connecting')), noop);
    expect(s).toMatchObject({ status: 'retry', start: 7, error: 'Trouble connecting' });
    expect(s.items).toHaveLength(7);
  });

  it('never shows a broadcaster twice, nor one shown above, and still shows a page of 7', async () => {
    const events: HotListEvent[] = [];
    const { starts, fetchPage } = server(40);
    // The top 10 are already on the screen (Featured, Online now).
    const above = new Set(cards(0, 10).map((a) => a.userid));
    let s = await loadMore(initialHotList, 7, 7, fetchPage, (e) => events.push(e), above);
    expect(ids(s)).toEqual(cards(10, 7).map((a) => a.userid));
    expect(starts).toEqual([0, 7, 14]);
    // The surplus read (A2018..A2021) shows first on the next Load more, without repeats.
    s = await loadMore(s, 7, 7, fetchPage, noop, above);
    expect(ids(s)).toEqual(cards(10, 14).map((a) => a.userid));
    // The React state, fed the same events, ends where the loader did.
    expect(events.reduce(hotListReducer, initialHotList).items).toHaveLength(7);
    // A page overlapping the last one (she moved up) adds only the new.
    const moved = hotListReducer(s, { type: 'page', list: [...cards(20, 2), ...cards(40, 5)], step: 7 });
    expect(moved.buffer.map((a) => a.userid)).toEqual(
      [...cards(24, 4), ...cards(40, 5)].map((a) => a.userid),
    );
  });
});
