/**
 * Resolves after the load event, at the browser's next idle moment (1 s at the latest), or 3 s after
 * start when the load event is late (images in a page hold it back): what a page can do without
 * (the socket, the PWA prompts, the next page's code) waits for it. The performance mark lets
 * bench/bundle/measure.ts tell the JS loaded before from the JS loaded after.
 */
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
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  setTimeout(done, 3000);
});
