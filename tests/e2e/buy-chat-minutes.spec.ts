import { expect, type Page, test } from '@playwright/test';
import { signInAsMember } from './helpers';

const headerChatmin = (page: Page) => page.getByTestId('balance-chatmin').locator('.balance-value');

test('a paid member buys 60 chat minutes on the add-credit page, sees them in both tabs and in his chat-minute history; a free member is not offered any', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  // M1007 is a paid member with no chat minutes.
  await signInAsMember(page, 'M1007');
  const other = await context.newPage();
  await other.goto('/#/home');
  await expect(headerChatmin(other)).toHaveText('0');

  await page.goto('/nx/page/Payment/checkout');
  const minutes = page.getByTestId('chatmin-pack');
  await expect(minutes).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Chat minutes' })).toBeVisible();
  await page.getByRole('radio', { name: /^60 chat minutes/ }).check();
  await expect(page.getByTestId('pay-summary')).toHaveText('You pay $17.99 for 60 chat minutes');

  await page.getByTestId('pay').click();
  await expect(page).toHaveTitle('Test checkout');
  await expect(page.getByRole('heading')).toContainText('60 chat minutes');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page.getByTestId('order-result')).toContainText(
    '60 chat minutes added — you have 60 chat minutes',
  );
  await expect(headerChatmin(page)).toHaveText('60');
  await expect(headerChatmin(other)).toHaveText('60');

  await page.goto('/#/myhomeback/chatminhistories');
  const top = page.getByTestId('chatmin-history').getByTestId('history-row').first();
  await expect(top.getByTestId('history-what')).toHaveText('Bought chat minutes');
  await expect(top.getByTestId('history-amount')).toHaveText('+60 min');
  await context.close();

  const free = await browser.newPage();
  await signInAsMember(free, 'M1002');
  await free.goto('/nx/page/Payment/checkout');
  await expect(free.getByTestId('credit-pack')).toHaveCount(4);
  await expect(free.getByTestId('chatmin-pack')).toHaveCount(0);
  await free.close();
});
