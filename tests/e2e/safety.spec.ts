/**
 * Safety on a 390 px phone: Victor (M1006) blocks a broadcaster from her profile (after a
 * confirmation that says what it does), she is gone from Discover, he finds her under Settings →
 * Blocked broadcasters and unblocks her, and she is back. From a conversation he reports another
 * broadcaster with a reason and a few words; the trust operator (M9001) reads the report in the
 * console and marks it handled. He ends with nobody blocked and no open report.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { SafetyText } from '../../protocol/safety/safety';
import { signInAsMember } from './helpers';

const MEMBER = 'M1006';
/** The broadcaster he reports from their conversation. */
const REPORTED = 'A2040';
const phone = { viewport: { width: 390, height: 844 } };

/** Serious or critical axe findings inside `selector`, in words. */
async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Start-up pop-ups (the recommendation pop, a first sign-in's gift package) close when they show. */
async function closePops(page: Page) {
  for (const id of ['recommend-pop', 'gift-package-pop'])
    await page.addLocatorHandler(page.getByTestId(id), () => page.keyboard.press('Escape'));
}

/** Discover with its lists loaded. */
async function openDiscover(page: Page) {
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('online-list').getByTestId('anchor-card').first()).toBeVisible();
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
}

test('he blocks a broadcaster from her profile, she leaves Discover, and he unblocks her from his settings', async ({
  browser,
}) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await closePops(page);
  await signInAsMember(page, MEMBER);
  await openDiscover(page);
  const first = page.getByTestId('online-list').getByTestId('anchor-card').first();
  const anchorId = (await first.getAttribute('data-anchor-id')) ?? '';
  expect(anchorId).toMatch(/^A\d+$/);
  const cardsOfHers = page.locator(`[data-testid="anchor-card"][data-anchor-id="${anchorId}"]`);

  // Her profile: More → Block, confirmed by keyboard after reading what it does.
  await page.goto(`/#/anchor/${anchorId}`);
  const more = page.getByTestId('safety-more');
  await more.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('safety-menu-block').click();
  const dialog = page.getByTestId('safety-block-dialog');
  await expect(dialog).toContainText(SafetyText.blockExplains);
  expect(await axeProblems(page, '[data-testid="safety-block-dialog"]')).toEqual([]);
  await dialog.getByTestId('safety-block-confirm').click();
  await expect(dialog).toHaveCount(0);
  const notice = page.getByTestId('safety-blocked-notice');
  await expect(notice).toContainText('You blocked');
  const box = await notice.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  // Gone from every Discover list, the others still there.
  await openDiscover(page);
  await expect(cardsOfHers).toHaveCount(0);

  // Settings → Blocked broadcasters lists her; Unblock there.
  await page.goto('/#/mysetting/options');
  const row = page.locator(`[data-testid="safety-blocked-list"] li[data-anchorid="${anchorId}"]`);
  await expect(row).toBeVisible();
  expect(await axeProblems(page, '[data-testid="safety-blocked"]')).toEqual([]);
  await row.getByRole('button', { name: /^Unblock/ }).click();
  await expect(page.getByTestId('safety-blocked-empty')).toHaveText(SafetyText.blockedNone);

  // Back on Discover.
  await openDiscover(page);
  await expect(cardsOfHers.first()).toBeVisible();
  await context.close();
});

test('he reports a broadcaster from their conversation; the trust operator marks it handled in the console', async ({
  browser,
}) => {
  const memberContext = await browser.newContext(phone);
  const member = await memberContext.newPage();
  await closePops(member);
  await signInAsMember(member, MEMBER);
  await member.goto(`/#/mymessage?to=${REPORTED}`);
  await expect(member.getByTestId('conversation')).toBeVisible();
  await member.getByTestId('safety-more').click();
  await member.getByTestId('safety-menu-report').click();
  const report = member.getByTestId('safety-report-dialog');
  // A reason is needed; then the reason and a few words.
  await report.getByTestId('safety-report-send').click();
  await expect(report.getByRole('alert')).toHaveText('Please choose a reason.');
  await report.getByLabel('Asked for money or contact outside Glimmer').check();
  await report.getByTestId('safety-report-text').fill('She asked for my phone number and a gift card.');
  expect(await axeProblems(member, '[data-testid="safety-report-dialog"]')).toEqual([]);
  await report.getByTestId('safety-report-send').click();
  await expect(report).toHaveCount(0);
  await expect(member.getByText(SafetyText.reported)).toBeVisible();

  // Once: a second report while it is open is told it was received.
  await member.getByTestId('safety-more').click();
  await member.getByTestId('safety-menu-report').click();
  await report.getByLabel('Fake profile').check();
  await report.getByTestId('safety-report-send').click();
  await expect(report.getByRole('alert')).toHaveText(SafetyText.alreadyReported);
  await report.getByRole('button', { name: 'Cancel' }).click();

  // The trust operator's console, on a wide screen.
  const operatorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const operator = await operatorContext.newPage();
  await closePops(operator);
  await signInAsMember(operator, 'M9001');
  await operator.goto('/#/operator?tab=reports');
  const card = operator
    .getByTestId('op-report')
    .filter({ hasText: `(${MEMBER}) about` })
    .filter({
      hasText: `(${REPORTED})`,
    });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Asked for money or contact outside Glimmer');
  await expect(card).toContainText('She asked for my phone number and a gift card.');
  expect(await axeProblems(operator, '[aria-label="Reports"]')).toEqual([]);
  await card.getByTestId('op-report-note').fill('Warned her; watching the account.');
  await card.getByTestId('op-report-handle').click();
  await expect(card).toHaveCount(0);
  await memberContext.close();
  await operatorContext.close();
});
