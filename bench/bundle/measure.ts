/**
 * What the browser really loads: opens the login page (logged out) and a member's Discover (logged
 * in) in Chromium against a running server, and lists the JS files each page requests before its
 * content shows ("start") and within 5 s after ("after first paint": prefetches, the socket, the PWA
 * prompts), with their gzip size (level 9, from the build folder). Checks the manifest-based count
 * of scripts/bundle-budget.ts against the browser.
 *
 *   node --import tsx bench/bundle/measure.ts [--url http://localhost:8690] [--dist /tmp/hb-dist]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import {
  type ChunkOf,
  DISCOVER_IN_BROWSER,
  FIRST_SECONDS_OVER,
  gzipSize,
  kib,
  type Manifest,
  PAGES,
  SCRIPTS_IN_FIRST_SECONDS,
  startFiles,
} from '../../scripts/bundle-budget';
import { CHUNK_OF_FILE } from '../../scripts/chunk-graph';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium';
import { deviceUsedBefore } from '../../tests/e2e/helpers';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8690' },
    dist: { type: 'string', default: 'dist' },
  },
});
const base = values.url as string;
const dist = values.dist as string;

/**
 * JS the page fetched in its first seconds, split at the app's own 'after first paint' moment (a
 * performance mark): what came before is the page's start, what came after waited for the first paint.
 */
async function scriptsOf(page: Page, open: () => Promise<void>, shown: () => Promise<unknown>) {
  await open();
  await shown();
  // The login page waits up to 4 s for the member to start typing before it loads more.
  await page.evaluate(FIRST_SECONDS_OVER);
  const entries = await page.evaluate(SCRIPTS_IN_FIRST_SECONDS);
  const files = entries as { file: string; late: boolean }[];
  return {
    start: files.filter((f) => !f.late).map((f) => f.file),
    later: files.filter((f) => f.late).map((f) => f.file),
  };
}

const sizeOf = (files: Iterable<string>) =>
  [...new Set(files)].reduce((sum, file) => sum + gzipSize(readFileSync(join(dist, file))), 0);

function table(title: string, files: string[]) {
  const rows = [...new Set(files)].map((file) => ({ file, gzip: gzipSize(readFileSync(join(dist, file))) }));
  console.log(`${title}: ${kib(sizeOf(files))} KiB gzip in ${rows.length} files`);
  for (const r of rows.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${kib(r.gzip).padStart(7)} KiB  ${r.file}`);
  return new Set(rows.map((r) => r.file));
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const chunkOf = JSON.parse(readFileSync(join(dist, CHUNK_OF_FILE), 'utf8')) as ChunkOf;
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const login = await context.newPage();
  const loginJs = await scriptsOf(
    login,
    async () => {
      await login.goto(`${base}/user/login`);
    },
    () => login.getByRole('button', { name: 'Sign in' }).waitFor(),
  );
  const compare = (name: string, browserFiles: Set<string>) => {
    const page = PAGES.find((p) => p.name.startsWith(name));
    if (!page) return;
    let counted: Set<string>;
    try {
      counted = new Set(startFiles(manifest, page.roots, chunkOf));
    } catch (error) {
      return console.log(`  budget script: ${(error as Error).message}`);
    }
    const missing = [...browserFiles].filter((f) => !counted.has(f));
    const extra = [...counted].filter((f) => !browserFiles.has(f));
    console.log(
      `  budget script vs browser: ${missing.length ? `not counted ${missing.join(', ')}` : 'all counted'}${extra.length ? `; counted but not loaded ${extra.join(', ')}` : ''}`,
    );
  };
  compare('login', table('login page, start', loginJs.start));
  table('login page, after first paint', loginJs.later);

  await login.getByLabel('User ID').fill('M1001');
  await login.getByLabel('Password').fill('demo1234');
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.waitForURL(/#\/masterlist/);
  await deviceUsedBefore(login);

  const discover = await context.newPage();
  const discoverJs = await scriptsOf(
    discover,
    async () => {
      await discover.goto(`${base}/#/masterlist`);
    },
    () => discover.locator('.anchor-card-media').first().waitFor({ timeout: 15_000 }),
  );
  compare("member's Discover", table("member's Discover, start", discoverJs.start));
  table("member's Discover, after first paint", discoverJs.later);
  const start = sizeOf(discoverJs.start) / 1024;
  const all = sizeOf([...discoverJs.start, ...discoverJs.later]) / 1024;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log(
    `member's Discover: ${start.toFixed(1)} KiB before it shows (aim <= ${DISCOVER_IN_BROWSER.startKiB}: ${verdict(start <= DISCOVER_IN_BROWSER.startKiB)}), ` +
      `${all.toFixed(1)} KiB in all by ${DISCOVER_IN_BROWSER.seconds} s after (aim <= ${DISCOVER_IN_BROWSER.firstSecondsKiB}: ${verdict(all <= DISCOVER_IN_BROWSER.firstSecondsKiB)})`,
  );
} finally {
  await browser.close();
}
