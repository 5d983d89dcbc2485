/**
 * Development tools: every route under /dev/ (the local SMS outbox, the face-check stand-in, the
 * chat clock). They exist only when DEV_TOOLS is on (the default outside NODE_ENV=production), and
 * one guard, on every /dev/ route wherever it is registered, lets through only this machine's
 * console or a signed-in operator with the `dev` role (./operator-roles). Anyone else gets the 404 of an address that does
 * not exist. The chat and visit clocks pay minutes and the show clock moves a show, so they exist only with
 * TEST_CLOCK (never in production).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAIL_OUTBOX_PATH } from '../../protocol/account/account';
import { SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import { SESSION_COOKIE } from '../../protocol/envelope';
import { LiveApi } from '../../protocol/live/live';
import { VisitClockBody } from '../../protocol/live/live-schemas';
import { LiveChatApi } from '../../protocol/livechat/livechat';
import { ChatIdBody } from '../../protocol/livechat/livechat-schemas';
import { ShowIdBody } from '../../protocol/schemas';
import { ShowApi } from '../../protocol/shows/shows';
import type { Config } from '../config';
import { FACE_CHECK_PAGE } from '../providers/identity/local-face-check';
import { registerApiRoutes } from './api';
import { operatorRolesOf } from './operator-roles';
import { type AppServices, defineRoute } from './route';

const DEV_PREFIX = '/dev/';

/** The development pages, for the start-up banner. */
export const DEV_TOOL_PATHS = [SMS_OUTBOX_PATH, MAIL_OUTBOX_PATH, FACE_CHECK_PAGE];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Headers a proxy adds: any of them means the request came through one, from who knows where. */
const PROXY_HEADER = /^(x-forwarded-|forwarded$|x-real-ip$|x-client-ip$|true-client-ip$|via$)/;

/**
 * The machine's own console: a loopback connection that no proxy touched. With TRUST_PROXY set a
 * proxy is declared, and its loopback connections say nothing of where a visitor sits (a proxy
 * may add no header at all), so then only operators get in.
 */
function onConsole(request: FastifyRequest, config: Config): boolean {
  if (config.trustProxy !== false) return false;
  if (Object.keys(request.headers).some((name) => PROXY_HEADER.test(name))) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** The chat clock: his chat's next minute falls due now, and is paid (tests drive chats with it). */
const testClockRoutes = [
  defineRoute({
    path: LiveChatApi.devNextMinute,
    auth: 'user',
    schema: ChatIdBody,
    handler: (ctx, body) => ctx.services.livechat.nextMinute(ctx.caller, body.chat_id),
  }),
  // The visit clock: his open live-room visits' clock moves on `seconds` (a minute: the next one
  // falls due now, for Intimacy from watching; less: a minute boundary comes that much sooner).
  defineRoute({
    path: LiveApi.devNextMinute,
    auth: 'man',
    schema: VisitClockBody,
    handler: (ctx, body) => ctx.services.live.nextMinute(ctx.caller.userid, body.seconds * 1000),
  }),
  // The show clock: her upcoming show starts a minute from now (its start notice is then due).
  defineRoute({
    path: ShowApi.devStartSoon,
    auth: 'lady',
    schema: ShowIdBody,
    handler: (ctx, body) => ctx.services.shows.startSoon(ctx.caller.userid, body.live_show_id),
  }),
];

/** Registers the guard on every /dev/ route, then the chat clock when TEST_CLOCK asks for it. */
export function registerDevTools(app: FastifyInstance, config: Config, services: AppServices): void {
  // On the root, so it covers every route whose path (as registered, not as typed) is under /dev/.
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (config.devTools && onConsole(request, config)) return;
    if (config.devTools) {
      const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
      // The stand-ins are the `dev` role's; the face check is also a `trust` operator's verdict.
      const roles = session ? operatorRolesOf(config, session.userid) : [];
      if (roles.includes('dev')) return;
      if (roles.includes('trust') && request.routeOptions.url === FACE_CHECK_PAGE) return;
    }
    // The 404 of an address that does not exist (an envelope for a call, plain text for a page).
    reply.callNotFound();
    return reply;
  };
  // A callback hook: every request passes it, and all but /dev/ ones at once (no promise each).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.url?.startsWith(DEV_PREFIX)) return done();
    // As Fastify runs an async hook: on once it settles (a 404 sent by then ends the chain there).
    guard(request, reply).then(
      () => done(),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
  if (config.devTools && config.testClock) registerApiRoutes(app, testClockRoutes, { config, services });
}
