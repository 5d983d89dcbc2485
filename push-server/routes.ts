/**
 * Web Push routes mounted into the main app: the VAPID public key (GET), and subscribe, unsubscribe
 * and status (POST, logged-in callers, through the API plumbing like every other call). A
 * subscription is tied to the caller's session, so logout or a kick-off removes it.
 */
import type { FastifyInstance } from 'fastify';
import { Errno, Messages } from '../protocol/errors';
import { Api } from '../protocol/paths';
import { PUSH_TYPES, PushApi, type PushStatusData } from '../protocol/push/push';
import { pushStatusSchema, subscribeSchema, unsubscribeSchema } from '../protocol/push/push-schemas';
import type { VapidKeyData } from '../protocol/types';
import { ApiError } from '../server/core/errors';
import { type ApiRoute, defineRoute } from '../server/http/route';
import { allowedEndpoint } from './endpoints';
import type { SubscriptionsRepository } from './subscriptions';
import type { VapidKeys } from './vapid';

export function registerPushRoutes(app: FastifyInstance, keys: VapidKeys): void {
  app.get(Api.vapidPublicKey, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const data: VapidKeyData = { key: keys.publicKey };
    return { errno: 0, errmsg: '', data };
  });
}

export interface PushRouteDeps {
  subscriptions: SubscriptionsRepository;
  allowedOrigins: readonly string[];
}

/** The subscription calls, registered by server/app.ts with registerApiRoutes. */
export function pushApiRoutes({ subscriptions, allowedOrigins }: PushRouteDeps): ApiRoute[] {
  return [
    defineRoute({
      path: PushApi.subscribe,
      auth: 'user',
      schema: subscribeSchema,
      async handler(ctx, body): Promise<PushStatusData> {
        const { endpoint, keys } = body.subscription;
        if (!allowedEndpoint(endpoint, allowedOrigins)) {
          throw new ApiError(Errno.PUSH_ENDPOINT_REFUSED, Messages.pushEndpointRefused);
        }
        let types = body.types;
        if (body.replaces && body.replaces !== endpoint) {
          // The browser's push service replaced its subscription: his choices move to the new one.
          const old = await subscriptions.find(body.replaces, ctx.session.userid);
          if (old) {
            types ??= old.types;
            await subscriptions.remove(body.replaces, ctx.session.userid);
          }
        }
        types ??= [...PUSH_TYPES];
        const stored = await subscriptions.upsert({
          endpoint,
          userId: ctx.session.userid,
          sessionHash: ctx.session.idHash,
          p256dh: keys.p256dh,
          auth: keys.auth,
          types: [...new Set(types)],
        });
        // Another account's endpoint, without its keys: someone else's browser, not this caller's.
        if (!stored) throw new ApiError(Errno.PUSH_ENDPOINT_TAKEN, Messages.pushEndpointTaken);
        return { subscribed: 1, types: stored.types };
      },
    }),
    defineRoute({
      path: PushApi.unsubscribe,
      auth: 'user',
      schema: unsubscribeSchema,
      async handler(ctx, body): Promise<PushStatusData> {
        await subscriptions.remove(body.endpoint, ctx.session.userid);
        return { subscribed: 0, types: [] };
      },
    }),
    defineRoute({
      path: PushApi.status,
      auth: 'user',
      schema: pushStatusSchema,
      async handler(ctx, body): Promise<PushStatusData> {
        const found = await subscriptions.find(body.endpoint, ctx.session.userid);
        return found ? { subscribed: 1, types: found.types } : { subscribed: 0, types: [] };
      },
    }),
  ];
}
