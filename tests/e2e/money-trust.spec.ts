/**
 * Money is never a surprise, on a 390 px phone: a premium room names its price and what pays it
 * before it takes anything (and with too little credit, Add credits is the main button); the
 * composer says how many free messages are left and what the next one costs; the credits pill
 * opens a wallet with the balance and Buy credits; a free member is told why One-on-One is not
 * his; a letter's paid photo and video each have one button with its price, inside the screen.
 */
import { expect, type Page, test } from '@playwright/test';
import { serverBalances, signInAsMember } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** A demo broadcaster live in her premium room (server/seed/anchors.ts: every third live one). */
const PREMIUM = 'A2009';

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a free member sees prices before money moves: a premium room, the composer, his wallet, One-on-One', async ({
  page,
}) => {
  await signInAsMember(page, 'M1002');
  const before = (await serverBalances(page)).credits;

  // The watch list labels her premium room with its price; Watch Now asks first.
  await page.goto('/#/watchbroadcaster');
  const card = page.locator(`[data-testid="anchor-card"][data-anchor-id="${PREMIUM}"]`);
  await expect(card.getByTestId('premium-price')).toHaveText('Premium room · 0.05 credits a minute');
  await card.getByTestId('card-watch-now').click();
  const confirm = page.getByTestId('room-price-confirm');
  await expect(confirm).toContainText('0.05 credits a minute');
  await expect(confirm).toContainText('Paid from your credits');
  await expect(confirm.getByTestId('room-price-ok')).toHaveText('Enter the room');
  expect((await serverBalances(page)).credits).toBe(before);
  await confirm.getByTestId('payment-confirm-cancel').click();
  await expect(confirm).toBeHidden();
  expect((await serverBalances(page)).credits).toBe(before);

  // The composer: the free messages left with her and the next one's price, before he writes.
  await page.goto('/#/mymessage?to=A2001');
  await expect(page.getByTestId('pm-price')).toContainText(/0\.50 credits/);

  // The credits pill opens his wallet.
  await page.getByTestId('balance-credits').click();
  const wallet = page.getByTestId('wallet');
  await expect(wallet.getByTestId('wallet-credit')).toContainText(before);
  await expect(wallet.getByRole('link', { name: 'Buy credits' })).toBeVisible();
  await expect(wallet.getByRole('heading', { name: 'Recent movements' })).toBeVisible();
  await wallet.getByRole('button', { name: 'Close' }).click();
  await expect(wallet).toBeHidden();

  // She takes One-on-One invitations; his account cannot: the profile says why and how.
  await page.goto('/#/anchor/A2001');
  await expect(page.getByTestId('locked-invite-one-on-one')).toContainText('Customer Care');
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test('too little credit for a premium room: Add credits is the confirmation’s main button', async ({
  page,
}) => {
  await signInAsMember(page, 'M1004');
  await page.goto(`/page/live.html#anchorid=${PREMIUM}&type=public`);
  const confirm = page.getByTestId('room-price-confirm');
  await expect(confirm.getByTestId('payment-short')).toBeVisible();
  await expect(confirm.getByTestId('add-credits')).toHaveClass(/btn-primary/);
  await expect(confirm.getByTestId('room-price-ok')).not.toHaveClass(/btn-primary/);
});

test('a letter’s paid photo and video: one button each with its price, inside a 390 px screen', async ({
  page,
}) => {
  await signInAsMember(page, 'M1003');
  await page.goto('/#/inbox');
  await page.locator('[data-emf="EMF-M1003-1"]').click();
  // One action, naming what it takes: post stamps while he holds them (they go first), else credits
  // (other specs may have used his stamps).
  const open = page.getByTestId('letter-open');
  await expect(open).toHaveText(/^Read mail · (1 stamp|0\.80 credits)$/);
  await open.click();
  await expect(page.getByTestId('letter-body')).toBeVisible();
  for (const [id, label] of [
    ['media-R2', /^View for (1 stamp|0\.80 credits)$/],
    ['media-R3', /^Watch for (2 stamps|1\.60 credits)$/],
  ] as const) {
    const buttons = page.getByTestId(id).getByRole('button');
    await expect(buttons).toHaveCount(1);
    await expect(buttons).toHaveText(label);
    const box = await buttons.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});
