import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { serverBalances, signInAsMember } from './helpers';

/** The service worker the server serves (the build under test). */
const SW_FILE = join(process.cwd(), 'dist', 'sw.js');

test('Chromium offers to install Glimmer', async ({ playwright, baseURL }) => {
  // Chromium never offers installation in an incognito profile, so this test has a real one.
  const profile = mkdtempSync(join(tmpdir(), 'glimmer-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    baseURL,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/user/login');
  // The service worker must control the page before Chromium judges installability.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}');
  expect(parsed.display).toBe('standalone');
  expect(parsed.shortcuts.map((s: { name: string }) => s.name)).toEqual([
    'Discover',
    'Messages',
    'My tickets',
  ]);
  await expect
    .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
      timeout: 15_000,
    })
    .toEqual([]);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('offline, a reload still shows the shell and the header balances', async ({ page, context }) => {
  await signInAsMember(page);
  await page.goto('/#/masterlist');
  await expect(page.getByTestId('hot-list').getByTestId('anchor-card').first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // Make sure the page is controlled, so the reload below is served by the service worker.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // What the header showed online is what it shows offline, from the cache.
  const { credits, stamps } = await serverBalances(page);
  await expect(page.getByTestId('balance-credits')).toContainText(credits);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('balance-credits')).toContainText(`${credits} credits`);
  await expect(page.getByTestId('balance-stamps')).toContainText(`${stamps} stamps`);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  // The login page opens offline too; an API address is never answered with the app.
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await context.setOffline(false);
  const api = await page.goto('/push/vapidPublicKey');
  expect(await api?.json()).toMatchObject({ errno: 0 });
});

test('a new version is offered with a prompt and never reloads a page by itself', async ({
  page,
  context,
}) => {
  await signInAsMember(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const other = await context.newPage();
  await other.goto('/#/masterlist');
  await expect(other.getByTestId('balance-credits')).toBeVisible();

  const mark = (p: typeof page) => p.evaluate(() => Object.assign(window, { stillHere: true }));
  const stillHere = (p: typeof page) =>
    p.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

  // A new release lands on the server: its service worker differs, and so do the Brotli and gzip
  // copies the build keeps beside it (those are what the server sends a browser).
  const released = readFileSync(SW_FILE, 'utf8');
  const copies = ['.br', '.gz'].filter((ext) => existsSync(SW_FILE + ext));
  const releasedCopies = copies.map((ext) => readFileSync(SW_FILE + ext));
  const next = `${released}\n// next release\n`;
  writeFileSync(SW_FILE, next);
  for (const ext of copies)
    writeFileSync(SW_FILE + ext, ext === '.br' ? brotliCompressSync(next) : gzipSync(next));
  try {
    await mark(page);
    await mark(other);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

    const prompt = page.getByTestId('pwa-update');
    await expect(prompt).toContainText('A new version of Glimmer is available.');
    await expect(other.getByTestId('pwa-update')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(await stillHere(page)).toBe(true);

    // Reload is the user's choice: the new version takes over and this page loads afresh…
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await stillHere(page)).toBe(false);
    await expect(page.getByTestId('balance-credits')).toBeVisible();
    await expect(page.getByTestId('pwa-update')).toHaveCount(0);

    // …while the other tab keeps its page and its prompt until its own user clicks.
    await other.waitForTimeout(1_000);
    expect(await stillHere(other)).toBe(true);
    await expect(other.getByTestId('pwa-update')).toBeVisible();
    const otherReloaded = other.waitForEvent('load');
    await other.getByTestId('pwa-update').getByRole('button', { name: 'Reload' }).click();
    await otherReloaded;
    expect(await stillHere(other)).toBe(false);
  } finally {
    writeFileSync(SW_FILE, released);
    for (const [i, ext] of copies.entries()) writeFileSync(SW_FILE + ext, releasedCopies[i] ?? '');
  }
});
