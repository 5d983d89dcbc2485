/**
 * Offline that recovers, on a phone: Discover, a broadcaster profile and the credit history opened
 * online read offline from this device, each saying when it was saved; a page never opened says
 * the one offline text with Retry; back online, pages load afresh by themselves, nobody presses Retry.
 */
import { expect, type Page, test } from '@playwright/test';
import { Messages } from '../../protocol/errors';
import { signInAsMember } from './helpers';

/** A page change inside the app, as a link does (no reload: offline there is nothing to reload from). */
const open = (page: Page, hash: string) =>
  page.evaluate((h) => {
    window.location.hash = h;
  }, hash);

/** The keys of the copies saved on this device (IndexedDB glimmer.savedCopies). */
const savedKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('glimmer');
        request.onerror = () => resolve([]);
        request.onsuccess = () => {
          const db = request.result;
          try {
            const keys = db.transaction('savedCopies', 'readonly').objectStore('savedCopies').getAllKeys();
            keys.onsuccess = () => resolve((keys.result as string[]).sort());
            keys.onerror = () => resolve([]);
          } catch {
            resolve([]);
          } finally {
            db.close();
          }
        };
      }),
  );

const SAVED = /^You are offline\. Saved at \d\d:\d\d\.$/;

test('offline, what he opened reads from the device with its time, and pages recover by themselves', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsMember(page, 'M1002');
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('featured-list').getByTestId('anchor-card')).toHaveCount(5);
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
  await open(page, '/anchor/A2002');
  await expect(page.getByText('ID: A2002')).toBeVisible();
  await open(page, '/myhomeback/credithistories');
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  const rows = await page.getByTestId('history-row').count();
  // Saved for this member only (keyed by his id), once each page has painted.
  await expect
    .poll(() => savedKeys(page))
    .toEqual(
      expect.arrayContaining([
        'M1002:anchor:A2002',
        'M1002:credit-history',
        'M1002:discover:featured',
        'M1002:discover:hot',
        'M1002:discover:online',
      ]),
    );

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText(Messages.offline);

  // Each page he opened shows its saved copy, saying when it was saved; no Retry anywhere.
  await open(page, '/masterlist');
  await expect(page.getByTestId('saved-note')).toHaveText(SAVED);
  await expect(page.getByTestId('featured-list').getByTestId('anchor-card')).toHaveCount(5);
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  await open(page, '/anchor/A2002');
  const saved = page.getByTestId('saved-profile');
  await expect(saved.getByTestId('saved-note')).toHaveText(SAVED);
  await expect(saved.getByText('ID: A2002')).toBeVisible();
  await expect(saved.getByRole('heading', { level: 1 })).not.toBeEmpty();

  await open(page, '/myhomeback/credithistories');
  await expect(page.getByTestId('saved-note')).toHaveText(SAVED);
  await expect(page.getByTestId('history-row')).toHaveCount(rows);

  // Back online, the history loads afresh by itself: the note goes, the rows stay.
  await context.setOffline(false);
  await expect(page.getByTestId('saved-note')).toHaveCount(0);
  await expect(page.getByTestId('history-row')).toHaveCount(rows);

  // A profile never opened: the one offline text and Retry; back online it opens by itself.
  await context.setOffline(true);
  await open(page, '/anchor/A2003');
  const error = page.locator('.error-state');
  await expect(error).toHaveText(`${Messages.offline}Retry`);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(1);
  await context.setOffline(false);
  await expect(page.getByText('ID: A2003')).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
