/**
 * Resolves once the page has shown its content and the browser is idle (1 s at the latest after
 * that), or 5 s after start whatever happens: what a page can do without (the socket, the PWA
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
  void loaded.then(() => (waitForApp ? shown : undefined)).then(idle);
  setTimeout(done, 5000);
});
