/** Web Push routes mounted into the main app (the delivery pipeline arrives in a later issue). */
import type { FastifyInstance } from 'fastify';
import { Api } from '../protocol/paths';
import type { VapidKeyData } from '../protocol/types';
import type { VapidKeys } from './vapid';

export function registerPushRoutes(app: FastifyInstance, keys: VapidKeys): void {
  app.get(Api.vapidPublicKey, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    const data: VapidKeyData = { key: keys.publicKey };
    return { errno: 0, errmsg: '', data };
  });
}
