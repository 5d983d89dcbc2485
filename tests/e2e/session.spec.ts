import { expect, test } from '@playwright/test';
import { Messages } from '../../protocol/errors';
import { DEMO_PASSWORD, signInAsMember } from './helpers';

test('a visitor is sent to login and comes back to the page asked for', async ({ page }) => {
  await page.goto('/#/anchor/A2003');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
  await page.getByLabel('User ID').fill('M1001');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/anchor\/A2003$/);
  await expect(page.getByText('ID: A2003')).toBeVisible();
});

test('wrong credentials show a clear message and keep the visitor out', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByLabel('User ID').fill('M1002');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(Messages.wrongCredentials);
  await expect(page.getByTestId('balance-credits')).toHaveCount(0);
});

test('help pages open without login and hide the balances', async ({ page }) => {
  await page.goto('/#/howitwork/works');
  await expect(page).toHaveURL(/#\/howitwork\/works$/);
  await expect(page.getByTestId('balance-credits')).toHaveCount(0);
});

test('unknown paths go to Discover and legacy addresses resolve', async ({ page }) => {
  await signInAsMember(page);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/masterlist$/);
  await page.goto('/list.html#/anchor/A2004');
  await expect(page).toHaveURL(/\/#\/anchor\/A2004$/);
  await expect(page.getByText('ID: A2004')).toBeVisible();
  await page.goto('/page/list.html#/compose?anchorid=A2004');
  await expect(page).toHaveURL(/\/#\/compose\?anchorid=A2004$/);
  // The compose page, with the broadcaster filled in.
  await expect(page.getByTestId('compose-to')).toHaveValue('A2004');
  await page.goto('/live.html#anchorid=A2002&type=public');
  await expect(page).toHaveURL(/\/#\/live\?anchorid=A2002&type=public$/);
});

test('signing out ends the session', async ({ page }) => {
  await signInAsMember(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await page.goto('/#/anchor/A2003');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fanchor%2FA2003$/);
});

test('errno 21000 from any call sends the whole site to the maintenance page', async ({ page }) => {
  await signInAsMember(page);
  // Discover's hot list asks for its page after first paint: once it has, the answer below goes
  // only to the fresh load (else the list's own call could move the page while it reloads).
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
  await page.route('**/manList/v1/getAnchorList**', (route) =>
    route.fulfill({ json: { errno: 21000, errmsg: '', data: null } }),
  );
  // A fresh load of Discover asks for its list (a quick hash change away and back may not: the
  // page being left is still mounted while the next page's chunk loads).
  await page.goto('/#/masterlist');
  await page.reload();
  await expect(page).toHaveURL(/\/static\/maintenance\/$/);
});

test('a session that timed out offers the login popup with the spec text', async ({ page, context }) => {
  await signInAsMember(page);
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
  // What the page does after its first paint (badges, the socket) is done first: a call of its
  // own would otherwise meet the ended session before the click does.
  await page.waitForFunction(() => performance.getEntriesByName('glimmer:after-first-paint').length > 0);
  await page.waitForLoadState('networkidle');
  // The session ends behind the page's back (another tab signed out).
  await context.clearCookies();
  await page.getByTestId('load-more').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(Messages.loginTimeout);
  await expect(dialog.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a call that hangs for 20 s reports trouble connecting', async ({ page }) => {
  await signInAsMember(page);
  await page.clock.install();
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
  await page.route('**/manList/v1/getAnchorList**', () => {
    /* never answers */
  });
  await page.getByTestId('load-more').click();
  await page.clock.runFor(20_500);
  await expect(page.getByText(Messages.timeout).first()).toBeVisible();
  await expect(page.getByTestId('load-more')).toHaveAttribute('data-state', 'retry');
});
