/**
 * The app works under its Content-Security-Policy: a new user signs in (the login pages, a few
 * member pages, every route of the broadcaster workspace read from the live router, the SMS outbox,
 * the service worker's answers) and Chromium reports no violation on any of them. Every member
 * page is checked under the policy by the viewport walk (layout.spec.ts), which opens them all.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import { Pages } from '../../protocol/paths';
import { DEMO_PASSWORD } from './helpers';
import { openRoute, type RoutePage, routePages } from './pages';
import { type Policy, watchPolicy } from './policy';

/**
 * The page shows `landmark` and broke no policy. A violation is reported first: a blocked script
 * or stylesheet usually leaves the page blank, and the violation says why.
 */
async function expectClean(policy: Policy, landmark: Locator, label: string) {
  try {
    await expect(landmark, label).toBeVisible();
  } catch (error) {
    const seen = await policy.take();
    throw seen.length ? new Error(`${label}: ${seen.join('\n')}`) : error;
  }
  expect(await policy.take(), label).toEqual([]);
}

async function signIn(page: Page, policy: Policy, loginPage: string, userid: string) {
  await page.goto(loginPage);
  await expectClean(policy, page.getByLabel('User ID'), loginPage);
  await page.getByLabel('User ID').fill(userid);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\//);
}

/** Opens each page in the signed-in app and checks it rendered and broke no policy. */
async function visitAll(page: Page, pages: RoutePage[], policy: Policy) {
  for (const route of pages) {
    await openRoute(page, route);
    // Its heading, or (a detail page opened without its id) the alert saying what is missing.
    const main = page.getByRole('main');
    await expectClean(policy, main.getByRole('heading').or(main.getByRole('alert')).first(), route.path);
  }
}

test.describe.configure({ timeout: 240_000 });

/** Member pages opened here; the viewport walk (layout.spec.ts) checks every one under the policy. */
const SAMPLED = ['/masterlist', '/anchor/A2002', '/mymessage', '/showorder/schs', '/compose', '/inbox'];

test('a new user signs in and the app works under the Content-Security-Policy', async ({ page }) => {
  const policy = await watchPolicy(page);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));

  // The entry pages a visitor sees first, each answered with the policy.
  for (const path of [Pages.anchorLogin, Pages.maintenance]) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    await expectClean(policy, page.getByRole('main').getByRole('heading').first(), path);
  }

  await signIn(page, policy, Pages.memberLogin, 'M1001');
  await expect(page.getByTestId('balance-credits')).toBeVisible();
  const pages = await routePages(page);
  // The route map is read, not listed by hand: a few pages every release has.
  for (const path of SAMPLED) expect(pages.map((p) => p.path)).toContain(path);
  // The pages every release has (every member page is checked under the policy by the viewport
  // walk, layout.spec.ts, which opens them all anyway).
  await visitAll(
    page,
    pages.filter((p) => SAMPLED.includes(p.path)),
    policy,
  );
  // The realtime socket connected under connect-src.
  expect(sockets.some((url) => new URL(url).pathname === '/ws')).toBe(true);

  // Once the service worker answers the app's pages, its answer carries the policy too.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  const fromWorker = await page.goto(Pages.anchorLogin);
  expect(fromWorker?.fromServiceWorker()).toBe(true);
  expect(fromWorker?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expectClean(policy, page.getByRole('main').getByRole('heading').first(), 'from the service worker');
});

test('a broadcaster signs in and her workspace and the SMS outbox work under the policy', async ({
  page,
}) => {
  const policy = await watchPolicy(page);
  await signIn(page, policy, Pages.anchorLogin, 'A2001');
  await expect(page).toHaveURL(/#\/broadcaster$/);
  const pages = (await routePages(page)).filter((p) => p.shell === 'lady');
  // Her workspace's sections, the studio (at /broadcaster) first.
  expect(pages.map((p) => p.path)).toEqual(
    expect.arrayContaining([
      '/broadcaster/',
      '/broadcaster/messages',
      '/broadcaster/mail',
      '/broadcaster/media/',
      '/broadcaster/media/shots',
    ]),
  );
  await visitAll(page, pages, policy);

  await page.goto(SMS_OUTBOX_PATH);
  await expectClean(policy, page.getByRole('heading', { name: 'Local SMS outbox' }), SMS_OUTBOX_PATH);
  // Its stylesheet applied: the page is not in the browser's default font size.
  await expect(page.locator('body')).toHaveCSS('font-size', '14px');
});
