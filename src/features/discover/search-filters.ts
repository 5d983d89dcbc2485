/**
 * Discover's search and filters as the address keeps them (/masterlist?q=&age_min=&age_max=
 * &country=&status=&new=), so Back from a profile returns to the same results. Anything not valid
 * in the address is dropped, never sent.
 */
import {
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_QUERY_MAX,
  SEARCH_STATUS,
  type SearchStatus,
} from '../../../protocol/discover/search';

export interface DiscoverSearch {
  q?: string;
  age_min?: number;
  age_max?: number;
  country?: string;
  status?: SearchStatus;
  new?: 1;
}

const age = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= SEARCH_AGE_MIN && n <= SEARCH_AGE_MAX ? n : undefined;
};

/** The route's validateSearch: only valid values, and no key for "any". */
export function discoverSearch(raw: Record<string, unknown>): DiscoverSearch {
  const out: DiscoverSearch = {};
  const q = typeof raw.q === 'string' ? raw.q.trim().slice(0, SEARCH_QUERY_MAX) : '';
  if (q) out.q = q;
  const min = age(raw.age_min);
  const max = age(raw.age_max);
  if (min !== undefined && (max === undefined || min <= max)) out.age_min = min;
  if (max !== undefined && (min === undefined || min <= max)) out.age_max = max;
  if (typeof raw.country === 'string' && raw.country.trim()) out.country = raw.country.trim().slice(0, 80);
  const status = Number(raw.status);
  if (status === SEARCH_STATUS.live || status === SEARCH_STATUS.online) out.status = status;
  if (raw.new === 1 || raw.new === '1') out.new = 1;
  return out;
}

/** How many filters (not the words) are set: the Filters button's count. */
export const filterCount = (s: DiscoverSearch) =>
  [
    s.age_min !== undefined || s.age_max !== undefined,
    Boolean(s.country),
    Boolean(s.status),
    s.new === 1,
  ].filter(Boolean).length;

/** A search or a filter is on: Discover shows results instead of its lists. */
export const isSearching = (s: DiscoverSearch) => Boolean(s.q) || filterCount(s) > 0;
