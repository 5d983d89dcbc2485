import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test';

import { STARTUP_POP_COOKIE } from '../../protocol/anchor-profile/around';

export const DEMO_PASSWORD = 'demo1234';

/**
 * Signs in through the member login page, as a person would, and waits for the target page. Unless
 * `startupPops` is asked for, the session's one start-up pop-up turn is marked taken first (the
 * cookie a shown pop-up sets), so a voucher, advert or gift-package pop-up never covers a test that
 * is about something else; the tests of those pop-ups ask for them.
 */
export async function signInAsMember(
  page: Page,
  userid = 'M1001',
  redirect?: string,
  options: { startupPops?: boolean } = {},
) {
  await page.goto(redirect ? `/user/login?redirect=${encodeURIComponent(redirect)}` : '/user/login');
  if (!options.startupPops) {
    await page.evaluate((name) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the app's own session cookie, one fixed value.
      document.cookie = `${name}=1; path=/; SameSite=Lax`;
    }, STARTUP_POP_COOKIE);
  }
  await page.getByLabel('User ID').fill(userid);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('balance-credits')).toBeVisible();
}

/** Signs in through the broadcaster login page and waits for the workspace. */
export async function signInAsBroadcaster(page: Page, userid = 'A2001') {
  await page.goto('/broadcast/login');
  await page.getByLabel('User ID').fill(userid);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/broadcaster$/);
}

/**
 * The signed-in member's credits and stamps as the server holds them now, formatted like the
 * header. Other specs spend seeded balances (tickets, bookings, mail), so tests compare the header
 * with this rather than with the seed.
 */
export async function serverBalances(page: Page): Promise<{ credits: string; stamps: string }> {
  const answer = await page.request.post('/pman/emf/api/getAllMoney?is_ajax=1', { form: {} });
  const { data } = (await answer.json()) as { data: { credit: number; poststamp: number } };
  return { credits: data.credit.toFixed(2), stamps: String(data.poststamp) };
}

/** A member signed in through the API alone, without a browser page (dispose it at the end). */
export async function memberApi(baseURL: string, userid: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/user/login?is_ajax=1', { form: { userid, password: DEMO_PASSWORD } });
  expect(answer.ok(), `${userid} signs in`).toBe(true);
  return api;
}

/**
 * A broadcaster signed in through the API alone, without a browser page: for a test that needs
 * several of them at once (dispose it at the end).
 */
export async function broadcasterApi(baseURL: string, userid: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const answer = await api.post('/broadcast/login?is_ajax=1', { form: { userid, password: DEMO_PASSWORD } });
  expect(answer.ok(), `${userid} signs in`).toBe(true);
  return api;
}

/**
 * A profile section below the first screen mounts once it is scrolled near (NearViewport, its
 * placeholder carrying `near`): waits for the placeholder or the section, then scrolls to it.
 */
export async function revealNear(page: Page, near: string, section: Locator) {
  const placeholder = page.getByTestId(near);
  await expect(placeholder.or(section).first()).toBeAttached();
  // The placeholder may turn into the section while we scroll to it.
  if (await placeholder.count()) await placeholder.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => {});
  await expect(section).toBeAttached();
}

/**
 * The page's images as a phone loads them: their sizes, lazy or not, high priority or not, and
 * whether they are on the first screen (any part inside the window, the page at its top) or below.
 */
export function imagesOnScreen(page: Page) {
  return page.evaluate(() =>
    Array.from(document.images).map((img) => {
      const box = img.getBoundingClientRect();
      return {
        src: img.getAttribute('src') ?? '',
        width: Number(img.getAttribute('width')),
        height: Number(img.getAttribute('height')),
        lazy: img.loading === 'lazy',
        high: img.getAttribute('fetchpriority') === 'high',
        onScreen:
          box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth,
        below: box.top >= window.innerHeight,
      };
    }),
  );
}

/**
 * Opens a section of her workspace (Messages, Mail, Bookings & shows, Media) through its
 * navigation, as she would, and waits for its address.
 */
export async function openWorkspaceSection(page: Page, label: string, path: string) {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`#/broadcaster/${path}$`));
}

/** Her Media section's part (Album, Shots, Premium videos): each shows alone, at its own address. */
export async function openMediaPart(page: Page, label: 'Shots' | 'Premium videos', path: string) {
  await openWorkspaceSection(page, 'Media', 'media');
  await page.getByRole('navigation', { name: 'Media' }).getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`#/broadcaster/media/${path}$`));
}

/** Whether the app's IndexedDB cache exists with its tables (an open waits for an upgrade under way). */
const CACHE_READY = `new Promise((resolve) => {
      const open = indexedDB.open('glimmer');
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const whole = open.result.objectStoreNames.contains('savedCopies');
        open.result.close();
        resolve(whole);
      };
    })`;

/**
 * A device he has used before: the app's cache exists with its tables (a first visit creates it,
 * once) and this first page's own work is done (its background phase began).
 */
export async function deviceUsedBefore(page: Page) {
  await page.waitForFunction(CACHE_READY, null, { timeout: 30_000 });
  await page.waitForFunction(() => performance.getEntriesByName('glimmer:background').length > 0, null, {
    timeout: 30_000,
  });
}
