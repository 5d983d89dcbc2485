import { describe, expect, it } from 'vitest';
import type { AlbumItem } from '../../../protocol/albums/albums';
import { PrivateMediaTexts } from '../../../protocol/albums/private-media';
import { albumPagesReducer, initialAlbumPages, nextStart, toViewerItem } from './album-pages';

const item = (id: string, over: Partial<AlbumItem> = {}): AlbumItem => ({
  id,
  type: 1,
  img: `/share/album/media/${id}/img`,
  is_private: 0,
  is_can_watch: 1,
  file_desc: `Photo ${id}`,
  interest: 0,
  is_interested: 0,
  video_url: '',
  add_time: 1,
  ...over,
});
const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => item(`P${from + i}`));

describe('album pages', () => {
  it('offers Load More until total_count items have come, then nodata', () => {
    let state = albumPagesReducer(initialAlbumPages, { type: 'page', list: page(0, 6), total: 9 });
    expect(state).toMatchObject({ status: 'loadmore', total: 9, loaded: true });
    expect(nextStart(state)).toBe(6);
    state = albumPagesReducer(state, { type: 'request' });
    expect(state.status).toBe('loading');
    state = albumPagesReducer(state, { type: 'page', list: page(6, 3), total: 9 });
    expect(state.status).toBe('nodata');
    expect(state.items.map((i) => i.id)).toEqual(page(0, 9).map((i) => i.id));
  });

  it('is nodata at once for an empty album or an exactly full page', () => {
    expect(albumPagesReducer(initialAlbumPages, { type: 'page', list: [], total: 0 }).status).toBe('nodata');
    expect(albumPagesReducer(initialAlbumPages, { type: 'page', list: page(0, 6), total: 6 }).status).toBe(
      'nodata',
    );
  });

  it('keeps what it has and offers Retry when a page fails; never shows an item twice', () => {
    const first = albumPagesReducer(initialAlbumPages, { type: 'page', list: page(0, 6), total: 12 });
    const failed = albumPagesReducer(first, { type: 'failed', error: 'offline' });
    expect(failed).toMatchObject({ status: 'retry', error: 'offline' });
    expect(failed.items).toHaveLength(6);
    // A new item pushed P5 onto the next page.
    const next = albumPagesReducer(failed, { type: 'page', list: page(5, 6), total: 13 });
    expect(next.items.map((i) => i.id)).toEqual(page(0, 11).map((i) => i.id));
    expect(next.status).toBe('loadmore');
  });

  it('changes one item in place (its interest)', () => {
    const state = albumPagesReducer(initialAlbumPages, { type: 'page', list: page(0, 2), total: 2 });
    const after = albumPagesReducer(state, {
      type: 'item',
      item: { id: 'P1', interest: 4, is_interested: 1 },
    });
    expect(after.items[1]).toMatchObject({ id: 'P1', interest: 4, is_interested: 1, file_desc: 'Photo P1' });
    expect(after.items[0]).toBe(state.items[0]);
  });

  it('turns a locked item into a slideshow item that names the Intimacy rule and has no clip', () => {
    const locked = item('V1', { type: 2, is_private: 1, is_can_watch: 0, img: '/x/V1/locked' });
    expect(toViewerItem(locked, 'Olena')).toEqual({
      id: 'V1',
      type: 2,
      img: '/x/V1/locked',
      video: undefined,
      file_desc: 'Photo V1',
      is_can_watch: 0,
      locked: PrivateMediaTexts.intimacy('Olena'),
    });
    const open = item('V2', { type: 2, video_url: '/x/V2/video' });
    expect(toViewerItem(open, 'Olena')).toMatchObject({ video: '/x/V2/video', locked: undefined });
  });
});
