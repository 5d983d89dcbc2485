/**
 * Offers (spec 001 §2 holiday and birthday discount pop-ups; §3 "Discount info", "Local flower
 * force-push record", "Introduce-service popup record"; §7 checkDiscount, checkActivityStrengthenPush;
 * §9 limits and "Promotional pop-up rules"). Decisions where the spec is silent, written down here:
 * - Holidays are data (table `holidays`, migration 047): a key, a name, the days it runs, its percent
 *   off, and the broadcasters taking part (`holiday_anchors`). checkDiscount answers for one
 *   broadcaster: `step` 0 none, 1 warm-up (the HOLIDAY_WARMUP_DAYS before it starts: the stylesheet
 *   and the pop announce it, nothing is off yet), 2 on (the percent is off her flower and gift
 *   store orders). `holiday_show` is 1 in steps 1 and 2; `discount` is the holiday's percent off.
 *   The stylesheet is /holidays/<holiday_key>.css?v=<version> (the spec's version parameters).
 * - Birthday: while her birthday_tip is 1 (within 7 days) or 2 (today), BIRTHDAY_OFF credits are off
 *   a flower/gift order for her of at least BIRTHDAY_OFF_MIN_ORDER credits; the pop reads '$N OFF'
 *   with N in the configured money words. Both discounts stack: the percent first, then the credits
 *   (orderPrice below, one function for server and client).
 * - The discount is applied at checkout on the server, never taken from the client: the cart answers
 *   `total` (the lines' sum) and `pay_total` (what checkout charges). Checkout's `total` is the
 *   amount he confirmed; if the discount changed since (an offer ended or began between preview and
 *   checkout) it answers OfferErrno.DISCOUNT_CHANGED and moves nothing.
 * - The holiday pop shows on her profile ('anchor' style), in her live room ('room') and in a live
 *   chat with her ('livechat'): at most once per holiday per style per day, counted in localStorage
 *   per member. In a room or chat (pages that hold pop-ups off) it is a card docked in the page, not
 *   a dialog over the video; it still waits for no dialog (price confirmation) to be open.
 * - Flower force-push: checkActivityStrengthenPush answers result 1 when she takes flowers, he may
 *   send them, and he has not ordered for her within the rule window. The local record
 *   (localStorage per member) starts a window at the first show: at most FORCE_PUSH_MAX shows in
 *   FORCE_PUSH_WINDOW_MS (a fourth is blocked), at most one a day, and once per place per broadcaster
 *   (places: anchor page, live, chat, success page). On her profile it shows at once; in her live room
 *   after FORCE_PUSH_LIVE_DELAY_MS; in a live chat after FORCE_PUSH_CHAT_DELAY_MS, closing itself after
 *   FORCE_PUSH_CHAT_CLOSE_MS.
 * - Introduce-service pop: a one-line introduction of the service of each scene, at most
 *   INTRODUCE_MAX_PER_DAY shows per day per scene; closing it ends that scene's shows for the day.
 * - None of these opens while a session start-up pop-up is pending or over another dialog; a session
 *   whose start-up turn went to a start-up pop-up (e.g. the new-user gift package) shows no offer
 *   pop-up on the profile (one pop-up per session), the docked cards in rooms excepted.
 */

export const OfferApi = {
  /** Spec 001 §7: POST {anchor_id} → DiscountInfo. */
  checkDiscount: '/pman/giftFlower/api/checkDiscount',
  /** Spec 001 §7: POST {anchor_id} → StrengthenPush. */
  checkActivityStrengthenPush: '/pman/giftFlower/api/checkActivityStrengthenPush',
} as const;

const DAY_MS = 24 * 3600 * 1000;

export const HOLIDAY_WARMUP_DAYS = 3;
/** The holiday stylesheets' version parameter (bumped when one changes). */
export const HOLIDAY_STYLE_VERSION = 1;
export const holidayStylesheet = (key: string) => `/holidays/${key}.css?v=${HOLIDAY_STYLE_VERSION}`;
export const HOLIDAY_POP_STYLES = ['anchor', 'room', 'livechat'] as const;
export type HolidayPopStyle = (typeof HOLIDAY_POP_STYLES)[number];

/** Credits off a flower/gift order for her in her birthday week, and the order it needs. */
export const BIRTHDAY_OFF = 5;
export const BIRTHDAY_OFF_MIN_ORDER = 20;

/** How long her profile's offer pop waits for start-up pop-ups to take the session's turn first. */
export const STARTUP_SETTLE_MS_FOR_OFFERS = 1_500;

export const DISCOUNT_STEP = { none: 0, warmup: 1, on: 2 } as const;

/** Spec 001 §9: flower force-push. */
export const FORCE_PUSH_WINDOW_MS = 7 * DAY_MS;
export const FORCE_PUSH_MAX = 3;
export const FORCE_PUSH_LIVE_DELAY_MS = 5 * 60_000;
export const FORCE_PUSH_CHAT_DELAY_MS = 10 * 60_000;
export const FORCE_PUSH_CHAT_CLOSE_MS = 60_000;
export const FORCE_PUSH_PLACES = ['anchor', 'live', 'chat', 'success'] as const;
export type ForcePushPlace = (typeof FORCE_PUSH_PLACES)[number];

/** Spec 001 §9: introduce-service pop-up. */
export const INTRODUCE_MAX_PER_DAY = 3;
export const INTRODUCE_SCENES = ['index', 'indexVideo', 'chat', 'nav', 'live'] as const;
export type IntroduceScene = (typeof INTRODUCE_SCENES)[number];

export interface DiscountInfo {
  holiday_key: string;
  /** 1: load the holiday stylesheet and show the holiday pop. */
  holiday_show: 0 | 1;
  /** DISCOUNT_STEP. */
  step: 0 | 1 | 2;
  /** The holiday's percent off (applied in step 2). */
  discount: number;
  /** Ours: the holiday's name, for the pop. */
  holiday_name: string;
  /** Ours: the holiday's last day, Unix seconds (0 without one). */
  end_time: number;
  /** Ours: her birthday_tip (1 upcoming, 2 today) and the credits off meanwhile (0 none). */
  birthday_tip: 0 | 1 | 2;
  birthday_off: number;
}

export interface StrengthenPush {
  result: 0 | 1;
}

/** What an order for her costs after the offers, hundredths of a credit. */
export function orderPrice(
  totalHundredths: number,
  percentOff: number,
  birthdayOffHundredths: number,
): number {
  let pay = totalHundredths - Math.round((totalHundredths * percentOff) / 100);
  if (birthdayOffHundredths > 0 && pay >= BIRTHDAY_OFF_MIN_ORDER * 100) pay -= birthdayOffHundredths;
  return Math.max(0, pay);
}

/** Names the offers an order was priced with ('' none): the cart answers it and checkout compares. */
export function offerKey(holidayKey: string, percentOff: number, birthdayOff: number): string {
  const parts = [];
  if (percentOff > 0) parts.push(`${holidayKey}:${percentOff}`);
  if (birthdayOff > 0) parts.push(`birthday:${birthdayOff}`);
  return parts.join('|');
}

/** Ours, 10790-10799. */
export const OfferErrno = {
  DISCOUNT_CHANGED: 10790,
} as const;

export const OfferMessages = {
  discountChanged: 'The discount on this order has changed. Please check the new price and confirm again.',
} as const;
