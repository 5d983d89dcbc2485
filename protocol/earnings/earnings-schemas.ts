/** Her earnings call's query (protocol/earnings/earnings.ts). */
import { z } from 'zod';
import { count, text } from '../schema-parts';

export const EarningsQuery = z.object({
  /** Milliseconds since the epoch: when her session began (she went live). */
  since: count(Number.MAX_SAFE_INTEGER),
  /** A room of hers (a One-on-One's 'PV…', her public room): what it has earned. */
  room_id: text().max(64).default(''),
});
export type EarningsQuery = z.infer<typeof EarningsQuery>;
