/**
 * Which push endpoints the server will post to: https at a known browser push service, or at an
 * origin PUSH_ALLOWED_ORIGINS lists (tests, private push services). The server never posts to an
 * address a user chose, so a subscription is refused before it is stored.
 */

/** Hosts of the browsers' push services (exact host, or any subdomain when it starts with '.'). */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge (new), Opera, Samsung
  'android.googleapis.com',
  '.push.services.mozilla.com', // Firefox (updates.push.services.mozilla.com)
  '.notify.windows.com', // Edge (legacy WNS)
  'web.push.apple.com', // Safari
  '.push.apple.com',
] as const;

export function isKnownPushHost(host: string): boolean {
  const h = host.toLowerCase();
  return KNOWN_PUSH_HOSTS.some((known) => (known.startsWith('.') ? h.endsWith(known) : h === known));
}

/** The endpoint as a URL when the server may post to it, else undefined. */
export function allowedEndpoint(endpoint: string, allowedOrigins: readonly string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  // No credentials in the address, nothing but https.
  if (url.username || url.password || url.protocol !== 'https:') return undefined;
  if (allowedOrigins.includes(url.origin)) return url;
  // Known services only on the default port.
  return url.port === '' && isKnownPushHost(url.hostname) ? url : undefined;
}
