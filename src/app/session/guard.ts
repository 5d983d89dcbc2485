/** Where a visitor is sent, and where a login sends them back (spec 002 §2 "Route guard"). */
import { Pages } from '../../../protocol/paths';

export const DEFAULT_AFTER_LOGIN = '/masterlist';
export const BROADCASTER_HOME = '/broadcaster';

/** The member login page with the hash route to come back to. */
export function loginUrl(hashRoute: string): string {
  const back = safeRedirect(hashRoute);
  return back === DEFAULT_AFTER_LOGIN
    ? Pages.memberLogin
    : `${Pages.memberLogin}?redirect=${encodeURIComponent(back)}`;
}

/**
 * The redirect query names a hash route of this app. Anything else (another site, a protocol,
 * a protocol-relative '//host') falls back to Discover.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value) return DEFAULT_AFTER_LOGIN;
  const route = value.startsWith('#') ? value.slice(1) : value;
  if (!route.startsWith('/') || route.startsWith('//') || route.includes('\\')) return DEFAULT_AFTER_LOGIN;
  if (route === '/' || route.startsWith('/?')) return DEFAULT_AFTER_LOGIN;
  return route;
}

/** The full address a login sends the browser to. */
export const afterLoginHref = (hashRoute: string) => `/#${hashRoute}`;
