/** The gift catalogue's payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { text } from '../schema-parts';

/**
 * Any id-like text: a gift the catalogue does not hold answers its own errno (10750), not the
 * generic 10001, so only what is not an id at all fails here.
 */
export const GiftDetailBody = z.object({
  gift_id: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'gift ids are letters, digits, - and _'),
});
export type GiftDetailBody = z.infer<typeof GiftDetailBody>;
