import { describe, expect, it } from 'vitest';
import type { AnchorCard } from '../../../protocol/types';
import { hotListReducer, initialHotList } from './hot-list';

const cards = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ userid: `A${2001 + from + i}` }) as AnchorCard);

describe('hot list load-more states', () => {
  it('starts loading at 0 and offers more after a full page of 7', () => {
    expect(initialHotList).toMatchObject({ start: 0, status: 'loading' });
    const s = hotListReducer(initialHotList, { type: 'page', list: cards(0, 7), step: 7 });
    expect(s).toMatchObject({ start: 7, status: 'loadmore' });
    expect(s.items).toHaveLength(7);
  });

  it('asks for the next page from 7, 14, ...', () => {
    let s = hotListReducer(initialHotList, { type: 'page', list: cards(0, 7), step: 7 });
    s = hotListReducer(s, { type: 'request' });
    expect(s.status).toBe('loading');
    s = hotListReducer(s, { type: 'page', list: cards(7, 7), step: 7 });
    expect(s).toMatchObject({ start: 14, status: 'loadmore' });
  });

  it('has no more data once a page comes back short', () => {
    let s = hotListReducer(initialHotList, { type: 'page', list: cards(0, 7), step: 7 });
    s = hotListReducer(s, { type: 'page', list: cards(7, 3), step: 7 });
    expect(s).toMatchObject({ start: 10, status: 'nodata' });
    expect(hotListReducer(initialHotList, { type: 'page', list: [], step: 7 }).status).toBe('nodata');
  });

  it('offers retry after a failure and keeps what it had', () => {
    let s = hotListReducer(initialHotList, { type: 'page', list: cards(0, 7), step: 7 });
    s = hotListReducer(s, { type: 'request' });
    s = hotListReducer(s, { type: 'failed', error: 'Trouble connecting' });
    expect(s).toMatchObject({ status: 'retry', start: 7, error: 'Trouble connecting' });
    expect(s.items).toHaveLength(7);
  });

  it('never shows a broadcaster twice', () => {
    let s = hotListReducer(initialHotList, { type: 'page', list: cards(0, 7), step: 7 });
    s = hotListReducer(s, { type: 'page', list: [...cards(6, 1), ...cards(7, 6)], step: 7 });
    expect(s.items).toHaveLength(13);
    expect(s.start).toBe(14);
  });
});
