/**
 * The slideshow's pure rules (spec 001 §4 "Shot slideshow"): it cycles with wraparound, while the
 * edge arrows hide at the first and last item; the video timer reads 'loading...' until the clip's
 * length is known, then 'mm:ss / mm:ss'.
 */

/** The item `step` away from `index` among `total`, wrapping past either end. */
export function wrapIndex(index: number, step: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

/** Which edge arrows show at `index`: none at an edge's own side (and none for a single item). */
export function edgeArrows(index: number, total: number): { previous: boolean; next: boolean } {
  return { previous: index > 0, next: index < total - 1 };
}

/** The counter 'n / total'. */
export const counterText = (index: number, total: number) => `${index + 1} / ${total}`;

/** Seconds as 'mm:ss' (minutes keep counting past 59: a shot is short). */
export function clock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The player's timer: 'loading...' until the length is known, then 'mm:ss / mm:ss'. */
export function timerText(current: number, duration: number | undefined): string {
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) return 'loading...';
  return `${clock(Math.min(current, duration))} / ${clock(duration)}`;
}
