/**
 * Every page fits a phone and passes an automated accessibility check: at 390x844, a visitor (the
 * public pages), a member and a broadcaster open every page of the router (read live, as in
 * csp.spec.ts), scroll it to its end so that its lazily mounted sections load, and none is wider
 * than the screen, no element sticks out past its right edge, and
 * axe finds no serious or critical violation. The member's walk also checks each page broke no
 * Content-Security-Policy (csp.spec.ts samples the rest).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import { Pages } from '../../protocol/paths';
import { PremiumVideoApi } from '../../protocol/premium-videos/premium-videos';
import { signInAsBroadcaster, signInAsMember } from './helpers';
import { openRoute, type RoutePage, routePages } from './pages';
import { type Policy, watchPolicy } from './policy';

test.use({ viewport: { width: 390, height: 844 } });
// Each walk opens every page and runs axe on it: minutes, not seconds, on two busy cores.
test.describe.configure({ timeout: 360_000 });

/**
 * Elements that reach past the screen's edge, or past the card they are in, and are not inside a
 * container that scrolls or clips them (a scrolling tab strip may hold more than fits; the page
 * itself may not).
 */
function elementsStickingOut(): string[] {
  const screen = { left: 0, right: window.innerWidth };
  const inside = (box: DOMRect, frame: { left: number; right: number }) =>
    box.right <= frame.right + 0.5 && box.left >= frame.left - 0.5;
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
    }`;
  /** A clipping ancestor below `top` (or the page) keeps the element inside `frame`. */
  const clippedWithin = (el: Element, frame: { left: number; right: number }, top: Element) => {
    for (let up = el.parentElement; up && up !== top; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible' && inside(up.getBoundingClientRect(), frame))
        return true;
    }
    return false;
  };
  const found: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const card = el.parentElement?.closest('.card');
    const cardBox = card?.getBoundingClientRect();
    const pastScreen = !inside(box, screen);
    const pastCard = card && cardBox && !inside(box, cardBox);
    if (!pastScreen && !pastCard) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    if (getComputedStyle(el).position === 'fixed' && box.left >= screen.right) continue; // an off-screen drawer
    const where = `spans ${Math.round(box.left)}–${Math.round(box.right)} px`;
    if (pastScreen && !clippedWithin(el, screen, document.body)) found.push(`${describe(el)} ${where}`);
    else if (card && cardBox && pastCard && !clippedWithin(el, cardBox, card.parentElement ?? document.body))
      found.push(
        `${describe(el)} ${where}, past its card (${Math.round(cardBox.left)}–${Math.round(cardBox.right)})`,
      );
  }
  return found.slice(0, 5);
}

/**
 * Focuses each visible focusable element as the keyboard would and lists those whose focus ring is
 * missing or cut off by an ancestor that clips its overflow (focus scrolls scrollers first).
 */
function focusRingsCut(): string[] {
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${
      typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
    } "${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || ''}"`;
  const found: string[] = [];
  const focusable = document.querySelectorAll<HTMLElement>(
    'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
  );
  for (const el of Array.from(focusable)) {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    el.focus();
    if (document.activeElement !== el) continue;
    // As keyboard focus does (focus() alone may leave a scrolling strip where it was).
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const style = getComputedStyle(el);
    const width = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
    if (width === 0) {
      if (style.boxShadow === 'none') found.push(`${describe(el)}: no focus ring`);
      continue;
    }
    const reach = width + Number.parseFloat(style.outlineOffset);
    const box = el.getBoundingClientRect();
    const ring = {
      left: box.left - reach,
      right: box.right + reach,
      top: box.top - reach,
      bottom: box.bottom + reach,
    };
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(up);
      if (overflowX === 'visible' && overflowY === 'visible') continue;
      const outer = up.getBoundingClientRect();
      const left = outer.left + up.clientLeft;
      const top = outer.top + up.clientTop;
      const cut =
        ring.left < left - 0.5 ||
        ring.top < top - 0.5 ||
        ring.right > left + up.clientWidth + 0.5 ||
        ring.bottom > top + up.clientHeight + 0.5;
      if (cut) {
        found.push(`${describe(el)}: ring cut by ${describe(up).split(' ')[0]}`);
        break;
      }
    }
  }
  (document.activeElement as HTMLElement | null)?.blur();
  window.scrollTo(0, 0);
  return found.slice(0, 30);
}

