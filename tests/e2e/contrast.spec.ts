/**
 * White text on the app's coloured fills (Live badges, counts, pills, current tabs, primary
 * buttons) reads at 4.5:1 or better, on the pages where those fills are on screen. axe's
 * color-contrast rule runs too, but it leaves most of them unjudged ("incomplete"): a fill drawn as
 * a gradient (every primary button), a badge over a card's photo and its shading pseudo-element
 * (the Live badges on Discover), a count of one or two digits ("too short to be text") — and the
 * page's own background is a gradient. So this spec also measures them itself.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInAsMember } from './helpers';

test.describe.configure({ timeout: 120_000 });

interface Reading {
  what: string;
  ratio: number;
  needs: number;
  /** Which of the selectors asked about the element matches. */
  matches: string[];
}

/**
 * Every visible element with its own light text (each channel 230 or more): its worst contrast
 * against what is painted under it, worked out by laying each ancestor's fill (colour, then each
 * colour of its gradients) over the fills below, from the page down. Photos under a see-through
 * fill are not counted (the app puts light text on opaque fills only).
 */
function lightTextOnFills(selectors: string[]): Reading[] {
  type Rgba = { r: number; g: number; b: number; a: number };
  const rgba = (text: string): Rgba | null => {
    const m = /rgba?\(([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+%?))?\)/.exec(text);
    if (!m) return null;
    const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number.parseFloat(m[4]) / 100 : Number(m[4]);
    return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
  };
  const over = (top: Rgba, under: Rgba): Rgba => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }: Rgba) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
    } "${(el.textContent ?? '').trim().slice(0, 24)}"`;
  /** What may show under an element's text: its fills laid over its parent's. */
  const painted = new Map<Element, Rgba[]>();
  const under = (el: Element): Rgba[] => {
    const known = painted.get(el);
    if (known) return known;
    let below: Rgba[] = el.parentElement ? under(el.parentElement) : [{ r: 255, g: 255, b: 255, a: 1 }];
    const s = getComputedStyle(el);
    const colour = rgba(s.backgroundColor);
    if (colour && colour.a > 0) below = below.map((b) => over(colour, b));
    const stops = (s.backgroundImage.match(/rgba?\([^)]*\)/g) ?? []).map(rgba).filter((c) => c !== null);
    if (stops.length) below = stops.flatMap((stop) => below.map((b) => over(stop, b)));
    // The lightest few are the worst case for light text.
    const result = below.sort((x, y) => luminance(y) - luminance(x)).slice(0, 8);
    painted.set(el, result);
    return result;
  };

  const found: Reading[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const ownText = Array.from(el.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
    );
    if (!ownText || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const style = getComputedStyle(el);
    const text = rgba(style.color);
    if (!text || text.a < 1 || Math.min(text.r, text.g, text.b) < 230) continue;
    const light = luminance(text);
    const worst = Math.min(...under(el).map((c) => ratio(light, luminance(c))));
    const size = Number.parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    found.push({
      what: describe(el),
      ratio: Math.round(worst * 100) / 100,
      needs: large ? 3 : 4.5,
      matches: selectors.filter((selector) => el.matches(selector)),
    });
  }
  return found;
}

/** The page's fills pass: measured here, and by axe where it can judge them. */
async function expectReadableFills(page: Page, label: string, mustShow: string[]) {
  for (const selector of mustShow) {
    await expect(page.locator(selector).first(), `${label}: ${selector} on screen`).toBeVisible();
  }
  const readings = await page.evaluate(lightTextOnFills, mustShow);
  // Each kind of fill asked about was found and measured (the check cannot pass by seeing none).
  for (const selector of mustShow) {
    expect(
      readings.some((r) => r.matches.includes(selector)),
      `${label}: ${selector} measured (${readings.map((r) => r.what).join('; ')})`,
    ).toBe(true);
  }
  const poor = readings
    .filter((r) => r.ratio < r.needs)
    .map((r) => `${r.what} ${r.ratio}:1 (needs ${r.needs})`);
  expect(poor, `${label}: white text on fills`).toEqual([]);

  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(
    violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)),
    `${label}: axe color-contrast`,
  ).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px the Live badges, counts, pills, current tabs and primary buttons read at 4.5:1`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // M1001 has unread messages and mail (the counts), and the seed has broadcasters live now.
    await signInAsMember(page, 'M1001');

    await page.goto('/#/masterlist');
    await expect(page.getByTestId('online-list').getByTestId('anchor-card').first()).toBeVisible();
    await expectReadableFills(page, 'Discover', ['.badge-live', 'a.btn-primary', '.nav-badge']);

    // A broadcaster live now: her profile's Live badge and the Watch Now button.
    const live = await page
      .locator('[data-testid="anchor-card"]:has(.badge-live)')
      .first()
      .getAttribute('data-anchor-id');
    await page.goto(`/#/anchor/${live}`);
    await expectReadableFills(page, `the profile of ${live}`, ['.badge-live', '.btn-primary']);

    // A show on now carries the Ongoing badge; the others a Get Ticket button.
    await page.goto('/#/showorder/schs');
    await expect(page.getByTestId('show-card').first()).toBeVisible();
    await expectReadableFills(page, 'the shows', ['.show-badge-ongoing', '.btn-primary']);

    // The current tab of the bookings and the unread counts of the messages.
    await page.goto('/#/schedule');
    await expectReadableFills(page, 'the bookings', ['.booking-tabs a[aria-current="page"]']);
    await page.goto('/#/mymessage');
    await expectReadableFills(page, 'the messages', ['.pm-unread']);
  });
}
