/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell, opens every page offline, keeps the media images
 * the member has seen, shows Web Push alerts (push.ts), and takes over only when the user asks for
 * the new version.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerLetterCache, registerMediaCache } from './cache';
import { registerNavigation } from './navigation';
import { registerPush } from './push';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigation();
registerMediaCache();
registerLetterCache();
registerPush();

// A waiting version activates only when the page's update prompt says so (never by itself).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