/** The page fits the 390 px screen and axe finds nothing serious or critical on it. */
async function expectFitsAndAccessible(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${label} is ${widths.scroll} px wide`).toBeLessThanOrEqual(widths.inner);
  expect(await page.evaluate(elementsStickingOut), `${label}: elements sticking out`).toEqual([]);

  // Only the violations' details are collected: the passes' are what makes axe slow on a long page.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`)
          .join(', ')}`,
    );
  expect(serious, `${label}: axe`).toEqual([]);

  // Focus-visible rings as after a key press (not after the sign-in click).
  await page.keyboard.press('Shift');
  expect(await page.evaluate(focusRingsCut), `${label}: focus rings`).toEqual([]);
}

/**
 * Scrolls to the end of the page until it stops growing, so the sections that mount only when
 * scrolled near (a profile's shots, videos, albums, the sections around her) are there and loaded
 * when the page is measured; then back to the top.
 */
async function scrollToEnd(page: Page) {
  let height = 0;
  for (let step = 0; step < 8; step++) {
    const now = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    if (now === height) break;
    height = now;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Opens each page, waits for its heading (or the alert of a detail page opened without its id), checks it. */
async function walk(page: Page, pages: RoutePage[], policy?: Policy) {
  const problems: string[] = [];
  for (const route of pages) {
    await openRoute(page, route);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading').or(main.getByRole('alert')).first(), route.path).toBeVisible();
    await scrollToEnd(page);
    // Collect every page's problems so one run lists them all.
    await expectFitsAndAccessible(page, route.path).catch((error: Error) => problems.push(error.message));
    // And it broke no Content-Security-Policy on the way (csp.spec.ts has the rest of that story).
    const violations = (await policy?.take()) ?? [];
    if (violations.length) problems.push(`${route.path}: ${violations.join('; ')}`);
  }
  expect(problems).toEqual([]);
}

test('a visitor on a phone reads the sign-in and public pages: they fit and pass axe', async ({ page }) => {
  const problems: string[] = [];
  for (const path of [Pages.memberLogin, Pages.anchorLogin, Pages.maintenance, SMS_OUTBOX_PATH]) {
    await page.goto(path);
    await expect(page.getByRole('heading').first(), path).toBeVisible();
    await expectFitsAndAccessible(page, path).catch((error: Error) => problems.push(error.message));
  }
  expect(problems).toEqual([]);
  // The public pages of the app, opened without signing in.
  await page.goto('/#/howitwork');
  await walk(
    page,
    (await routePages(page)).filter((p) => p.shell === 'public'),
  );
});

test('a member on a phone opens every page of the app: each fits, passes axe and keeps the policy', async ({
  page,
}) => {
  const policy = await watchPolicy(page);
  await signInAsMember(page, 'M1001');
  await walk(
    page,
    (await routePages(page)).filter((p) => p.shell === 'member'),
    policy,
  );
  // Pages whose body needs data: a live chat with her, and a premium video he unlocked (its player).
  // Buying one he holds already charges nothing (protocol/premium-videos).
  const video = 'PV200101';
  const bought = await page.request.post(`${PremiumVideoApi.buyVideo}?is_ajax=1`, {
    form: { video_id: video },
  });
  expect(bought.ok()).toBe(true);
  const pages = await routePages(page);
  const withQuery = (path: string, query: string): RoutePage => {
    const route = pages.find((p) => p.path === path);
    if (!route) throw new Error(`no route ${path}`);
    return { ...route, path: `${path}?${query}` };
  };
  await walk(page, [
    withQuery('/livechat', 'anchorid=A2001'),
    withQuery('/premiumvideodetails', `anchorid=A2001&video_id=${video}`),
  ]);
  // The player has one set of controls (the browser's), and sits inside the screen.
  const player = page.getByTestId('pv-details').getByTestId('viewer-video');
  await expect(player).toHaveAttribute('controls', '');
  await expect(page.getByTestId('viewer-timer')).toHaveCount(0);
  const stage = await page.locator('.pv-stage').boundingBox();
  expect(stage && stage.x >= 8 && stage.x + stage.width <= 382, 'the player keeps the page margins').toBe(
    true,
  );
  // The live chat has the page's margins, fills the screen under the header, no footer under it.
  await openRoute(page, withQuery('/livechat', 'anchorid=A2001'));
  const start = await page.getByTestId('livechat-start').boundingBox();
  expect(start && start.x >= 8 && start.x + start.width <= 382, 'the chat keeps the page margins').toBe(true);
  await expect(page.locator('.footer')).toBeHidden();

  // The SMS outbox with a message in it: its table scrolls in its own box.
  const phone = { country: 'United Kingdom', area_code: '44', phone_no: '7700900390' };
  await page.request.post('/man/v1/getPhoneVerifyCode?is_ajax=1', { form: phone });
  await page.goto(SMS_OUTBOX_PATH);
  await expect(page.locator('td', { hasText: '7700900390' }).first()).toBeVisible();
  await expectFitsAndAccessible(page, `${SMS_OUTBOX_PATH} with a message`);
});

test('a broadcaster on a phone opens every page of her workspace: each fits and passes axe', async ({
  page,
}) => {
  await signInAsBroadcaster(page, 'A2001');
  await walk(
    page,
    (await routePages(page)).filter((p) => p.shell === 'lady'),
  );
  await page.goto('/#/broadcaster/bookings');
  await page.getByTestId('publish-show').click();
  await expect(page.getByTestId('publish-form')).toBeVisible();
  await expectFitsAndAccessible(page, 'the Publish a show form');
});
