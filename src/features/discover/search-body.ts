/** The search as the call sends it, and the filter sheet's check (the results' and the sheet's chunks only). */
import {
  SEARCH_AGE_MAX,
  SEARCH_AGE_MIN,
  SEARCH_STATUS,
  type SearchAnchorBody,
  SearchMessages,
} from '../../../protocol/discover/search';
import type { DiscoverSearch } from './search-filters';

export function searchBody(s: DiscoverSearch, start: number, step: number): SearchAnchorBody {
  return {
    query: s.q ?? '',
    ...(s.age_min !== undefined && { age_min: s.age_min }),
    ...(s.age_max !== undefined && { age_max: s.age_max }),
    country: s.country ?? '',
    status: s.status ?? SEARCH_STATUS.any,
    is_new: s.new ?? 0,
    start,
    step,
  };
}

/** The age fields as typed in the filter sheet: the error to show, or '' when they can be used. */
export function ageError(min: string, max: string): string {
  const parse = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const a = parse(min);
  const b = parse(max);
  const bad = (n: number | undefined) =>
    n !== undefined && (!Number.isInteger(n) || n < SEARCH_AGE_MIN || n > SEARCH_AGE_MAX);
  return bad(a) || bad(b) || (a !== undefined && b !== undefined && a > b) ? SearchMessages.badAgeRange : '';
}
