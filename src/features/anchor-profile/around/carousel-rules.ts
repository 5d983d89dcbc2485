/** The recommended carousel's rules (spec 001 §2, §9; spec 002 §9), pure so they are tested alone. */
import {
  RECOMMEND_NICKNAME_CUT,
  RECOMMEND_NICKNAME_MAX,
  RECOMMEND_PAGE_TYPE,
  RECOMMEND_SLIDE,
  RECOMMEND_SLIDE_CHAT,
} from '../../../../protocol/anchor-profile/around';

/** Cards per slide: 4 on page type 9 (they carry Chat Now), 6 otherwise. */
export const slideSize = (type: number) =>
  type === RECOMMEND_PAGE_TYPE.messages ? RECOMMEND_SLIDE_CHAT : RECOMMEND_SLIDE;

/** The list in slides of `size`; the last slide holds what is left. */
export function splitSlides<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new RangeError('a slide holds at least one card');
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

/** Recommended nicknames over 10 characters are cut to 9 plus '...'; counted in characters, not UTF-16 units. */
export function cutRecommendNickname(nickname: string): string {
  const chars = Array.from(nickname);
  return chars.length > RECOMMEND_NICKNAME_MAX
    ? `${chars.slice(0, RECOMMEND_NICKNAME_CUT).join('')}...`
    : nickname;
}

/** The slide after a step of `delta`, kept inside the list (the arrows hide at the ends). */
export function stepSlide(current: number, delta: number, count: number): number {
  return Math.min(Math.max(current + delta, 0), Math.max(count - 1, 0));
}

/** A horizontal swipe long enough, and more sideways than down, turns the slide: -1 back, 1 on, 0 none. */
export function swipeDirection(dx: number, dy: number, threshold = 40): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
