/**
 * Discover's search results (a chunk of their own): what is searched for, each filter removable,
 * pages of SEARCH_STEP with Load more, and 'No data to show.' with Clear filters when nobody fits.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { NEW_ANCHOR_DAYS, SEARCH_STATUS, SEARCH_STEP } from '../../../protocol/discover/search';
import { listImage } from '../../app/images/loading';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { memberPrivOf, userState } from '../../state/user';
import { AnchorCard, AnchorCardSkeleton } from './AnchorCard';
import { searchAnchorList } from './api';
import { gridColumns } from './grid-columns';
import { hotListReducer, initialHotList, loadMore } from './hot-list';
import { LoadMoreButton } from './LoadMoreButton';
import { searchBody } from './search-body';
import type { DiscoverSearch } from './search-filters';
import { skeletonKeys } from './skeleton-keys';

/** The filters on, each with what removing it leaves. */
function chips(s: DiscoverSearch): [label: string, without: DiscoverSearch][] {
  const out: [string, DiscoverSearch][] = [];
  if (s.q) out.push([`“${s.q}”`, { ...s, q: undefined }]);
  if (s.age_min !== undefined || s.age_max !== undefined) {
    const label =
      s.age_min !== undefined && s.age_max !== undefined
        ? `Age ${s.age_min}–${s.age_max}`
        : s.age_min !== undefined
          ? `Age ${s.age_min}+`
          : `Age up to ${s.age_max}`;
    out.push([label, { ...s, age_min: undefined, age_max: undefined }]);
  }
  if (s.country) out.push([s.country, { ...s, country: undefined }]);
  if (s.status === SEARCH_STATUS.online) out.push(['Online now', { ...s, status: undefined }]);
  if (s.status === SEARCH_STATUS.live) out.push(['Live now', { ...s, status: undefined }]);
  if (s.new) out.push([`New (${NEW_ANCHOR_DAYS} days)`, { ...s, new: undefined }]);
  return out;
}

export function SearchResults({
  search,
  onSearch,
}: {
  search: DiscoverSearch;
  onSearch: (next: DiscoverSearch) => void;
}) {
  // A new search starts a new list.
  return <Results key={JSON.stringify(search)} search={search} onSearch={onSearch} />;
}

function Results({ search, onSearch }: { search: DiscoverSearch; onSearch: (next: DiscoverSearch) => void }) {
  const [state, dispatch] = useReducer(hotListReducer, initialHotList);
  const { me } = useSnapshot(userState);
  const priv = memberPrivOf(me);
  const stateRef = useRef(state);
  stateRef.current = state;
  const live = useRef(true);
  const inFlight = useRef(false);

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await loadMore(
        stateRef.current,
        SEARCH_STEP,
        SEARCH_STEP,
        async (start, step) => (await searchAnchorList(searchBody(search, start, step))).list,
        (event) => live.current && dispatch(event),
      );
    } finally {
      inFlight.current = false;
    }
  }, [search]);

  useEffect(() => {
    live.current = true;
    void load();
    // Back online after a failure: the list tries again by itself.
    const back = () => {
      if (stateRef.current.status === 'retry') void load();
    };
    window.addEventListener('online', back);
    return () => {
      live.current = false;
      window.removeEventListener('online', back);
    };
  }, [load]);

  const firstLoad = state.items.length === 0 && state.status === 'loading';
  const failedFirst = state.items.length === 0 && state.status === 'retry';
  const empty = state.items.length === 0 && state.status === 'nodata';
  const on = chips(search);
  const columns = gridColumns();

  return (
    <section className="section" aria-labelledby="search-title">
      <div className="section-head">
        <div>
          <h2 id="search-title">Search results</h2>
        </div>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onSearch({})}>
          Clear filters
        </button>
      </div>
      <ul className="search-chips" aria-label="Searching for">
        {on.map(([label, without]) => (
          <li key={label}>
            <button
              type="button"
              className="search-chip"
              aria-label={`Remove ${label}`}
              onClick={() => onSearch(without)}
            >
              {label}
              <span aria-hidden="true"> ×</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {state.status === 'loading'
          ? ''
          : empty
            ? 'No data to show.'
            : `${state.items.length} broadcasters shown`}
      </p>
      {failedFirst ? (
        <ErrorRetry message={state.error} onRetry={() => void load()} />
      ) : empty ? (
        <div className="empty-state" data-testid="search-empty">
          <p>No data to show.</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onSearch({})}>
            Clear filters
          </button>
        </div>
      ) : (
        <>
          <div className="anchor-grid" data-testid="search-results" aria-busy={state.status === 'loading'}>
            {state.items.map((a, i) => (
              <AnchorCard key={a.userid} anchor={a} priv={priv} image={listImage(i, columns)} />
            ))}
            {state.status === 'loading' &&
              skeletonKeys(firstLoad ? columns * 2 : 2).map((key) => <AnchorCardSkeleton key={key} />)}
          </div>
          <LoadMoreButton status={state.status} error={state.error} onLoad={() => void load()} />
        </>
      )}
    </section>
  );
}
