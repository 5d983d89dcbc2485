/** The voucher calls' payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { count, userid } from '../schema-parts';
import { PROMO_ANCHORS_DEFAULT, PROMO_ANCHORS_MAX } from './voucher-anchors';

/** Any whole number: one that names no tag answers its own errno (10780), not the generic 10001. */
export const CouponAnchorListBody = z.object({ bq_id: count(1_000_000).default(0) });

export const UserCouponBody = z.object({ anchor_id: userid });

export const PromoAnchorListBody = z.object({
  type: count(2).default(0) as unknown as z.ZodDefault<z.ZodType<0 | 1 | 2>>,
  number: count(PROMO_ANCHORS_MAX, 1).default(PROMO_ANCHORS_DEFAULT),
  /** His own id, or absent (10781 for another's). */
  userid: z.union([userid, z.literal('')]).optional(),
});
