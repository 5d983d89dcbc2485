/**
 * How many cards the anchor grid lays out in a row (2 on a phone, up to 5 on a wide screen), so its
 * first row can load at once. Read from the viewport by the same breakpoints as discover.css's
 * `.anchor-grid` (keep them in step; the Discover image test at 390 px holds them together), not
 * from the laid-out grid: reading that would force a layout in the middle of the first render.
 */
const GRID_BREAKPOINTS: readonly [query: string, columns: number][] = [
  ['(min-width: 1120px)', 5],
  ['(min-width: 900px)', 4],
  ['(min-width: 600px)', 3],
];

export function gridColumns(): number {
  return GRID_BREAKPOINTS.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 2;
}
