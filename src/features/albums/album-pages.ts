/**
 * One album list on the profile (My Photos or My Videos): pages of ALBUM_PAGE_SIZE and its
 * load-more control, whose states are the spec's loadmore, loading, retry and nodata (spec 002 §2
 * "Empty and load states"). total_count says when the last page has come.
 */
import type { AlbumItem } from '../../../protocol/albums/albums';
import { PrivateMediaTexts } from '../../../protocol/albums/private-media';
import type { ViewerItem } from '../media-viewer';

export type LoadMoreState = 'loadmore' | 'loading' | 'retry' | 'nodata';

export interface AlbumPages {
  items: AlbumItem[];
  total: number;
  status: LoadMoreState;
  error: string;
  /** True once a page has arrived: a failed first page shows Retry in place of the grid. */
  loaded: boolean;
}

export type AlbumEvent =
  | { type: 'request' }
  | { type: 'page'; list: AlbumItem[]; total: number }
  | { type: 'failed'; error: string }
  /** An item changed in place (its interest). */
  | { type: 'item'; item: Partial<AlbumItem> & { id: string } };

export const initialAlbumPages: AlbumPages = {
  items: [],
  total: 0,
  status: 'loading',
  error: '',
  loaded: false,
};

export function albumPagesReducer(state: AlbumPages, event: AlbumEvent): AlbumPages {
  switch (event.type) {
    case 'request':
      return { ...state, status: 'loading', error: '' };
    case 'page': {
      // An item she added between two pages pushes the rest down: none may show twice.
      const seen = new Set(state.items.map((i) => i.id));
      const items = [...state.items, ...event.list.filter((i) => !seen.has(i.id))];
      const done = event.list.length === 0 || items.length >= event.total;
      return { items, total: event.total, status: done ? 'nodata' : 'loadmore', error: '', loaded: true };
    }
    case 'failed':
      return { ...state, status: 'retry', error: event.error };
    case 'item':
      return {
        ...state,
        items: state.items.map((i) => (i.id === event.item.id ? { ...i, ...event.item } : i)),
      };
  }
}

/** Where the next page starts: after the items shown. */
export const nextStart = (state: AlbumPages) => state.items.length;

/** An album item as the shared slideshow shows it; a locked one says what opens it. */
export function toViewerItem(item: AlbumItem, nickname: string): ViewerItem {
  return {
    id: item.id,
    type: item.type,
    img: item.img,
    video: item.video_url || undefined,
    file_desc: item.file_desc,
    is_can_watch: item.is_can_watch,
    locked: item.is_can_watch === 1 ? undefined : PrivateMediaTexts.intimacy(nickname),
  };
}
