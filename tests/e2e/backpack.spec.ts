/**
 * The backpack on a phone: M1010, who has never signed in, meets the new-user gift package pop-up
 * once, not over the live chat he landed in but when he leaves it; his backpack holds its six gifts with their counts, new until he opens the Gifts pack.
 */
import { expect, test } from '@playwright/test';
import { BackpackApi, type GiftPackageData } from '../../protocol/backpack/backpack';
import { signInAsMember } from './helpers';

const PACKAGE = [
  ['Marry Me', '×1'],
  ['First Sight Love', '×1'],
  ['Fancy Car', '×1'],
  ['Heart', '×2'],
  ['Kiss', '×2'],
  ['Rose', '×2'],
];

test('a new member sees his gift package once, finds it in his backpack, and its new marks clear', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // He lands in live chat: no pop-up opens over a chat (the page holds them off).
  await signInAsMember(page, 'M1010', '/livechat', { startupPops: true });
  const pop = page.getByTestId('gift-package-pop');
  await expect(page.getByTestId('livechat-recent')).toBeVisible();
  await page.waitForTimeout(3_000);
  await expect(pop).toHaveCount(0);
  // Home (not Discover, whose recommendation pop would compete for the turn): now it opens.
  await page.goto('/#/home');

  // The pop-up, through the start-up turns: the six gifts and their counts.
  await expect(pop).toBeVisible({ timeout: 15_000 });
  await expect(pop.getByTestId('gift-package-item')).toHaveText(PACKAGE.map(([name, n]) => `${name}${n}`));
  await pop.getByRole('button', { name: 'Close' }).click();
  await expect(pop).toBeHidden();
  // Shown once: the server will not offer it again, on any device.
  const state = await page.request.post(`${BackpackApi.getGiftPackage}?is_ajax=1`, { form: {} });
  expect(((await state.json()) as { data: GiftPackageData }).data).toMatchObject({ granted: 1, popup: 0 });

  // The footer's Backpack: the Gifts pack holds 6 new gifts.
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Backpack' }).click();
  await expect(page).toHaveURL(/#\/myhomeback\/siteassets$/);
  await expect(page.getByTestId('pack-gift-new')).toHaveText('6 new');
  await expect(page.getByTestId('pack-voucher-new')).toHaveCount(0);

  await page.getByTestId('pack-gift').click();
  await expect(page).toHaveURL(/#\/myhomeback\/pack2$/);
  const gifts = page.getByTestId('pack2-gift');
  await expect(gifts).toHaveCount(6);
  for (const [i, [name, n]] of PACKAGE.entries()) {
    await expect(gifts.nth(i)).toContainText(`${name}`);
    await expect(gifts.nth(i).getByTestId('pack2-count')).toHaveText(n ?? '');
  }
  await expect(gifts.first()).toContainText('New');
  await expect(gifts.first()).toContainText('Expires in 30 days');
  await expect(page.getByTestId('pack2-hint')).toContainText("Gifts are given in a broadcaster's room.");

  // Opened: nothing is new any more, on the overview and in the user menu.
  await page.getByRole('navigation', { name: 'Backpack' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByTestId('pack-gift')).toBeVisible();
  await expect(page.getByTestId('pack-gift-new')).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('menu-backpack')).toHaveText('Backpack');
});
