/** The Discover search's payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { LIST_STEP_MAX } from '../constants';
import { count, flag, text } from '../schema-parts';
import { SEARCH_QUERY_MAX, SEARCH_STEP } from './search';

/**
 * Ages are any whole number here: one outside 18-99, or a range upside down, is answered with its
 * own errno (10730) by the service, not the generic 10001. Empty fields mean "any".
 */
const age = z.union([z.literal('').transform(() => undefined), count(1000)]).optional();

export const SearchAnchorListBody = z.object({
  query: text().trim().max(SEARCH_QUERY_MAX).default(''),
  age_min: age,
  age_max: age,
  country: text().trim().max(80).default(''),
  status: count(2).default(0),
  is_new: flag.default(0),
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(SEARCH_STEP),
});
export type SearchAnchorListBody = z.infer<typeof SearchAnchorListBody>;
