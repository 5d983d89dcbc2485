/**
 * The API plumbing around the route registry: body parsing, maintenance, sessions and roles,
 * schema validation, the request timeout and the envelope. Handlers never see HTTP.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DEVICE_COOKIE_LIFETIME_S, SESSION_LIFETIME_S } from '../../protocol/constants';
import { DEVICE_COOKIE, SESSION_COOKIE } from '../../protocol/envelope';
import { Errno, Messages } from '../../protocol/errors';
import { OperatorErrno, OperatorMessages } from '../../protocol/operator/operator';
import { CONTROL_CHARS_REFUSED, controlCharsAt } from '../../protocol/schema-parts';
import type { Config } from '../config';
import type { Caller } from '../core/caller';
import { ApiError } from '../core/errors';
import type { Session } from '../storage/contract';
import { API_COMPRESSION } from './compression';
import { invalid, ok, sendFail } from './envelope';
import { operatorRolesOf } from './operator-roles';
import type { ApiRoute, AppServices, AuthedContext, BaseContext } from './route';

/** Paths under these prefixes are API calls even on GET, so they get envelopes rather than pages. */
const API_PREFIXES = [
  '/share/',
  '/pman/',
  '/nx/',
  '/manList/',
  '/man/',
  '/lady/',
  '/push/',
  '/anchor/',
  '/login/',
  '/ops/',
  '/member/',
];

export function isApiRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  const path = request.url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path.startsWith(p));
}

/** Names the first failing field, so the errmsg says what to fix. */
export function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'invalid payload';
  const field = first.path.length ? first.path.join('.') : 'body';
  return `${field}: ${first.message}`;
}

const TIMED_OUT = Symbol('timed out');

/** The work's outcome, or TIMED_OUT after `ms` (one promise: every API call goes through it). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms, TIMED_OUT);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface ApiDeps {
  config: Config;
  services: AppServices;
}

/** Parsers, hooks and handlers shared by every API route; call once before registering routes. */
export function registerApiPlumbing(app: FastifyInstance, { config }: ApiDeps): void {
  // JSON as Fastify parses it (prototype poisoning refused), but an empty body reads as {}.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    defaultJson(request, body as string, done);
  });

  // MAINTENANCE is read at start, so the hook exists only then (one async hook less per request).
  if (config.maintenance) {
    app.addHook('onRequest', async (request, reply) => {
      if (isApiRequest(request)) return sendFail(reply, Errno.MAINTENANCE, Messages.maintenance);
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return sendFail(reply, Errno.INVALID_PARAMS, invalid('the body is too large'), 413);
    if (status === 415)
      return sendFail(reply, Errno.INVALID_PARAMS, invalid('unsupported content type'), 415);
    if (status >= 400 && status < 500) {
      return sendFail(reply, Errno.INVALID_PARAMS, invalid('the body could not be read'), 400);
    }
    request.log.error({ err: error }, 'unexpected fault');
    return sendFail(reply, Errno.SERVER_ERROR, Messages.serverError, 500);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request)) return sendFail(reply, Errno.UNKNOWN_PATH, Messages.unknownPath, 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

/** Cookies are Secure when the app is served over https (directly or behind a trusted proxy). */
function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string | null,
  maxAge: number,
) {
  const options = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  };
  if (value === null) reply.clearCookie(name, options);
  else reply.setCookie(name, value, { ...options, maxAge });
}

/**
 * A call's context as its handler sees it, with the cookies the handler asks for kept for the
 * answer. A class, so a call makes one object rather than an object and three closures.
 */
class CallContext implements BaseContext {
  readonly address: string;
  readonly device: string | undefined;
  readonly userAgent: string;
  readonly origin: string;
  /** The session cookie to set (null: to clear), if the handler asked. */
  cookie: string | null | undefined;
  /** The device cookie to set, if the handler asked. */
  newDevice: string | undefined;
  /** Set when the route needs a logged-in caller (authed). */
  session: Session | undefined;
  caller: Caller | undefined;

