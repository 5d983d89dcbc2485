/** The offers' payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { userid } from '../schema-parts';

export const OfferAnchorBody = z.object({ anchor_id: userid });
