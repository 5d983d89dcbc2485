import { describe, expect, it } from 'vitest';
import { DEMO_GIFTS } from '../seed/gifts';
import { coverSvg, giftSvg, portraitSvg, showSvg } from '.';

/** Every opened element is closed in order: enough to catch a broken template. */
function expectWellFormed(svg: string): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).not.toMatch(/undefined|NaN/);
  const stack: string[] = [];
  for (const [, closing, name, , selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s[^<>]*?)?)(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name ?? '');
  }
  expect(stack).toEqual([]);
}

describe('media', () => {
  it('draws the same picture for the same id and different ones for different ids', () => {
    expect(portraitSvg('A2001')).toBe(portraitSvg('A2001'));
    expect(portraitSvg('A2001')).not.toBe(portraitSvg('A2002'));
    expect(coverSvg('A2001')).not.toBe(coverSvg('A2002'));
    expect(showSvg('LS3001')).not.toBe(showSvg('LS3002'));
  });

  it('produces well-formed SVG for every demo id', () => {
    for (let n = 2001; n <= 2064; n++) {
      expectWellFormed(portraitSvg(`A${n}`));
      expectWellFormed(coverSvg(`A${n}`));
    }
    for (const id of ['M1001', 'M1002', 'M1005', 'x']) expectWellFormed(portraitSvg(id));
    for (let n = 3001; n <= 3016; n++) expectWellFormed(showSvg(`LS${n}`));
    for (const gift of DEMO_GIFTS) expectWellFormed(giftSvg(gift.giftid, gift.name));
  });

  it('gives members a neutral silhouette and broadcasters a face', () => {
    expect(portraitSvg('M1001')).not.toContain('ellipse');
    expect(portraitSvg('A2001')).toContain('ellipse');
  });

  it('picks the gift icon by name, a box for unknown names, and escapes the label', () => {
    const icons = new Set(DEMO_GIFTS.map((g) => giftSvg('G', g.name).replace(/aria-label="[^"]*"/, '')));
    expect(icons.size).toBeGreaterThanOrEqual(15);
    const box = (name: string) => giftSvg('G', name).replace(/aria-label="[^"]*"/, '');
    expect(box('Chocolate Box')).toBe(box('Mystery'));
    expect(box('Lucky Clover')).not.toBe(box('Heart'));
    expect(giftSvg('G1', '<b>"x"</b>')).not.toContain('<b>');
  });
});
