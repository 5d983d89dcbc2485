/**
 * A page that loads does not move under the member's finger: on a phone, with nothing saved on the
 * device (as on a first visit), Discover, a profile and Messages are opened and every layout shift
 * the browser reports while they fill in is added up, as Lighthouse's CLS does.
 */
import { expect, type Page, test } from '@playwright/test';
import { signInAsMember } from './helpers';

test.use({ viewport: { width: 412, height: 823 } });

declare global {
  interface Window {
    glimmerShifts?: { value: number; sources: string[] }[];
  }
}

/** Watches layout shifts from the first moment of every page this tab opens. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    window.glimmerShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.glimmerShifts?.push({
          value: entry.value,
          sources: entry.sources.map((s) => (s.node?.textContent ?? '').trim().slice(0, 40)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Forgets what the app saved on the device (lists, conversations), as on a first visit. */
async function forgetDevice(page: Page) {
  await page.evaluate(
    () =>
      new Promise((done) => {
        const request = indexedDB.deleteDatabase('glimmer');
        request.onsuccess = request.onerror = request.onblocked = done;
      }),
  );
  await page.goto('about:blank');
}

async function shiftsWhileOpening(page: Page, path: string, loaded: () => Promise<void>) {
  await forgetDevice(page);
  await page.goto(path);
  await loaded();
  // Late arrivals (badges, the socket's first events) get a moment to land too.
  await page.waitForTimeout(1500);
  const shifts = await page.evaluate(() => window.glimmerShifts ?? []);
  return {
    total: shifts.reduce((sum, s) => sum + s.value, 0),
    moved: shifts.flatMap((s) => s.sources).filter(Boolean),
  };
}

test('Discover, a profile and Messages fill in without moving on a phone', async ({ page }) => {
  await signInAsMember(page, 'M1001');
  await watchShifts(page);

  const discover = await shiftsWhileOpening(page, '/#/masterlist', async () => {
    await expect(page.getByTestId('featured-list').getByTestId('anchor-card').first()).toBeVisible();
    await expect(page.getByTestId('online-list').getByTestId('anchor-card').first()).toBeVisible();
  });
  expect(discover.total, `Discover moved: ${discover.moved.join(' | ')}`).toBeLessThan(0.01);

  const profile = await shiftsWhileOpening(page, '/#/anchor/A2001', async () => {
    await expect(page.getByRole('heading', { name: 'Olena' })).toBeVisible();
  });
  expect(profile.total, `the profile moved: ${profile.moved.join(' | ')}`).toBeLessThan(0.01);

  // The contact list answers well after the conversations, as on a busy server: the rows and the
  // footer below them still wait for both.
  await page.route('**/getContactList**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const messages = await shiftsWhileOpening(page, '/#/mymessage', async () => {
    await expect(page.getByRole('region', { name: 'In chat' })).toBeVisible();
  });
  expect(messages.total, `Messages moved: ${messages.moved.join(' | ')}`).toBeLessThan(0.01);
});
