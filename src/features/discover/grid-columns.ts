import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * How many cards a grid lays out in a row (2 on a phone, up to 5 on a wide screen), read from its
 * columns once laid out (the skeletons have the same grid), so its first row can load at once.
 */
export function useGridColumns(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [columns, setColumns] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const tracks = getComputedStyle(el)
      .gridTemplateColumns.split(' ')
      .filter((t) => t && t !== 'none');
    if (tracks.length) setColumns(tracks.length);
  }, [ref]);
  return columns;
}
