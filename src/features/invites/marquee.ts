/**
 * The title marquee (spec 000 §4): after an invitation the page title scrolls for 3 minutes in
 * 100 ms steps, then the title is restored. A title set meanwhile by the router becomes the text
 * that scrolls and the one restored.
 */
import { TITLE_MARQUEE_MS, TITLE_MARQUEE_STEP_MS } from '../../../protocol/realtime';

export interface TitleHost {
  title: string;
}

/** The gap between the end and the start; no-break spaces, as browsers collapse ordinary ones in titles. */
const GAP = '\u00a0\u00a0\u00a0';

/** The title rotated left by `step` characters. */
export function marqueeFrame(text: string, step: number): string {
  const padded = `${text}${GAP}`;
  const shift = step % padded.length;
  return padded.slice(shift) + padded.slice(0, shift);
}

export function createTitleMarquee(host: TitleHost) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let base = '';
  let written = '';
  let step = 0;
  let endsAt = 0;

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (host.title === written) host.title = base;
  }

  return {
    /** Starts (or extends to a full run) the marquee. */
    start(now = Date.now()) {
      endsAt = now + TITLE_MARQUEE_MS;
      if (timer !== null) return;
      base = host.title;
      written = base;
      step = 0;
      let elapsed = 0;
      const startedAt = now;
      timer = setInterval(() => {
        elapsed += TITLE_MARQUEE_STEP_MS;
        if (host.title !== written) base = host.title;
        if (startedAt + elapsed >= endsAt) return stop();
        step += 1;
        host.title = marqueeFrame(base, step);
        // Read back: the browser trims and collapses whitespace, and we must know our own frame.
        written = host.title;
      }, TITLE_MARQUEE_STEP_MS);
    },
    stop,
    get running() {
      return timer !== null;
    },
  };
}
