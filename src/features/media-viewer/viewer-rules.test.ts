import { describe, expect, it } from 'vitest';
import { clock, counterText, edgeArrows, timerText, wrapIndex } from './viewer-rules';

describe('the shot slideshow', () => {
  it('wraps around past either end', () => {
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(2, 1, 5)).toBe(3);
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('hides the edge arrows at the first and last item', () => {
    expect(edgeArrows(0, 3)).toEqual({ previous: false, next: true });
    expect(edgeArrows(1, 3)).toEqual({ previous: true, next: true });
    expect(edgeArrows(2, 3)).toEqual({ previous: true, next: false });
    expect(edgeArrows(0, 1)).toEqual({ previous: false, next: false });
  });

  it("counts 'n / total'", () => {
    expect(counterText(0, 4)).toBe('1 / 4');
    expect(counterText(3, 4)).toBe('4 / 4');
  });

  it("reads 'loading...' then 'mm:ss / mm:ss'", () => {
    expect(timerText(0, undefined)).toBe('loading...');
    expect(timerText(0, Number.NaN)).toBe('loading...');
    expect(timerText(0, Number.POSITIVE_INFINITY)).toBe('loading...');
    expect(timerText(3.7, 65.2)).toBe('00:03 / 01:05');
    expect(timerText(70, 65.2)).toBe('01:05 / 01:05');
    expect(clock(600)).toBe('10:00');
  });
});
