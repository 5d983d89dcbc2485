/**
 * Resolves once the page has shown its content, its first screen has settled and the browser is
 * idle (1 s at the latest after that), or 5 s after start whatever happens: what a page can do without (the socket, the PWA
 * prompts, the next page's code) waits for it, so that it does not compete with what the member
 * came to see. A page that paints at once (the login page) has shown its content at the load
 * event; the app says so itself when its first page has rendered (`contentShown`). The performance
 * mark lets bench/bundle/measure.ts tell the JS loaded before from the JS loaded after.
 */
let showContent: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  showContent = resolve;
});
let waitForApp = false;

/** The app holds after-first-paint work until its first page is on screen. */
export function holdUntilContentShown() {
  waitForApp = true;
}

/** The app's first page has rendered (after the session start): after-first-paint work may begin. */
export function contentShown() {
  showContent();
}

/** The first screen has settled when nothing larger has painted for this long. */
const SETTLED_MS = 250;

/**
 * Waits until the first screen's images have loaded and no larger paint has come for SETTLED_MS:
 * the portraits a page opens with must not share a slow network with the socket and the next
 * page's code.
 */
function firstScreenSettled(): Promise<void> {
  return new Promise((resolve) => {
    let lastPaint = performance.now();
    const paints = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
      ? new PerformanceObserver(() => {
          lastPaint = performance.now();
        })
      : null;
    paints?.observe({ type: 'largest-contentful-paint', buffered: true });
    const check = () => {
      const imagesLoading = Array.from(document.images).some(
        (image) => image.loading === 'eager' && !image.complete,
      );
      if (imagesLoading || performance.now() - lastPaint < SETTLED_MS) return void setTimeout(check, 50);
      paints?.disconnect();
      resolve();
    };
    check();
  });
}

/** A moment of the page's life: resolves once, at the first of its triggers, leaving a performance mark. */
function phase(mark: string, arm: (done: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    let resolved = false;
    arm(() => {
      if (resolved) return;
      resolved = true;
      performance.mark(mark);
      resolve();
    });
  });
}

export const afterFirstPaint: Promise<void> = phase('glimmer:after-first-paint', (done) => {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(done, { timeout: 1000 }) : setTimeout(done, 200);
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((ready) => window.addEventListener('load', () => ready(), { once: true }));
  // Read when the load event comes: the entry has said by then whether the app holds it.
  void loaded.then(() => (waitForApp ? shown.then(firstScreenSettled) : undefined)).then(idle);
  setTimeout(done, 5000);
});

/**
 * How long the page stays quiet (no long task, no larger paint) before background work starts: past
 * the 5 s in which a page is judged interactive and its first seconds' JS is budgeted
 * (tests/e2e/js-budget.spec.ts), with room to spare. A page that never goes quiet gets it after
 * BACKGROUND_LATEST_MS all the same.
 */
export const BACKGROUND_QUIET_MS = 7000;
const BACKGROUND_LATEST_MS = 20_000;

/** Resolves once neither a long task nor a larger paint has come for `ms`. */
function quietFor(ms: number): Promise<void> {
  return new Promise((resolve) => {
    let last = performance.now();
    const types = ['largest-contentful-paint', 'longtask'].filter((type) =>
      PerformanceObserver.supportedEntryTypes?.includes(type),
    );
    const observer = types.length
      ? new PerformanceObserver(() => {
          last = performance.now();
        })
      : null;
    for (const type of types) observer?.observe({ type });
    const check = () => {
      const left = last + ms - performance.now();
      if (left > 0) return void setTimeout(check, left);
      observer?.disconnect();
      resolve();
    };
    setTimeout(check, ms);
  });
}

/**
 * Work nobody waits for — Dexie's live query, the next page's code, the PWA prompts and
 * workbox-window — starts once the page has shown its content and then stayed quiet for
 * BACKGROUND_QUIET_MS (its images in, no long task), so that it never competes with what the member
 * came to see or his first taps. What makes it urgent starts it at once: the network going away,
 * the page being hidden or left.
 */
export const inBackground: Promise<void> = phase('glimmer:background', (done) => {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(done, { timeout: 2000 }) : done();
  void afterFirstPaint.then(() => quietFor(BACKGROUND_QUIET_MS)).then(idle);
  setTimeout(done, BACKGROUND_LATEST_MS);
  window.addEventListener('offline', done, { once: true });
  window.addEventListener('pagehide', done, { once: true });
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && done());
});
