/**
 * Navigations to the app's own pages are answered with the precached index.html: the app reads
 * the path and the hash itself (the login pages, the maintenance page, the legacy list.html and
 * live.html addresses). Every other navigation (a GET API address, a payment page) goes to the
 * network, so the service worker never passes the app off as something the server serves.
 */
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { AccountPages } from '../protocol/account/account';
import { Pages } from '../protocol/paths';

const escapeRegex = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (path: string) => new RegExp(`^${escapeRegex(path.replace(/\/$/, ''))}/?$`);

/** The paths the server answers with the app (server/http/static.ts). */
export const APP_PAGES: RegExp[] = [
  /^\/$/,
  /^\/index\.html$/,
  exactly(Pages.memberLogin),
  exactly(AccountPages.signup),
  exactly(Pages.anchorLogin),
  exactly(Pages.maintenance),
  ...Pages.legacyList.map(exactly),
  ...Pages.legacyLive.map(exactly),
];

export function registerNavigation() {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: APP_PAGES }));
}
