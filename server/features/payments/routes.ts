/** Buying credits and chat minutes: the packs, an order for one (with its checkout address), and his order as it stands. */
import { z } from 'zod';
import { ALL_PACKS, PaymentApi } from '../../../protocol/payments/payments';
import { defineRoute } from '../../http/route';

const PackId = z.enum(ALL_PACKS.map((p) => p.pack_id) as [string, ...string[]]);
const OrderId = z.string().regex(/^ord_[A-Za-z0-9_-]{16}$/, 'not an order id');

/** A path on this site: one leading slash (`//host` and `/\host` would leave it), printable, short. */
const ReturnPath = z
  .string()
  .max(512)
  .refine(
    (v) => /^\/(?![/\\])[\x21-\x7e]*$/.test(v),
    'must be a path on this site, such as /nx/page/Payment/checkout',
  );

export const paymentRoutes = [
  defineRoute({
    path: PaymentApi.packs,
    method: 'GET',
    auth: 'none',
    schema: z.object({}),
    // Anyone may look; a paid member signed in also sees the chat-minute packs.
    handler: async (ctx) => {
      const session = await ctx.services.sessions.resolve(ctx.sessionId);
      return {
        list: await ctx.services.payments.packs(session?.role === 'man' ? session.userid : undefined),
      };
    },
  }),
  defineRoute({
    path: PaymentApi.createOrder,
    auth: 'man',
    schema: z.object({ pack_id: PackId, return_url: ReturnPath.optional() }),
    handler: (ctx, body) =>
      ctx.services.payments.createOrder(ctx.caller.userid, body.pack_id, body.return_url),
  }),
  defineRoute({
    path: PaymentApi.order,
    method: 'GET',
    auth: 'man',
    schema: z.object({ order_id: OrderId }),
    handler: (ctx, body) => ctx.services.payments.order(ctx.caller.userid, body.order_id),
  }),
];
