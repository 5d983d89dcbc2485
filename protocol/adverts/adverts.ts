/**
 * Adverts (spec 002 §2 "Pop-up orchestration", §3 Advert, §7 Adverts, §9 "Ad carousel autoplay 5 s",
 * "Ad slot id 6; anchor page 18"; spec 001 §7 getBanner). Adverts are data (migration 048) that an
 * operator with the `adverts` role changes in the console; members see a change on their next load
 * (no cache, so no TTL: every call reads the table, the same in every process). What the spec
 * leaves open is decided here:
 * - An advert is a banner (getBanner by id and scene; retrieveBanner by page: the carousel's slides)
 *   or a pop-up (retrieveAdvert by id). `matters` holds the creative: a drawn image from
 *   public/adverts/ (ADVERT_CREATIVES), its size and its words. url_type 1 is a route inside the app,
 *   2 a page outside it (https only). status 1 is on, 0 off: an off advert is never served.
 * - Pages: 6 is the member's home (the spec's ad slot id 6; the carousel on /home, not on Discover,
 *   whose start-up bundle has a budget), 18 the anchor page (getBanner's scene on the profile).
 * - Pop-ups: B0102 is the featured ad, the start-up pop-up (STARTUP_ORDER 'featuredAd', on any
 *   page); B0040 opens on the premium video list, B0065 (chat minutes, to /addcredit) on the
 *   live-chat list, never over a chat under way. Each waits for no other dialog. retrieveAdvert
 *   answers one entry per id asked, in order: status 1 when it is on and this member has not seen
 *   it, else 0 (and no matters). The pop-up tells the server when it showed (markAdvertShown), so each
 *   member sees each pop-up once, on any device.
 * - extrData {anchor_id}: a pop-up link holding `{anchor_id}` gets her id (an ad on her pages may
 *   open her chat or profile); without it the placeholder is left empty.
 * - Seed: B0102 is off (an operator turns it on), so the gift package's new member meets no other
 *   pop-up; every pop-up counts as already seen by every demo member but M1015, whose story they
 *   are (server/seed/adverts.ts). B0040 and B0065 are on.
 * - Images: the operator chooses one of the drawn creatives (ADVERT_CREATIVES); no upload, so no
 *   outside file is ever served as an advert.
 */
import { BANNER_AUTOPLAY_MS } from '../anchor-profile/around';
import { Api } from '../paths';
import type { Flag } from '../types';

export const AdvertApi = {
  /** Spec: POST ?id={ids}&scenes={scene} (the query is the payload). */
  getBanner: Api.getBanner,
  /** Spec: GET ?page_id={n}: the banners of a page, the carousel's slides. */
  retrieveBanner: '/member/advert/api/retrieveBanner',
  /** Spec: form adpid[], extrData {anchor_id}: data[i].status and matters. */
  retrieveAdvert: '/pman/advert/api/retrieveAdvert',
  /** Ours: the member saw this pop-up (it is not offered to him again). */
  markShown: '/pman/advert/api/markAdvertShown',
  /** Ours, operator (`adverts`): every advert, on or off. */
  operatorList: '/operator/v1/adverts/list',
  /** Ours, operator (`adverts`): switches one on or off. */
  operatorStatus: '/operator/v1/adverts/status',
  /** Ours, operator (`adverts`): saves title, alt, link, scenes, pages and image. */
  operatorSave: '/operator/v1/adverts/save',
} as const;

export type AdvertKind = 'banner' | 'popup';

/** The creative and its words (spec 002 §3 `matters`). */
export interface AdvertMatters {
  img: string;
  width: number;
  height: number;
  title: string;
  alt: string;
}

/** Spec 002 §3 Advert, as getBanner and retrieveBanner answer it. */
export interface Advert {
  id: string;
  status: Flag;
  matters: AdvertMatters;
  url_type: 1 | 2;
  url: string;
  ga_click_point: string;
}

export interface BannerData {
  list: Advert[];
}

/** One entry of retrieveAdvert's data: status 0 carries no matters. */
export interface AdvertPop {
  adpid: string;
  status: Flag;
  matters: AdvertMatters | null;
  url_type: 1 | 2;
  url: string;
  ga_click_point: string;
}

/** What the operator console reads and edits. */
export interface OperatorAdvert extends Advert {
  kind: AdvertKind;
  /** getBanner scenes it may show on (0: any page asking by id). */
  scenes: number[];
  /** retrieveBanner pages it belongs to. */
  pages: number[];
  /** Seconds since the epoch. */
  updated_at: number;
  updated_by: string;
}

/** Spec 002 §9: ad slot id 6 (ours: the member's home), anchor page 18. */
export const ADVERT_PAGE = { home: 6, anchor: 18 } as const;
/** Spec 002 §2: the ad pop-ups. */
export const ADVERT_POP = { featured: 'B0102', premiumVideo: 'B0040', chatMin: 'B0065' } as const;
/** Spec 002 §9: the ad carousel turns every 5 s (the profile's banner slot turns with it). */
export const ADVERT_AUTOPLAY_MS = BANNER_AUTOPLAY_MS;
/** The drawn creatives an operator may choose from (public/adverts/), with their size. */
export const ADVERT_CREATIVE_SIZE = {
  '/adverts/B0020.svg': { width: 1200, height: 300 },
  '/adverts/B0062.svg': { width: 1200, height: 300 },
  '/adverts/B0040.svg': { width: 600, height: 400 },
  '/adverts/B0102.svg': { width: 600, height: 400 },
  '/adverts/B0065.svg': { width: 600, height: 400 },
} as const;
export type AdvertCreative = keyof typeof ADVERT_CREATIVE_SIZE;
export const ADVERT_CREATIVES = Object.keys(ADVERT_CREATIVE_SIZE) as [AdvertCreative, ...AdvertCreative[]];
export const ADVERT_TITLE_MAX = 60;
export const ADVERT_ALT_MAX = 160;
export const ADVERT_URL_MAX = 300;
/** Ours: at most this many ids per call, scenes and pages per advert. */
export const ADVERT_IDS_MAX = 10;
export const ADVERT_PLACES_MAX = 10;
export const ADVERT_PLACE_MAX = 1_000;
/** A link placeholder retrieveAdvert fills with extrData's anchor_id. */
export const ADVERT_ANCHOR_SLOT = '{anchor_id}';

export const AdvertErrno = {
  /** No advert has this id. */
  UNKNOWN: 10800,
  /** The link does not fit its url_type (a route inside the app, or an https page). */
  BAD_LINK: 10801,
} as const;

export const AdvertTexts = {
  unknown: 'There is no advert with this id.',
  badLink: 'The link must be a path inside the app (url_type 1) or an https address (url_type 2).',
  carouselLabel: 'Offers',
  slideLabel: (n: number, total: number) => `Slide ${n} of ${total}`,
  popClose: 'Close',
  popOpen: 'Take a look',
} as const;
