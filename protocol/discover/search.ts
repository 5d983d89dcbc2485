/**
 * Finding her on Discover: search by name or id and filters, server-side and paged (ours; the spec
 * has no search call, so this one is in the style of getAnchorList {start, step}). Decisions:
 * - `query` matches a nickname anywhere in it, or a broadcaster's id exactly, case-insensitive
 *   (as the spec's contact search: "by name or id, case-insensitive").
 * - Ages are whole years between SEARCH_AGE_MIN and SEARCH_AGE_MAX, the lower one first (10730).
 * - `status` 1 is live in a room now; 2 online now, which counts those live (both can be reached).
 * - `is_new` 1: she joined in the last NEW_ANCHOR_DAYS days.
 * - Results: live first, then online, then by hot score and id; a page shorter than `step` is the last.
 * - Suspended broadcasters are never found.
 */
import type { AnchorCard } from '../types';

export const SearchApi = {
  searchAnchorList: '/manList/v1/searchAnchorList',
  /** The countries the listed broadcasters come from, for the country filter. */
  getAnchorCountries: '/manList/v1/getAnchorCountries',
} as const;

export const SEARCH_AGE_MIN = 18;
export const SEARCH_AGE_MAX = 99;
export const SEARCH_QUERY_MAX = 40;
/** A page of results: fills a row of 2, 3 or 4 cards. */
export const SEARCH_STEP = 12;
export const NEW_ANCHOR_DAYS = 30;

export const SEARCH_STATUS = { any: 0, live: 1, online: 2 } as const;
export type SearchStatus = (typeof SEARCH_STATUS)[keyof typeof SEARCH_STATUS];

export const SearchErrno = {
  /** Ours: an age outside 18 to 99, or a lower age above the upper one. */
  BAD_AGE_RANGE: 10730,
} as const;

export const SearchMessages = {
  badAgeRange: `Choose ages from ${SEARCH_AGE_MIN} to ${SEARCH_AGE_MAX}, the lower age first.`,
} as const;

export interface SearchAnchorBody {
  query?: string;
  age_min?: number;
  age_max?: number;
  country?: string;
  status?: SearchStatus;
  is_new?: 0 | 1;
  start: number;
  step: number;
}

export interface SearchAnchorListData {
  list: AnchorCard[];
}

export interface AnchorCountriesData {
  /** Alphabetical. */
  list: string[];
}
