/**
 * Development pages (the local SMS outbox, and any later one): they exist only when DEV_TOOLS is on
 * (the default outside NODE_ENV=production), and even then they answer only a visitor on this
 * machine (a loopback connection that no proxy forwarded) or a signed-in operator (OPERATOR_IDS).
 * Anyone else gets the same 404 as an address that does not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SMS_OUTBOX_PATH } from '../../protocol/booking';
import { SESSION_COOKIE } from '../../protocol/envelope';
import type { Config } from '../config';
import type { Services } from '../domain';
import { FACE_CHECK_PAGE } from '../identity/local-face-check';
import { registerFaceCheckPage } from './face-check-page';
import { registerSmsOutbox } from './sms-outbox';

/** The development pages, for the start-up banner. */
export const DEV_TOOL_PATHS = [SMS_OUTBOX_PATH, FACE_CHECK_PAGE];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** A person at this machine: the connection is local and no proxy says it came from elsewhere. */
function onThisMachine(request: FastifyRequest): boolean {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

export function registerDevTools(app: FastifyInstance, config: Config, services: Services): void {
  if (!config.devTools) return;
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (onThisMachine(request)) return;
      const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
      if (session && config.operatorIds.includes(session.userid)) return;
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    });
    registerSmsOutbox(scope, services.sms);
    registerFaceCheckPage(scope, services.faceCheck);
  });
}
