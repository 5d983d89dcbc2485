/**
 * Paged lists of broadcasters (the hot list: start 0, step 7, then 7, 14, ...; the search results)
 * and their load-more control, whose states are the spec's: loadmore, loading, retry and nodata
 * (spec 002 §2 "Empty and load states").
 *
 * Broadcasters already on the screen (a section above, or an earlier page) are left out. A member
 * still gets a page's worth per Load more: pages are read until enough new ones came (or the list
 * ended), and any over are kept for the next Load more.
 */
import { HOT_LIST_START, HOT_LIST_STEP } from '../../../protocol/constants';
import type { AnchorCard } from '../../../protocol/types';

export type LoadMoreState = 'loadmore' | 'loading' | 'retry' | 'nodata';

export interface HotListState {
  items: AnchorCard[];
  /** Read but not shown yet (the surplus of the last pages). */
  buffer: AnchorCard[];
  /** The start of the next page. */
  start: number;
  /** A page came back short: there is nothing more to read. */
  ended: boolean;
  status: LoadMoreState;
  error: string;
}

export type HotListEvent =
  | { type: 'request' }
  /** A page read from the server; `exclude` are the ids shown above the list. */
  | { type: 'page'; list: AnchorCard[]; step: number; exclude?: ReadonlySet<string> }
  /** Shows up to `count` of what was read. */
  | { type: 'show'; count: number }
  | { type: 'failed'; error: string };

export const initialHotList: HotListState = {
  items: [],
  buffer: [],
  start: HOT_LIST_START,
  ended: false,
  status: 'loading',
  error: '',
};

/** Whether another page must be read before `count` more can show. */
export const needsPage = (state: HotListState, count: number) => !state.ended && state.buffer.length < count;

export function hotListReducer(state: HotListState, event: HotListEvent): HotListState {
  switch (event.type) {
    case 'request':
      return { ...state, status: 'loading', error: '' };
    case 'page': {
      // A broadcaster who moved up between two pages, or shown above, must not show twice.
      const seen = new Set([...state.items, ...state.buffer].map((a) => a.userid));
      const fresh = event.list.filter((a) => {
        if (seen.has(a.userid) || event.exclude?.has(a.userid)) return false;
        seen.add(a.userid);
        return true;
      });
      return {
        ...state,
        buffer: [...state.buffer, ...fresh],
        start: state.start + event.list.length,
        ended: event.list.length < event.step,
      };
    }
    case 'show': {
      const items = [...state.items, ...state.buffer.slice(0, event.count)];
      const buffer = state.buffer.slice(event.count);
      return {
        ...state,
        items,
        buffer,
        status: state.ended && buffer.length === 0 ? 'nodata' : 'loadmore',
        error: '',
      };
    }
    case 'failed':
      return { ...state, status: 'retry', error: event.error };
  }
}

/**
 * Reads pages with `fetchPage` until `count` more can show, reporting each event to `dispatch` (the
 * React state follows the same reducer) and returning the final state.
 */
export async function loadMore(
  state: HotListState,
  count: number,
  step: number,
  fetchPage: (start: number, step: number) => Promise<AnchorCard[]>,
  dispatch: (event: HotListEvent) => void,
  exclude?: ReadonlySet<string>,
): Promise<HotListState> {
  let s = state;
  const apply = (event: HotListEvent) => {
    s = hotListReducer(s, event);
    dispatch(event);
  };
  apply({ type: 'request' });
  try {
    while (needsPage(s, count)) apply({ type: 'page', list: await fetchPage(s.start, step), step, exclude });
    apply({ type: 'show', count });
  } catch (error) {
    apply({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
  return s;
}

export const HOT_STEP = HOT_LIST_STEP;
