/**
 * Discover's search field and its Filters button. Typing searches after a short pause (Enter at
 * once); the filter sheet is a chunk of its own, loaded the first time it opens. The bar is the
 * same height before and after anything loads, so the lists below never move.
 */
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { SEARCH_QUERY_MAX } from '../../../protocol/discover/search';
import { lazyWhenOnline } from '../../app/lazy-online';
import { type DiscoverSearch, filterCount, isSearching } from './search-filters';

const FilterSheet = lazyWhenOnline(() => import('./FilterSheet').then((m) => ({ default: m.FilterSheet })));
const preloadSheet = () => void import('./FilterSheet');

/** Typing pauses this long before the search runs. */
const TYPING_PAUSE_MS = 400;

export function DiscoverSearchBar({
  search,
  onSearch,
}: {
  search: DiscoverSearch;
  onSearch: (next: DiscoverSearch, replace?: boolean) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState(search.q ?? '');
  const [sheetOpen, setSheetOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const count = filterCount(search);

  // The address changed elsewhere (Clear, Back): the field follows it.
  useEffect(() => setText(search.q ?? ''), [search.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = (q: string, replace: boolean) => {
    clearTimeout(timer.current);
    const trimmed = q.trim();
    if (trimmed === (search.q ?? '')) return;
    onSearch({ ...search, q: trimmed || undefined }, replace);
  };

  return (
    <div className="discover-search">
      <search className="discover-search-box">
        <form
          aria-label="Search broadcasters"
          className="discover-search-form"
          onSubmit={(event) => {
            event.preventDefault();
            run(text, false);
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            Search broadcasters by name or ID
          </label>
          <input
            id={inputId}
            type="search"
            className="input discover-search-input"
            placeholder="Name or ID"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_QUERY_MAX}
            value={text}
            data-testid="discover-search"
            onChange={(event) => {
              const value = event.target.value;
              setText(value);
              clearTimeout(timer.current);
              // Each pause replaces the last step's entry: Back leaves the search, not each letter.
              timer.current = setTimeout(() => run(value, isSearching(search)), TYPING_PAUSE_MS);
            }}
          />
          <button type="submit" className="btn btn-primary btn-small">
            Search
          </button>
        </form>
      </search>
      <button
        ref={filtersButton}
        type="button"
        className={`btn btn-small ${count ? 'btn-secondary' : 'btn-ghost'} discover-filters-button`}
        aria-haspopup="dialog"
        aria-expanded={sheetOpen}
        data-testid="discover-filters"
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        onClick={() => setSheetOpen(true)}
      >
        Filters
        {count > 0 && (
          <span className="discover-filter-count">
            {count}
            <span className="visually-hidden"> on</span>
          </span>
        )}
      </button>
      {sheetOpen && (
        <Suspense fallback={null}>
          <FilterSheet
            search={search}
            onApply={(next) => {
              setSheetOpen(false);
              onSearch(next);
              filtersButton.current?.focus();
            }}
            onClose={() => {
              setSheetOpen(false);
              filtersButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
