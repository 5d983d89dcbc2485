/**
 * Security headers on every answer (pages, files, API, media, 404s): a Content-Security-Policy the
 * built app satisfies (no inline script or style), nosniff, the referrer and framing rules and the
 * Cross-Origin-* defaults through helmet; Permissions-Policy, which helmet does not set, and HSTS,
 * sent only to a request that came over https, by hand.
 *
 * helmet itself, built once and run once at start: the Fastify wrapper (@fastify/helmet) builds
 * helmet's middleware again on every request, parsing the policy each time (about 4 % of the
 * server's CPU per invitation under load); its headers are then replayed in one hook.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/** helmet's one-year default; subdomains of the app's host are ours too. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Camera and microphone for the app's own live video; the rest of the powerful features it never
 * uses are off. Only names Chromium knows: an unknown one is a console error on every page. Video
 * playback (autoplay, fullscreen, picture-in-picture) keeps the browser's defaults.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'accelerometer=()',
  'browsing-topics=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The socket is same-origin, which 'self' covers in Chromium 71+ and Safari 16+; older Safari needs
 * the ws(s) URL spelt out, which only the configured public address can give safely (the Host
 * header is the client's to choose).
 */
function socketSources(publicOrigin: string): string[] {
  if (!publicOrigin) return [];
  const url = new URL(publicOrigin);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicOrigin'>,
): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: {
      // Only what is listed: helmet's defaults allow inline styles and any https: style or font.
      // No upgrade-insecure-requests: over plain http (a LAN demo) it would send every file to https.
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // React's style props go through the CSSOM, which style-src does not govern.
        'style-src': ["'self'"],
        // data: for the messages' emoticons; blob: for a chosen file shown before it is uploaded.
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", ...socketSources(config.publicOrigin)],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    // 'none' above, so no page may be framed; X-Frame-Options says the same to older browsers.
    xFrameOptions: { action: 'deny' },
    // Same-origin requests keep their Referer (and a POST its Origin); other sites learn nothing.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });

  // helmet's headers depend on its options only, never on the request: recorded once here and
  // set in the same order on every answer (its dozen middleware calls per request cost more).
  const fixed = recordHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of fixed) {
      if (value === undefined) raw.removeHeader(name);
      else raw.setHeader(name, value);
    }
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // protocol is 'https' on a TLS socket, or from X-Forwarded-Proto of a proxy TRUST_PROXY trusts.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}

type HeaderStep = readonly [name: string, value: string | undefined];

/**
 * What helmet's middleware does to a response, in order: a header set, or removed (undefined).
 * It is synchronous and reads nothing of the request; anything else fails the start.
 */
function recordHeaders(middleware: ReturnType<typeof helmet>): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const response = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`security headers: ${name} is not a string`);
      steps.push([name, value]);
      return response;
    },
    removeHeader(name: string) {
      steps.push([name, undefined]);
    },
  };
  let finished = false;
  const request = new Proxy({} as Parameters<typeof middleware>[0], {
    get(_target, key) {
      throw new Error(`security headers: helmet read the request's ${String(key)}`);
    },
  });
  middleware(request, response as unknown as Parameters<typeof middleware>[1], (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('security headers: helmet did not finish at once');
  return steps;
}
