/**
 * Finding her on a phone: the header's pills say what each number is, Discover shows each woman
 * once, a search by name, the Online filter with Load more, a range refused, nobody found, and
 * back to the lists.
 */
import { expect, type Page, test } from '@playwright/test';
import { serverBalances, signInAsMember } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

const idsIn = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .getByTestId('anchor-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-anchor-id') ?? ''));

test('a member finds her on a phone, and sees each woman once', async ({ page }) => {
  await signInAsMember(page, 'M1001');
  await page.goto('/#/masterlist');

  // The pills: a word under each number, and names that say what each is.
  const { credits, stamps } = await serverBalances(page);
  const stampPill = page.getByRole('link', { name: `${stamps} stamps`, exact: true });
  await expect(stampPill).toBeVisible();
  await expect(page.getByRole('link', { name: '45 chat minutes', exact: true })).toBeVisible();
  await expect(page.getByTestId('balance-credits')).toHaveAccessibleName(new RegExp(`^${credits} credits`));
  for (const pill of ['balance-credits', 'balance-stamps', 'balance-chatmin']) {
    const word = await page.getByTestId(pill).locator('.balance-word').boundingBox();
    expect(word?.width, `${pill} shows its word`).toBeGreaterThan(10);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // All three fit: none hides in the strip's scroll.
  const strip = page.getByRole('list', { name: 'Your balances' });
  expect(await strip.evaluate((ul) => ul.scrollWidth - ul.clientWidth)).toBeLessThanOrEqual(1);

  // Featured, Online now and Hot: nobody twice on the screen.
  await expect(page.getByTestId('featured-list').getByTestId('anchor-card')).toHaveCount(5);
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card')).toHaveCount(7);
  await page.getByTestId('load-more').click();
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card')).toHaveCount(14);
  const screen = [
    ...(await idsIn(page, 'featured-list')),
    ...(await idsIn(page, 'online-list')),
    ...(await idsIn(page, 'hot-list')),
  ];
  expect(screen.length).toBeGreaterThan(25);
  expect(new Set(screen).size).toBe(screen.length);

  // Search by name.
  const field = page.getByRole('searchbox', { name: 'Search broadcasters by name or ID' });
  await field.fill('olena');
  await field.press('Enter');
  const results = page.getByTestId('search-results').getByTestId('anchor-card');
  await expect(results.first()).toBeVisible();
  expect(await idsIn(page, 'search-results')).toContain('A2001');
  await expect(page.getByTestId('featured-list')).toHaveCount(0);
  await expect(page).toHaveURL(/q=olena/);

  // The Online filter, by keyboard, with Load more: only women online, each once.
  await page.getByRole('button', { name: 'Remove “olena”' }).click();
  await expect(page.getByTestId('search-results')).toHaveCount(0);
  await page.getByTestId('discover-filters').click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  // A range upside down is refused where it is typed.
  await sheet.getByLabel('From').fill('40');
  await sheet.getByLabel('To').fill('30');
  await sheet.getByRole('button', { name: 'Show results' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Choose ages from 18 to 99, the lower age first.');
  await sheet.getByRole('button', { name: 'Clear filters' }).click();
  await sheet.getByRole('radio', { name: 'Online now' }).check();
  await sheet.getByRole('button', { name: 'Show results' }).press('Enter');
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('discover-filters')).toContainText('1');
  await expect(results).toHaveCount(12);
  const loadMore = page.getByTestId('load-more');
  await loadMore.click();
  await expect(results).toHaveCount(24);
  await loadMore.click();
  await expect(loadMore).toHaveAttribute('data-state', 'nodata');
  const online = await idsIn(page, 'search-results');
  expect(new Set(online).size).toBe(online.length);
  for (const card of await results.all())
    await expect(card.locator('.badge-live, .badge-online')).toHaveCount(1);

  // Nobody fits: the empty state clears the filters, and the lists come back.
  await field.fill('zzqx');
  await field.press('Enter');
  await expect(page.getByTestId('search-empty')).toContainText('No data to show.');
  await page.getByTestId('search-empty').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('featured-list').getByTestId('anchor-card')).toHaveCount(5);
  await expect(field).toHaveValue('');
});

test('Discover opened offline shows its saved lists and recovers by itself when the network is back', async ({
  page,
  context,
}) => {
  await signInAsMember(page, 'M1002');
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('featured-list').getByTestId('anchor-card')).toHaveCount(5);
  // The app is installed (its service worker serves it offline).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // The lists as last loaded here, with one note saying when, and no Retry box.
  await expect(page.getByTestId('saved-note')).toContainText('You are offline. Saved at');
  await expect(page.getByTestId('featured-list').getByTestId('anchor-card')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  await context.setOffline(false);
  // Nobody presses anything: the lists load afresh and the offline notes go.
  await expect(page.getByTestId('saved-note')).toHaveCount(0);
  await expect(page.getByTestId('featured-list').getByTestId('anchor-card')).toHaveCount(5);
  await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 12_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
