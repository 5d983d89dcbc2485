/**
 * Around the broadcaster profile (spec 001 §2, §3, §7, §9; spec 002 §2, §3, §7, §9): her friends
 * (My Friends), similar online broadcasters, featured broadcasters and the banner slot, the
 * recommended-broadcasters carousel, the recommendation pop, follow states and relations.
 * The paths live in protocol/paths.ts (Api.*); what the spec leaves open is decided here.
 */
import type { Flag } from '../types';

/** A friend of a broadcaster (spec 002 §3 Friend; the hang-out friend's photourl too, spec 001 §3). */
export interface Friend {
  anchor_id: string;
  nickname: string;
  avatar_img: string;
  photourl: string;
  /** 2 online (visible), 0 offline. */
  online_status: number;
}

/**
 * Ours: My Friends pages by 6, the spec's hang-out friend layer size (spec 001 §5 "6 initially in the
 * layer, more via Load More"), so the profile and the hang-out layer read one list the same way.
 */
export const FRIENDS_PAGE_SIZE = 6;
/** Ours: the seed gives every demo broadcaster this many friends (A2001 at least 8, so Load More shows). */
export const SEED_FRIENDS_MIN = 3;
export const SEED_FRIENDS_MAX = 12;

export interface FriendListData {
  list: Friend[];
  /** Her visible friends in all (suspended ones are never counted). */
  total: number;
}

/** Load-more lists have these statuses (spec 002 §2). */
export type LoadMoreStatus = 'loadmore' | 'loading' | 'retry' | 'nodata';

/** Recommended anchor (spec 001 §3) plus, ours, what a card shows under the name. */
export interface RecommendedAnchor {
  anchor_id: string;
  anchor_nickname: string;
  anchor_cover: string;
  /** 2 online (visible), 0 offline. */
  online_status: number;
  is_follow: Flag;
  /** Ours: her portrait (the card's image), age and country. */
  anchor_avatar: string;
  anchor_age: number;
  anchor_country: string;
}

export interface RecommendListData {
  list: RecommendedAnchor[];
}

/**
 * getPageRecommendAnchorList `type`: which page asks, and so what it recommends (the spec names
 * only 9; the rest is ours). Every list leaves out the anchor named and suspended accounts.
 * - 1 profile: the carousel under a broadcaster's profile: broadcasters online first, then by hot
 *   score, leaving out the ones already shown as her similar online broadcasters (type 18's first
 *   SIMILAR_ONLINE_NUM), so the page never shows one twice.
 * - 9 messages: a member without contacts on his contact list ("You don't have any contacts yet…"):
 *   only broadcasters online now, by hot score; the cards carry Chat Now (spec 001 §2).
 * - 18 anchor page (spec 002 §9 "anchor page 18"): similar online broadcasters: online now, same
 *   country as her first, then within SIMILAR_AGE_BAND years of her age, then by hot score.
 */
export const RECOMMEND_PAGE_TYPE = { profile: 1, messages: 9, similar: 18 } as const;
export type RecommendPageType = (typeof RECOMMEND_PAGE_TYPE)[keyof typeof RECOMMEND_PAGE_TYPE];
export const RECOMMEND_PAGE_TYPES: readonly number[] = Object.values(RECOMMEND_PAGE_TYPE);
/** Ours: how many a page's list holds (four slides of 6, six of 4). */
export const RECOMMEND_LIST_NUM = 24;
/** Slides of 4 cards on page type 9, 6 otherwise (spec 001 §9). */
export const RECOMMEND_SLIDE_CHAT = 4;
export const RECOMMEND_SLIDE = 6;
/** Recommended nicknames are cut at 10 characters: 9 plus '...' (spec 002 §9; 001 §5's reading). */
export const RECOMMEND_NICKNAME_MAX = 10;
export const RECOMMEND_NICKNAME_CUT = 9;

/** Similar online broadcasters on the profile (spec 002 §9). */
export const SIMILAR_ONLINE_NUM = 4;
/** Ours: "similar" is the same country, else an age within this many years of hers. */
export const SIMILAR_AGE_BAND = 5;

/** The recommendation pop shows at most 6 broadcasters (spec 002 §9). */
export const AD_RECOMMEND_MAX = 6;
/**
 * getADRecommendAnchor's answer. `needpop` (ours, like the voucher anchor list's) says whether the
 * pop should open: only for a member with no contacts yet, the member who most needs a start. The
 * list holds broadcasters online now whom he does not follow, by hot score.
 */
export interface AdRecommendData {
  needpop: Flag;
  list: RecommendedAnchor[];
}
/** Ours: the pop waits this long on Discover, so the page settles and is read first. */
export const RECOMMEND_POP_DELAY_MS = 2_500;
/**
 * Ours: the session cookie every start-up pop-up sets when it opens (spec 002 §4: "Opening a pop-up
 * sets a cookie so that only one shows per session"). No Max-Age: it ends with the browser session.
 */
export const STARTUP_POP_COOKIE = 'startup_pop';

/** getUserFollowList {anchorids}: ids comma-separated (or repeated), at most this many. */
export const FOLLOW_LIST_MAX = 100;
export interface FollowListData {
  list: { anchor_id: string; is_follow: Flag }[];
}

/**
 * getRelation {anchorid, userid} (ours, the spec shows no answer): what ties the member to her.
 * A member asks only about himself (userid is his id); another member's id is refused (10008).
 */
export interface RelationData {
  anchorid: string;
  userid: string;
  /** He follows her. */
  is_follow: Flag;
  /** Intimacy Level and experience (protocol/messages/messages.ts levels). */
  intimacy: number;
  intimacy_experience: number;
  /** She is on his contact list (they have Intimacy experience). */
  in_contacts: Flag;
  /** He has sent her a Say Hi. */
  sayhi_sent: Flag;
}

/** Adverts (spec 002 §3 Advert) are defined with the adverts (protocol/adverts/adverts.ts). */
export type { Advert, BannerData } from '../adverts/adverts';
/** The profile's banner slot: banner ids B0020 and B0062 (spec 002 §7) on scene 18, the anchor page (§9). */
export const PROFILE_BANNER_IDS = ['B0020', 'B0062'] as const;
export const PROFILE_BANNER_SCENE = 18;
/** Ours: getBanner takes at most this many ids at once. */
export const BANNER_IDS_MAX = 10;
/** The ad carousel turns every 5 s (spec 002 §9). */
export const BANNER_AUTOPLAY_MS = 5_000;

/** Texts of our own (the spec gives none for these sections). */
export const AroundTexts = {
  friendsTitle: 'My Friends',
  friendsEmpty: 'No friends to show yet.',
  similarTitle: 'Similar online broadcasters',
  similarEmpty: 'No similar broadcasters are online right now.',
  featuredTitle: 'Featured broadcasters',
  recommendTitle: 'Recommended broadcasters',
  popTitle: 'Broadcasters we recommend for you',
  popIntro: 'They are online now. Say hi, follow or start a chat.',
  loadMore: 'Load More',
  noMore: 'No more friends',
  retry: 'Retry',
} as const;
