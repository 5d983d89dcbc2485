/**
 * The hot list pages (start 0, step 7, then 7, 14, ...) and its load-more control. The control's
 * states are the spec's: loadmore, loading, retry and nodata (spec 002 §2 "Empty and load states").
 */
import { HOT_LIST_START, HOT_LIST_STEP } from '../../../protocol/constants';
import type { AnchorCard } from '../../../protocol/types';

export type LoadMoreState = 'loadmore' | 'loading' | 'retry' | 'nodata';

export interface HotListState {
  items: AnchorCard[];
  /** The start of the next page. */
  start: number;
  status: LoadMoreState;
  error: string;
}

export type HotListEvent =
  | { type: 'request' }
  | { type: 'page'; list: AnchorCard[]; step: number }
  | { type: 'failed'; error: string };

export const initialHotList: HotListState = {
  items: [],
  start: HOT_LIST_START,
  status: 'loading',
  error: '',
};

export function hotListReducer(state: HotListState, event: HotListEvent): HotListState {
  switch (event.type) {
    case 'request':
      return { ...state, status: 'loading', error: '' };
    case 'page': {
      // A broadcaster who moved up between two pages must not show twice.
      const seen = new Set(state.items.map((a) => a.userid));
      const fresh = event.list.filter((a) => !seen.has(a.userid));
      return {
        items: [...state.items, ...fresh],
        start: state.start + event.list.length,
        status: event.list.length < event.step ? 'nodata' : 'loadmore',
        error: '',
      };
    }
    case 'failed':
      return { ...state, status: 'retry', error: event.error };
  }
}

export const HOT_STEP = HOT_LIST_STEP;
