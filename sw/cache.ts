/**
 * Media images (avatars, covers, gifts, show covers) are drawn by the server and rarely change:
 * served from the cache at once and refreshed behind, so the pages a member saw look right offline.
 * API calls are POSTs and are never cached here; the app keeps what it needs in IndexedDB.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

export const MEDIA_CACHE = 'glimmer-media-v1';
const MEDIA_MAX_ENTRIES = 400;
const MEDIA_MAX_AGE_S = 7 * 24 * 3600;

export function registerMediaCache() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/'),
    new StaleWhileRevalidate({
      cacheName: MEDIA_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: MEDIA_MAX_ENTRIES, maxAgeSeconds: MEDIA_MAX_AGE_S })],
    }),
  );
}
