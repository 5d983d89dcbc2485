/** The backpack's payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { LIST_STEP_MAX } from '../constants';
import { count, text } from '../schema-parts';
import { BACKPACK_VOUCHER_STEP } from './backpack';

/** A pack's name: one not in BACKPACK_KINDS answers its own errno (10751), not the generic 10001. */
export const SetBackpackReadBody = z.object({ type: text().trim().min(1).max(32) });

export const BackpackVoucherListBody = z.object({
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(BACKPACK_VOUCHER_STEP),
});
