/** The histories' request schema (protocol/histories/histories.ts): a page by start and step. */
import { z } from 'zod';
import { count } from '../schema-parts';
import { HISTORY_STEP, HISTORY_STEP_MAX } from './histories';

export const HistoryPageQuery = z.object({
  start: count(1_000_000).default(0),
  step: count(HISTORY_STEP_MAX, 1).default(HISTORY_STEP),
});
export type HistoryPageQuery = z.infer<typeof HistoryPageQuery>;
