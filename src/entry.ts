/**
 * Which page a full address opens. The server answers index.html for the login pages, the
 * maintenance page, the legacy list/live pages and the add-credit page; everything else is the hash-routed app.
 */
import { AccountPages } from '../protocol/account/pages';
import { Pages } from '../protocol/paths';
import { ADD_CREDIT_PAGE } from '../protocol/payments/payments';

export type Entry =
  | { kind: 'member-login' }
  | { kind: 'member-signup' }
  | { kind: 'anchor-login' }
  | { kind: 'maintenance' }
  | { kind: 'redirect'; to: string }
  | { kind: 'app' };

/** '/user/login/' and '/user/login' are the same page. */
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

const samePath = (a: string, b: string) => normalise(a) === normalise(b);

/**
 * live.html carries its parameters in the hash (`#anchorid=A2005&type=public`); the live room is a
 * hash route of the app, so they become its query.
 */
function liveRoute(hash: string): string {
  const params = hash.replace(/^#\/?/, '').replace(/^\?/, '');
  return params ? `/#/live?${params}` : '/#/live';
}

/** list.html#/anchor/A2005 → /#/anchor/A2005; an empty hash opens the app's start page. */
function listRoute(hash: string): string {
  const route = hash.replace(/^#/, '');
  if (!route || route === '/') return '/#/';
  return `/#${route.startsWith('/') ? route : `/${route}`}`;
}

/** The hang-out page's anchor: `id` in the query, else `anchorid` in the hash; send_type rides along. */
function hangoutRoute(search: string, hash: string): string {
  const query = new URLSearchParams(search);
  const inHash = new URLSearchParams(hash.replace(/^#\/?/, '').replace(/^\?/, ''));
  const id = query.get('id') ?? inHash.get('anchorid');
  const params = new URLSearchParams();
  if (id) params.set('id', id);
  const sendType = inHash.get('send_type') ?? query.get('send_type');
  if (sendType) params.set('send_type', sendType);
  const text = params.toString();
  return text ? `/#/hangout?${text}` : '/#/hangout';
}

export function resolveEntry(pathname: string, hash: string, search = ''): Entry {
  if (samePath(pathname, Pages.memberLogin)) return { kind: 'member-login' };
  if (samePath(pathname, AccountPages.signup)) return { kind: 'member-signup' };
  if (samePath(pathname, Pages.anchorLogin)) return { kind: 'anchor-login' };
  if (samePath(pathname, Pages.maintenance)) return { kind: 'maintenance' };
  if (Pages.legacyList.some((p) => samePath(pathname, p))) return { kind: 'redirect', to: listRoute(hash) };
  if (Pages.legacyLive.some((p) => samePath(pathname, p))) return { kind: 'redirect', to: liveRoute(hash) };
  // livechat.html?anchorid= (its own window on a desktop) is the live chat route with that query.
  if (Pages.legacyLivechat.some((p) => samePath(pathname, p)))
    return { kind: 'redirect', to: `/#/livechat${search}` };
  // hangout.html?id=A2001#anchorid=A2001&send_type=2 is the hang-out route with id (hash or query).
  if (Pages.legacyHangout.some((p) => samePath(pathname, p)))
    return { kind: 'redirect', to: hangoutRoute(search, hash) };
  // The add-credit page's query (spec 000 §1) becomes the add-credit route's.
  if (samePath(pathname, ADD_CREDIT_PAGE)) return { kind: 'redirect', to: `/#/addcredit${search}` };
  return { kind: 'app' };
}
