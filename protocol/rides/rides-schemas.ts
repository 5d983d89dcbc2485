/** The rides' payload schemas (server side). */
import { z } from 'zod';

const key = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'keys are letters, digits, - and _');

export const BuyRideBody = z.object({
  offer_id: z.string().trim().min(1).max(40),
  /** The client's idempotency key for one confirmation (a double click buys once). */
  key,
});

export const SetActiveRideBody = z.object({
  /** '' for none. */
  item_id: z.string().trim().max(120).default(''),
});
