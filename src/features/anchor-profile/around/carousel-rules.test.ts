import { describe, expect, it } from 'vitest';
import { cutRecommendNickname, slideSize, splitSlides, stepSlide, swipeDirection } from './carousel-rules';

describe('the recommended carousel', () => {
  it('holds 4 cards a slide on page type 9 and 6 on the others', () => {
    expect(slideSize(9)).toBe(4);
    expect(slideSize(1)).toBe(6);
    expect(slideSize(18)).toBe(6);
  });

  it('splits a list into slides, the last one holding the rest', () => {
    const ids = Array.from({ length: 14 }, (_, i) => i);
    expect(splitSlides(ids, 6).map((s) => s.length)).toEqual([6, 6, 2]);
    expect(splitSlides(ids, 4).map((s) => s.length)).toEqual([4, 4, 4, 2]);
    expect(splitSlides(ids.slice(0, 12), 6).map((s) => s.length)).toEqual([6, 6]);
    expect(splitSlides([], 4)).toEqual([]);
    expect(splitSlides(ids, 6).flat()).toEqual(ids);
    expect(() => splitSlides(ids, 0)).toThrow(RangeError);
  });

  it('cuts nicknames over 10 characters to 9 plus an ellipsis, counting characters', () => {
    expect(cutRecommendNickname('Valentina')).toBe('Valentina');
    expect(cutRecommendNickname('Alexandria')).toBe('Alexandria');
    expect(cutRecommendNickname('Alexandrina')).toBe('Alexandri...');
    expect(cutRecommendNickname('🌸🌸🌸🌸🌸🌸🌸🌸🌸🌸🌸')).toBe('🌸🌸🌸🌸🌸🌸🌸🌸🌸...');
    expect(cutRecommendNickname('🌸🌸🌸🌸🌸🌸🌸🌸🌸🌸')).toBe('🌸🌸🌸🌸🌸🌸🌸🌸🌸🌸');
  });

  it('steps between slides without passing the ends', () => {
    expect(stepSlide(0, 1, 3)).toBe(1);
    expect(stepSlide(2, 1, 3)).toBe(2);
    expect(stepSlide(0, -1, 3)).toBe(0);
    expect(stepSlide(0, 1, 0)).toBe(0);
  });

  it('reads a sideways swipe: left goes on, right goes back, short or downward ones do nothing', () => {
    expect(swipeDirection(-80, 5)).toBe(1);
    expect(swipeDirection(80, 5)).toBe(-1);
    expect(swipeDirection(-20, 0)).toBe(0);
    expect(swipeDirection(-60, 120)).toBe(0);
  });
});
