import { expect, test } from '@playwright/test';
import { serverBalances, signInAsBroadcaster, signInAsMember } from './helpers';

test('a member asks for One-on-One, the broadcaster accepts, and the member is taken to the room', async ({
  browser,
}) => {
  const man = await browser.newContext();
  const page = await man.newPage();
  await signInAsMember(page, 'M1001');
  await page.goto('/#/anchor/A2011');
  await expect(page.getByText('ID: A2011')).toBeVisible();
  const credits = page.getByTestId('balance-credits');
  const before = Number.parseFloat((await credits.innerText()).replace(/[^0-9.]/g, ''));

  // Asking holds one minute: the price shows first, and Cancel (or Escape) holds nothing.
  const held = await serverBalances(page);
  const invite = page.getByTestId('action-invite-one-on-one');
  await invite.click();
  const confirm = page.getByTestId('payment-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('payment-price')).toHaveText('0.30 credits');
  await expect(confirm).toContainText('Svetlana');
  // Focus moves into the dialog (its first button: Cancel, the safe one).
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(invite).toBeFocused();
  await invite.click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('request-panel')).toHaveCount(0);
  expect(await serverBalances(page)).toEqual(held);

  await invite.click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('request-panel')).toContainText('Waiting for Svetlana');
  // One minute of One-on-One is held while she decides.
  await expect
    .poll(async () => Number.parseFloat((await credits.innerText()).replace(/[^0-9.]/g, '')))
    .toBeCloseTo(before - 0.3, 2);

  const lady = await browser.newContext();
  const ladyPage = await lady.newPage();
  await signInAsBroadcaster(ladyPage, 'A2011');
  const request = ladyPage.locator('[data-testid="incoming-request"][data-userid="M1001"]');
  await request.getByTestId('accept-request').click();

  await expect(page).toHaveURL(/#\/live\?anchorid=A2011&type=private&roomid=PV/);
  await lady.close();
  await man.close();
});

test('a member cancels a request and gets the held credit back; the broadcaster sees it go', async ({
  browser,
}) => {
  const lady = await browser.newContext();
  const ladyPage = await lady.newPage();
  await signInAsBroadcaster(ladyPage, 'A2024');

  const man = await browser.newContext();
  const page = await man.newPage();
  await signInAsMember(page, 'M1001');
  await page.goto('/#/anchor/A2024');
  await expect(page.getByText('ID: A2024')).toBeVisible();
  const credits = page.getByTestId('balance-credits');
  const before = await credits.innerText();

  await page.getByTestId('action-invite-one-on-one').click();
  await page.getByTestId('payment-confirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('request-panel')).toBeVisible();
  await expect(ladyPage.locator('[data-testid="incoming-request"][data-userid="M1001"]')).toBeVisible();

  await page.getByTestId('request-cancel').click();
  await expect(page.getByTestId('request-status')).toContainText('cancelled');
  await expect(credits).toHaveText(before);
  await expect(ladyPage.locator('[data-testid="incoming-request"][data-userid="M1001"]')).toHaveCount(0);
  await lady.close();
  await man.close();
});
