/** The flower store's payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { count, text, userid } from '../schema-parts';
import { CART_LINE_MAX, DELIVERY_PAGE_STEP } from './flowers';

/** Any id-like text: an item the store does not hold answers its own errno (10760). */
const itemId = text()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, 'item ids are letters, digits, - and _');
const orderId = text()
  .trim()
  .min(1)
  .max(48)
  .regex(/^[A-Za-z0-9_-]+$/, 'order ids are letters, digits, - and _');

/** Credits with at most 2 decimals, as a number or its text. */
const credits = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'expected an amount of credits')
      .transform(Number),
  ])
  .pipe(z.number().min(0).max(1_000_000_000));

export const AnchorIdBody = z.object({ anchor_id: userid });
export const OptionalAnchorBody = z.object({
  anchor_id: z
    .union([z.literal(''), userid])
    .optional()
    .transform((v) => v || undefined),
});
export const CartSetBody = z.object({
  anchor_id: userid,
  item_id: itemId,
  num: count(CART_LINE_MAX),
});
export const CartAddBody = z.object({
  anchor_id: userid,
  item_id: itemId,
  num: count(CART_LINE_MAX, 1).default(1),
});
export const CartRemoveBody = z.object({ anchor_id: userid, item_id: itemId });
export const CheckoutBody = z.object({
  anchor_id: userid,
  /** The client's idempotency key for this checkout (one per confirmation). */
  order_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a key of 8 to 64 letters, digits, - and _'),
  /** The total he confirmed (after the offers), credits. */
  total: credits,
  /** The cart's offer_key he saw ('' or absent: none). */
  offer_key: z
    .string()
    .trim()
    .regex(/^[a-z0-9:|-]{0,64}$/, 'an offer key from the cart')
    .optional()
    .transform((v) => v ?? ''),
});
export const OrderIdBody = z.object({ order_id: orderId });
export const DeliveryPageBody = z.object({
  start: count(1_000_000).default(0),
  step: count(100, 1).default(DELIVERY_PAGE_STEP),
});
export const OperatorDeliveryListBody = z.object({
  status: z.enum(['ordered', 'preparing', 'delivered', 'cancelled', 'open', '']).default('open'),
});
export const AdvanceDeliveryBody = z.object({
  order_id: orderId,
  status: z.enum(['preparing', 'delivered']),
  /** Her thank-you photo: one of the locally drawn pictures (the stand-in's). */
  photo_url: z
    .string()
    .trim()
    .regex(/^$|^\/media\/[a-z]+\/[A-Za-z0-9_]{1,32}\.svg$/, 'a local picture')
    .optional()
    .transform((v) => v || undefined),
});