  constructor(
    readonly services: AppServices,
    request: FastifyRequest,
    readonly sessionId: string | undefined,
  ) {
    this.address = request.ip;
    this.device = request.cookies[DEVICE_COOKIE];
    this.userAgent = String(request.headers['user-agent'] ?? '').slice(0, 300);
    this.origin = `${request.protocol}://${request.host}`;
  }

  setSession(sessionId: string) {
    this.cookie = sessionId;
  }

  setDevice(device: string) {
    this.newDevice = device;
  }

  clearSession() {
    this.cookie = null;
  }

  /** This call, now known as a logged-in caller's. */
  authed(session: Session): AuthedContext {
    this.session = session;
    this.caller = { userid: session.userid, role: session.role };
    return this as AuthedContext & this;
  }
}

/** Registers routes from the registry (and, in tests, extra ones) as POST handlers. */
export function registerApiRoutes(app: FastifyInstance, routes: readonly ApiRoute[], deps: ApiDeps): void {
  for (const route of routes) {
    // A GET call's payload is its query (the is_ajax flag and time stamp included, as on POST).
    const payload = (request: FastifyRequest) =>
      request.method === 'GET'
        ? request.query
        : route.queryPayload
          ? { ...(request.query as object), ...(request.body as object | undefined) }
          : request.body;
    app.route({
      method: route.method === 'GET' ? ['GET', 'POST'] : 'POST',
      url: route.path,
      compress: API_COMPRESSION,
      handler: async (request, reply) => {
        const sessionId = request.cookies[SESSION_COOKIE];
        const base = new CallContext(deps.services, request, sessionId);
        let ctx: BaseContext | AuthedContext = base;
        if (route.auth !== 'none') {
          const session = await deps.services.sessions.resolve(sessionId);
          if (!session) return sendFail(reply, Errno.LOGIN_TIMEOUT, Messages.loginTimeout);
          if (route.auth === 'operator') {
            const roles = operatorRolesOf(deps.config, session.userid);
            if (roles.length === 0) return sendFail(reply, Errno.NOT_OPERATOR, Messages.forbidden);
            if (route.operatorRole && !roles.includes(route.operatorRole))
              return sendFail(reply, OperatorErrno.NO_ROLE, OperatorMessages.noRole);
          } else if (route.auth !== 'user' && route.auth !== session.role) {
            return sendFail(reply, Errno.FORBIDDEN, Messages.forbidden);
          }
          ctx = base.authed(session);
        }
        // Any field, whatever the route's schema says: no control characters (PostgreSQL refuses NUL).
        const body = payload(request);
        const unsafe = controlCharsAt(body);
        if (unsafe !== undefined) {
          return sendFail(reply, Errno.INVALID_PARAMS, invalid(`${unsafe}: ${CONTROL_CHARS_REFUSED}`));
        }
        // No body at all reads as {}; a JSON null or array stays what it is and fails the schema.
        const parsed = route.schema.safeParse(body === undefined ? {} : body);
        if (!parsed.success)
          return sendFail(reply, Errno.INVALID_PARAMS, invalid(describeIssues(parsed.error)));
        try {
          const data = await withTimeout(route.handler(ctx, parsed.data), deps.config.requestTimeoutMs);
          if (data === TIMED_OUT) return sendFail(reply, Errno.TIMEOUT, Messages.timeout, 408);
          if (base.cookie !== undefined)
            setCookie(request, reply, SESSION_COOKIE, base.cookie, SESSION_LIFETIME_S);
          if (base.newDevice !== undefined)
            setCookie(request, reply, DEVICE_COOKIE, base.newDevice, DEVICE_COOKIE_LIFETIME_S);
          return ok(data);
        } catch (error) {
          if (error instanceof ApiError) return sendFail(reply, error.errno, error.errmsg, 200, error.data);
          throw error;
        }
      },
    });
  }
}
