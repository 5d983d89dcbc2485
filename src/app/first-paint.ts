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

export const afterFirstPaint: Promise<void> = new Promise((resolve) => {
  let resolved = false;
  const done = () => {
    if (resolved) return;
    resolved = true;
    performance.mark('glimmer:after-first-paint');
    resolve();
  };
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
