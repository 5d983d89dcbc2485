import { expect, test } from '@playwright/test';
import { Messages } from '../../protocol/errors';
import { signInAsMember } from './helpers';

test('navigation highlights the section, titles follow the page, footer links lead where they say', async ({
  page,
}) => {
  await signInAsMember(page, 'M1002');
  const nav = page.getByRole('navigation', { name: /main/i });
  await page.goto('/#/anchor/A2005');
  await expect(page.getByText('ID: A2005')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/#/howitwork/tc');
  await expect(nav.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Glimmer/);
  await page.goto('/#/masterlist');
  await expect(page).toHaveTitle(/^Discover/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);

  // From a page that keeps still: Discover's cards lay out as they come into view (content-visibility),
  // so its footer can move between the scroll to it and the click.
  await page.goto('/#/howitwork/tc');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await footer.getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/#\/howitwork\/aboutus$/);
  await footer.getByRole('link', { name: 'Backpack' }).click();
  await expect(page).toHaveURL(/#\/myhomeback\/siteassets$/);
  await expect(page.getByRole('heading', { name: 'My backpack' })).toBeVisible();
});

test('the scroll-to-top button appears past 109 px and every page change starts at the top', async ({
  page,
}) => {
  await signInAsMember(page, 'M1002');
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
  await expect(page.getByTestId('scroll-top')).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(page.getByTestId('scroll-top')).toBeVisible();
  await page.getByTestId('scroll-top').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 600));
  await page.getByTestId('hot-list').getByTestId('anchor-card').first().click();
  await expect(page).toHaveURL(/#\/anchor\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the notification bell opens an empty list', async ({ page }) => {
  await signInAsMember(page, 'M1002');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByText('No notifications')).toBeVisible();
});

test('an address changed while the app is still starting is the page it shows', async ({ page }) => {
  await signInAsMember(page, 'M1002');
  // The session's first call is held, so the app is still resolving Discover when the member
  // follows a link to the backpack.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/pman/config/api/getconfig**', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  await page.evaluate(() => {
    window.location.hash = '#/myhomeback/siteassets';
  });
  answer();
  await expect(page.getByRole('heading', { name: 'My backpack' })).toBeVisible();
  await expect(page).toHaveURL(/#\/myhomeback\/siteassets$/);
});

test('when the server does not answer, the loading overlay offers Reload after 20 s', async ({ page }) => {
  await page.clock.install();
  await page.route('**/pman/config/api/getconfig**', () => {
    /* never answers */
  });
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  await page.clock.runFor(20_500);
  await expect(page.getByTestId('loading-overlay')).toContainText(Messages.loadingTrouble);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('offline, a page that needs the network says "You are offline" and the saved header stays', async ({
  page,
  context,
}) => {
  // Her shots' code is asked for as the network goes: it must load once it is back, not leave the
  // section (and the profile with it) broken until a reload. The first fetch is held until then.
  let shotsFetches = 0;
  let offline: () => void = () => {};
  const wentOffline = new Promise<void>((resolve) => {
    offline = resolve;
  });
  await page.route('**/assets/ProfileShots-*.js', async (route) => {
    shotsFetches++;
    if (shotsFetches > 1) return route.continue();
    await wentOffline;
    await route.abort('internetdisconnected');
  });
  await signInAsMember(page, 'M1002');
  await page.goto('/#/anchor/A2002');
  await expect(page.getByText('ID: A2002')).toBeVisible();
  await expect.poll(() => shotsFetches).toBe(1);
  const credits = (await page.getByTestId('balance-credits').textContent()) ?? '';

  await context.setOffline(true);
  offline();
  await expect(page.getByTestId('offline-banner')).toContainText(Messages.offline);
  // Another profile needs the network: the same text, not "Trouble connecting to the server".
  await page.evaluate(() => {
    window.location.hash = '#/anchor/A2003';
  });
  const error = page.locator('.error-state');
  await expect(error).toContainText(Messages.offline);
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText(Messages.badNetwork)).toHaveCount(0);
  await expect(page.getByTestId('balance-credits')).toHaveText(credits);

  // Back online, it opens by itself (nobody presses Retry) with her shots, and the banner goes.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(page.getByText('ID: A2003')).toBeVisible();
  await expect(page.getByTestId('profile-shots')).toBeVisible();
  await expect(page.locator('.error-state')).toHaveCount(0);
  // Fetched again once the network is back, with no loop: a failure the page saw before the browser
  // reported being offline is tried once at once by design (src/app/lazy-online.ts), hence up to 3.
  expect(shotsFetches).toBeGreaterThanOrEqual(2);
  expect(shotsFetches).toBeLessThanOrEqual(3);
});
