/**
 * Cross-site request refusal, once for the whole server: a call that can change something (any
 * method but GET, HEAD and OPTIONS) is served only when the browser says it comes from the app's own
 * origin. SameSite=Lax alone lets a sibling origin of the same site (another port or subdomain)
 * post with the member's cookie, so the browser's own headers decide:
 * - `Sec-Fetch-Site` (every current browser sends it) decides alone: only `same-origin` passes (and
 *   `none`, a request the user made himself, which a page cannot make);
 * - without it, `Origin`, when sent, must be the app's own origin: the one the request was made to
 *   (scheme and host as a trusted proxy reports them) or PUBLIC_ORIGIN.
 * A request with neither header does not come from a browser page (curl, a server, a test client):
 * there is no cookie of a victim to ride, so it passes to the session check like any call.
 * The socket's upgrade applies the same rule to its Origin.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errno, Messages } from '../../protocol/errors';
import { sendFail } from './envelope';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins this request may come from: its own address, and the configured public one. */
function ownOrigins(request: FastifyRequest, publicOrigin: string): string[] {
  const own = `${request.protocol}://${request.host}`.toLowerCase();
  return publicOrigin ? [own, publicOrigin.toLowerCase()] : [own];
}

/**
 * Whether the browser's headers say the request comes from another origin. `allowed` may be a
 * function, called only when the Origin header decides (most calls never need it).
 */
export function isCrossSite(
  headers: IncomingMessage['headers'],
  allowed: readonly string[] | (() => readonly string[]),
): boolean {
  // The browser sets Sec-Fetch-Site itself and no page can forge it, so its word is final (and it
  // stays right behind a TLS-ending proxy that the scheme of our own origin would not see).
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = headers.origin;
  if (origin === undefined) return false;
  return !(typeof allowed === 'function' ? allowed() : allowed).includes(origin.toLowerCase());
}

/**
 * The socket's upgrade (no Fastify request there): the Host header names the app, over either
 * scheme (a TLS-ending proxy may sit in front).
 */
export function isCrossSiteUpgrade(headers: IncomingMessage['headers'], publicOrigin: string): boolean {
  const host = (headers.host ?? '').toLowerCase();
  const allowed = [`http://${host}`, `https://${host}`];
  if (publicOrigin) allowed.push(publicOrigin.toLowerCase());
  return isCrossSite(headers, allowed);
}

export function registerSameOriginCheck(app: FastifyInstance, publicOrigin: string): void {
  // A callback hook, not an async one: every request passes it, and almost all pass at once.
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (!isCrossSite(request.headers, () => ownOrigins(request, publicOrigin))) return done();
    // Nothing more is read from this connection: its body may be large. The answer ends the
    // request: done is not called (as Fastify asks of a hook that replies).
    reply.header('Connection', 'close');
    sendFail(reply, Errno.CROSS_SITE, Messages.crossSite, 403);
  });
}
