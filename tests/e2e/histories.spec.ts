/**
 * The credit history: a member buys a show ticket, opens his history from the header's credit
 * balance and finds the ticket at the top, with the price taken and the balance after it, on a
 * phone and on a desktop; axe finds no serious or critical violation on either.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { serverBalances, signInAsMember } from './helpers';

async function accessible(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="credit-history"]').analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, label).toEqual([]);
}

const sticksOut = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('a member buys a show ticket and finds it at the top of his credit history with the balance after it, on a phone and a desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsMember(page, 'M1001');
  await page.goto('/#/showorder/schs');
  // LS3012 (Muay Thai Basics, 2.00) is not bought by any other spec.
  const card = page.locator('[data-testid="show-card"][data-show-id="LS3012"]');
  await card.getByTestId('get-ticket').click();
  const popup = page.getByTestId('buy-ticket-popup');
  await popup.getByTestId('buy-ticket-confirm').click();
  await expect(popup.getByTestId('buy-ticket-confirm')).toHaveText('Reserved');
  const after = await serverBalances(page);
  await page.keyboard.press('Escape');

  // The credits pill opens his wallet, whose last line leads to the whole history.
  await page.getByTestId('balance-credits').click();
  await page
    .getByRole('dialog', { name: 'Your wallet' })
    .getByRole('link', { name: 'All credit history' })
    .click();
  await expect(page).toHaveURL(/#\/myhomeback\/credithistories$/);
  const history = page.getByTestId('credit-history');
  await expect(history.getByRole('heading', { name: 'Credit history' })).toBeVisible();
  const top = history.getByTestId('history-row').first();
  await expect(top.getByTestId('history-what')).toHaveText(/^Ticket for “Muay Thai Basics” with /);
  await expect(top.getByTestId('history-amount')).toHaveText('−2.00 credits');
  await expect(top.getByTestId('history-balance')).toHaveText(`Balance ${after.credits} credits`);
  // The date in his own zone, the zone named.
  await expect(top.locator('time')).toHaveText(/\d{2}:\d{2} GMT/);
  // The oldest row is the balance his account opened with.
  await expect(history.getByTestId('history-row').last().getByTestId('history-what')).toHaveText(
    'Opening balance',
  );
  await expect(history.getByRole('link', { name: 'Chat minute history' })).toBeVisible();
  await accessible(page, '1280 px');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(top.getByTestId('history-amount')).toBeInViewport();
  await expect(top.getByTestId('history-balance')).toBeInViewport();
  expect(await sticksOut(page), 'nothing sticks out at 390 px').toBe(false);
  await accessible(page, '390 px');

  // His chat minutes: the paid member's other history.
  await history.getByRole('link', { name: 'Chat minute history' }).click();
  const chat = page.getByTestId('chatmin-history');
  await expect(chat.getByTestId('history-row').first().getByTestId('history-what')).toHaveText(
    'Opening balance',
  );
  await expect(chat.getByTestId('history-row').first().getByTestId('history-amount')).toHaveText('+45 min');
});

test('a history that cannot load says so with Retry, and loads when asked again', async ({ page }) => {
  await signInAsMember(page, 'M1002');
  let fail = true;
  await page.route('**/man/v1/getCreditHistory**', (route) => (fail ? route.abort() : route.continue()));
  await page.goto('/#/myhomeback/credithistories');
  const history = page.getByTestId('credit-history');
  const retry = history.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  fail = false;
  await retry.click();
  // Other specs may have moved his credit before this one: his first move, the oldest, is the seed's.
  await expect(history.getByTestId('history-row').last().getByTestId('history-amount')).toHaveText(
    '+3.20 credits',
  );
  // A member who is not a paid one has no chat-minute tab.
  await expect(history.getByRole('link', { name: 'Chat minute history' })).toHaveCount(0);
});
