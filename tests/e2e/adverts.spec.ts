/**
 * Adverts as data: the operator (M9001, the `adverts` role) switches the featured ad on and gives it
 * a new title in the console; Arthur (M1015, who has seen no ad pop-up) then meets it as his
 * start-up pop-up with that title, once, and the carousel on his home turns with the arrow keys.
 * The featured ad is switched off again at the end, as the seed has it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { AdvertApi } from '../../protocol/adverts/adverts';
import { signInAsMember } from './helpers';

const TITLE = 'New faces tonight';

async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an operator switches the featured ad on and retitles it; a member meets it once, and the carousel turns', async ({
  browser,
}) => {
  const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const operator = await operatorContext.newPage();
  await signInAsMember(operator, 'M9001');
  await operator.goto('/#/operator?tab=adverts');
  const row = operator.locator('[data-testid="op-advert"][data-advert="B0102"]');
  await expect(row).toContainText('off');
  await row.getByTestId('op-advert-switch').click();
  await expect(row.getByTestId('op-advert-switch')).toHaveAttribute('aria-pressed', 'true');
  await row.getByTestId('op-advert-edit').click();
  const editor = operator.getByTestId('op-advert-editor');
  await editor.getByTestId('op-advert-title').fill(TITLE);
  await editor.getByTestId('op-advert-save').click();
  await expect(editor.getByRole('status')).toContainText('Saved');
  await expect(row).toContainText(TITLE);
  expect(await axeProblems(operator, '[aria-label="Adverts"]')).toEqual([]);

  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInAsMember(page, 'M1015', '/home', { startupPops: true });
    const pop = page.getByTestId('ad-pop');
    await expect(pop).toBeVisible();
    await expect(pop.getByRole('heading')).toHaveText(TITLE);
    await expect(pop.locator('img')).toHaveAttribute('data-advert', 'B0102');
    expect(await axeProblems(page, '[data-testid="ad-pop"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(pop).toBeHidden();

    // The home carousel (page 6): two slides; the arrow keys move it, the dots follow.
    const carousel = page.getByTestId('ad-carousel');
    await expect(carousel.getByTestId('ad-dot')).toHaveCount(2);
    expect(await axeProblems(page, '[data-testid="ad-carousel"]')).toEqual([]);
    const slide = carousel.getByTestId('ad-slide');
    await carousel.getByTestId('ad-dot').first().focus();
    await expect(carousel).toHaveAttribute('data-paused', '1');
    // Paused: read what shows only now (autoplay may have turned it while the checks above ran).
    const first = await slide.getAttribute('data-advert');
    const current = await carousel
      .getByTestId('ad-dot')
      .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));
    expect(current).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('ArrowRight');
    await expect(slide).not.toHaveAttribute('data-advert', first ?? '');
    await expect(carousel.getByTestId('ad-dot').nth((current + 1) % 2)).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
      true,
    );

    // Once: the server remembers he saw it.
    const again = await page.request.post(`${AdvertApi.retrieveAdvert}?is_ajax=1`, {
      form: { 'adpid[]': 'B0102' },
    });
    expect(((await again.json()) as { data: { status: number }[] }).data[0]?.status).toBe(0);
    await context.close();
  } finally {
    // As seeded: off.
    const off = await operator.request.post(`${AdvertApi.operatorStatus}?is_ajax=1`, {
      form: { id: 'B0102', status: '0' },
    });
    expect(((await off.json()) as { errno: number }).errno).toBe(0);
    await operatorContext.close();
  }
});
