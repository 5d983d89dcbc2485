/**
 * Guides, start-up pop-ups and the session's small calls (spec 002 §2 "First-visit guide wizard",
 * "Pop-up orchestration", §4 "Start-up pop-ups", §7 "Session and config", §9 "Timing"; spec 000
 * §7, §9; spec 001 §7 reportResult). What the spec leaves open is decided here:
 * - One pop-up per browser session: the first start-up pop-up to open sets the session cookie
 *   (STARTUP_POP_COOKIE) and no other start-up pop-up or guide opens until the browser is closed.
 *   Those that want to show at start-up are offered the turn in STARTUP_ORDER, the spec's order
 *   followed by ours. The terms overlay is no ordinary pop-up: a member who has not agreed sees it
 *   first, whatever the cookie says, and the first-visit guide follows it in the same turn.
 * - setGuideMail (after the terms overlay) arms the guides for the member: the mail guide shows
 *   on his first compose (members.guide_mail 0). The mail guide's own "finished" mark is
 *   setGuideMailDone (MailApi), so accepting the terms never marks a guide as done.
 * - getActivityTime records the visit and answers when he was last active before it; a member back
 *   after RETURNING_AFTER_DAYS or more sees the returning-member window.
 * - The speed test: POST /share/v1/l answers at once (the probe), the client times it (8 s at most,
 *   -1 on a time-out) and posts the milliseconds to /share/v1/t {sid, res, userid}, every 10 min.
 * - reportResult (spec 001 §7) is sent once per page on the first socket error.
 */
import type { Flag } from '../types';

export const SiteApi = {
  getActivityTime: '/share/v1/getActivityTime',
  speedTestResult: '/share/v1/t',
  speedTestProbe: '/share/v1/l',
  /** Spec 001 §7: `?user_id={id}`, form {service 3, user_id, user_agent}. */
  reportResult: '/pman/tool/server/reportResult',
} as const;

/** Spec 002 §4 "Start-up pop-ups", then ours (the recommendation pop, returning member, install). */
export const STARTUP_ORDER = [
  'newGuide',
  'welcome',
  'featuredAd',
  'voucher',
  'giftPackage',
  'hangoutGuide',
  'recommend',
  'returning',
  'appInstall',
  // The contextual guides ask for the turn when their page opens.
  'broadcastIntro',
  'sayHiGuide',
] as const;
export type StartupPopKind = (typeof STARTUP_ORDER)[number];

/** Ours: pop-ups that ask within this long of the first ask are ordered together. */
export const STARTUP_SETTLE_MS = 1_200;
/** Spec 002 §9: the app-store prompt, at most 3 times, once per day, within 14 days. */
export const INSTALL_PROMPT_MAX = 3;
export const INSTALL_PROMPT_GAP_MS = 24 * 3600 * 1000;
export const INSTALL_PROMPT_WINDOW_MS = 14 * 24 * 3600 * 1000;
/** Spec 002 §9: the returning-user prompt window, 30 days. */
export const RETURNING_AFTER_DAYS = 30;
export const RETURNING_AFTER_MS = RETURNING_AFTER_DAYS * 24 * 3600 * 1000;
/** Back after RETURNING_AFTER_DAYS or more since the previous visit (the server's and the client's rule). */
export const isReturning = (previousMs: number | undefined, nowMs: number): boolean =>
  previousMs !== undefined && previousMs > 0 && nowMs - previousMs >= RETURNING_AFTER_MS;
/** Spec 002 §9: a speed test every 10 min, 8 s time-out. */
export const SPEED_TEST_EVERY_MS = 10 * 60 * 1000;
export const SPEED_TEST_TIMEOUT_MS = 8_000;
/** Spec 001 §7: reportResult's service. */
export const REPORT_SERVICE_SOCKET = 3;
/** Spec 000 §9: the page-visit number in the session rises by 20 per visit. */
export const PAGE_VISIT_STEP = 20;
/** Spec 000 §9: session tracking keys and cookies last 2 days. */
export const TRACKING_MAX_AGE_S = 2 * 24 * 3600;
/** Ours: the query keys kept as tracking keys (utm_*, and the spec's clickFrom and referer). */
export const TRACKING_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'clickFrom', 'referer'] as const;

/** POST /share/v1/getActivityTime. */
export interface ActivityTimeData {
  /** Server time, Unix seconds. */
  server_time: number;
  /** His previous visit before this one, Unix seconds; 0 on his first. */
  last_active_time: number;
  /** 1: away RETURNING_AFTER_DAYS or more (the returning-member window applies). */
  returning: Flag;
}

/** POST /share/v1/t. */
export interface SpeedTestData {
  recorded: Flag;
}
