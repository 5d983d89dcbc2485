/**
 * Media images (avatars, covers, gifts, show covers) are drawn by the server and rarely change:
 * served from the cache at once and refreshed behind, so the pages a member saw look right offline.
 * API calls are POSTs and are never cached here; the app keeps what it needs in IndexedDB.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

export const MEDIA_CACHE = 'glimmer-media-v1';
/** Mail: letter photos and videos the member could open, for reading opened mail offline. */
export const LETTER_CACHE = 'glimmer-letters-v1';
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

/**
 * Letter media and mailed photos: network first, so the server keeps deciding who may see a paid
 * item (another member on this device gets its 404); the cached copy only answers offline.
 */
export function registerLetterCache() {
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === self.location.origin &&
      (url.pathname.startsWith('/pman/emf/media/') || url.pathname.startsWith('/pman/emf/photo/')),
    new NetworkFirst({
      cacheName: LETTER_CACHE,
      networkTimeoutSeconds: 8,
      plugins: [new ExpirationPlugin({ maxEntries: MEDIA_MAX_ENTRIES, maxAgeSeconds: MEDIA_MAX_AGE_S })],
    }),
  );
}
