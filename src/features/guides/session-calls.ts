/**
 * The session's background calls (protocol/guides/guides.ts): the network speed test every 10 min
 * (the probe timed, 8 s at most, the result posted with this page's series id), reportResult once
 * per page on the first socket error, the page-visit number (+20 per page, in sessionStorage) and
 * the tracking keys of the address the app was opened with (cookies that last 2 days).
 */
import {
  PAGE_VISIT_STEP,
  SPEED_TEST_EVERY_MS,
  SPEED_TEST_TIMEOUT_MS,
  TRACKING_KEYS,
  TRACKING_MAX_AGE_S,
} from '../../../protocol/guides/guides';
import { reportSocketError, speedProbe, speedResult } from './api';

const PAGE_VISIT_KEY = 'glimmer.page_visit';
let reported = false;

/** Times the probe: its milliseconds, or -1 when it took more than 8 s or failed. */
export async function measureProbe(
  probe: () => Promise<unknown> = speedProbe,
  now: () => number = () => performance.now(),
  timeoutMs = SPEED_TEST_TIMEOUT_MS,
): Promise<number> {
  const start = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<number>((resolve) => {
    timer = setTimeout(() => resolve(-1), timeoutMs);
  });
  const measured = probe().then(
    () => Math.max(0, Math.round(now() - start)),
    () => -1,
  );
  const result = await Promise.race([measured, timedOut]);
  clearTimeout(timer);
  return result;
}

/** The page-visit number after one more page: +20 (spec 000 §9). */
export function countPageVisit(store: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): number {
  const next = (Number(store.getItem(PAGE_VISIT_KEY)) || 0) + PAGE_VISIT_STEP;
  try {
    store.setItem(PAGE_VISIT_KEY, String(next));
  } catch {
    // Private mode without storage: the count simply does not persist.
  }
  return next;
}

/** The tracking keys in an address's query (before or after the hash), as cookie lines. */
export function trackingCookies(href: string): string[] {
  const url = new URL(href);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?')) : '';
  const params = [new URLSearchParams(url.search), new URLSearchParams(hashQuery)];
  const lines: string[] = [];
  for (const key of TRACKING_KEYS) {
    const value = params.map((p) => p.get(key)).find((v) => v);
    if (!value) continue;
    lines.push(
      `gl_${key}=${encodeURIComponent(value.slice(0, 200))}; Max-Age=${TRACKING_MAX_AGE_S}; path=/; SameSite=Lax`,
    );
  }
  return lines;
}

/** Starts the member's background calls; returns the stop. */
export function startSessionCalls(userid: string): () => void {
  for (const line of trackingCookies(window.location.href)) {
    // biome-ignore lint/suspicious/noDocumentCookie: values are encoded; the Cookie Store API is not everywhere.
    document.cookie = line;
  }
  const sid = crypto.randomUUID().replace(/-/g, '');
  const test = async () => {
    if (document.visibilityState === 'hidden' || !navigator.onLine) return;
    const res = await measureProbe();
    await speedResult(sid, res, userid).catch(() => undefined);
  };
  const timer = setInterval(() => void test(), SPEED_TEST_EVERY_MS);
  let stopped = false;
  let offStatus: (() => void) | undefined;
  void import('../../realtime').then(({ realtime }) => {
    if (stopped) return;
    let connected = false;
    offStatus = realtime.onStatus((status) => {
      if (status === 'online') connected = true;
      // A socket that was up and dropped while the device still has a network.
      if (status === 'offline' && connected && navigator.onLine && !reported) {
        reported = true;
        void reportSocketError(userid).catch(() => undefined);
      }
    });
  });
  return () => {
    stopped = true;
    clearInterval(timer);
    offStatus?.();
  };
}
