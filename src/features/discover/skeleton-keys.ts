/** Keys for identical loading placeholders (stable, so React keeps them while loading). */
export const skeletonKeys = (n: number) => Array.from({ length: n }, (_, i) => `skeleton-${i}`);
