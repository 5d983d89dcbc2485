/**
 * Partner (family) sites and the region's legal entity (spec 002 §2 "Partner-site switcher",
 * "Separate pages"; spec 000 §1). What the spec leaves open is decided here:
 * - The switcher lists the configured sites 4, 5 and 6 in that order; the third (6) is left out
 *   when its `hidden` flag is set; no switcher when the only site is 41; the site named AME is left
 *   out for the user ids on the AME hidden list. The server applies these rules
 *   (`switcherSites`) and answers the caller's own list, so the hidden list never leaves it.
 * - `/user/goto?siteid=&url=` is a browser navigation: the server answers a 302 to the partner's
 *   hand-off address with a signed, expiring token (docs/partner-handoff.md). `url` must be a path
 *   on the partner (no scheme, no host, no `//`): anything else is refused, never followed.
 * - `siteid` 99 (my_account) is this site's own account page; no token is made for it.
 * - `/index/getcorpid` answers the corporate key and both legal entities; the client shows the Asia
 *   one under the `/asia` path or when the key is SG (`legalEntityFor`).
 */
import type { Flag } from '../types';

export const PartnerApi = {
  /** GET (a navigation): 302 to the partner with a hand-off token; `is_ajax=1` answers `{url}`. */
  goto: '/user/goto',
  /** Ours: the caller's switcher entries, the rules above applied. */
  getFamilySites: '/share/v1/getFamilySites',
  /** GET: the corporate key and the legal entities. */
  getCorpId: '/index/getcorpid',
} as const;

/** Spec: siteid 99 is my_account. */
export const ACCOUNT_SITE_ID = 99;
/** Where my_account leads: the account security page. */
export const ACCOUNT_PAGE = '/#/account/security';
/** Spec: the switcher's sites, in order; the third is the one its flag hides. */
export const SWITCHER_SITE_IDS = [4, 5, 6] as const;
/** Spec: no switcher when this is the only family site. */
export const LONE_SITE_ID = 41;
/** Spec: the partner-site entry that the hidden-user list applies to. */
export const AME_SITE_NAME = 'AME';
/** Ours: a hand-off token is good for this long (a redirect takes a second; clocks drift). */
export const HANDOFF_TTL_S = 120;
/** Ours: the query parameter the partner's hand-off address receives the token in. */
export const HANDOFF_PARAM = 'glimmer_token';
/** Ours: the path the partner opens when goto names none (spec's example). */
export const DEFAULT_PARTNER_PATH = '/my/overview.php';
/** Ours: longest partner path accepted. */
export const MAX_PARTNER_PATH = 512;

/** A family site as getConfig serves it (no address, no secret). */
export interface FamilySite {
  siteid: number;
  name: string;
  /** 1: left out of the switcher (the spec's flag on the third site). */
  hidden: Flag;
}

export interface FamilySitesData {
  list: FamilySite[];
}

export interface GotoData {
  /** Where the browser goes: the partner's hand-off address with the token, or the account page. */
  url: string;
}

export interface LegalEntity {
  name: string;
  address: string;
}

/** GET /index/getcorpid. */
export interface CorpData {
  corp_key: string;
  /** Shown under the /asia path or when corp_key is SG. */
  asia: LegalEntity;
  /** Shown otherwise. */
  other: LegalEntity;
}

/** Spec 000 §1: the Asia path or the corporate key SG shows one entity, anything else the other. */
export function legalEntityFor(corp: CorpData, pathname: string): LegalEntity {
  const asia = /^\/asia(\/|$)/i.test(pathname) || corp.corp_key.toUpperCase() === 'SG';
  return asia ? corp.asia : corp.other;
}

/** The switcher's entries for one user (spec 002 §2); empty means no switcher at all. */
export function switcherSites(
  sites: readonly FamilySite[],
  userid: string,
  ameHiddenUsers: readonly string[],
): FamilySite[] {
  if (sites.length === 1 && sites[0]?.siteid === LONE_SITE_ID) return [];
  const ordered = SWITCHER_SITE_IDS.map((id) => sites.find((s) => s.siteid === id)).filter(
    (s): s is FamilySite => s !== undefined,
  );
  return ordered.filter(
    (s) => s.hidden !== 1 && !(s.name === AME_SITE_NAME && ameHiddenUsers.includes(userid)),
  );
}

/**
 * A partner path: starts with one '/', no scheme, host, backslash, control character or '..'
 * segment, so it can only ever name a page on the partner's own origin.
 */
export function isPartnerPath(url: string): boolean {
  if (url.length === 0 || url.length > MAX_PARTNER_PATH) return false;
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\\\u0000-\u001f\u007f\s]/.test(url)) return false;
  const path = url.split(/[?#]/)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded.startsWith('//') || decoded.includes('\\')) return false;
  return !decoded.split('/').includes('..');
}

/** Ours, 10680..10699 (the guides and partner-site range). */
export const PartnerErrno = {
  UNKNOWN_SITE: 10680,
  BAD_TARGET: 10681,
  SITE_HIDDEN: 10682,
} as const;

export const PartnerMessages = {
  unknownSite: 'This partner site is not available.',
  badTarget: 'This link does not lead to a page of the partner site.',
  siteHidden: 'This partner site is not available for your account.',
  switchTitle: 'Our family sites',
} as const;
