/**
 * How a drawn portrait or cover loads. Those on the first screen load at once, the first of them
 * with high priority (it is the page's largest paint); the rest load as they are scrolled near, so
 * a long list does not hold up the first screen.
 */
export interface ImageLoading {
  loading: 'eager' | 'lazy';
  fetchPriority?: 'high';
}

export const FIRST_SCREEN: ImageLoading = { loading: 'eager' };
export const LARGEST_PAINT: ImageLoading = { loading: 'eager', fetchPriority: 'high' };
export const BELOW_THE_FOLD: ImageLoading = { loading: 'lazy' };

/**
 * The image of a list's item `index` when the first `firstScreen` items show on the first screen;
 * `lead` marks the list whose first image is the page's largest paint.
 */
export function listImage(index: number, firstScreen: number, lead = false): ImageLoading {
  if (index >= firstScreen) return BELOW_THE_FOLD;
  return lead && index === 0 ? LARGEST_PAINT : FIRST_SCREEN;
}
