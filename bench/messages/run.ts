/**
 * bench/messages: 10,000 messages of one conversation in IndexedDB, in Chromium. Measures opening
 * the conversation (first 20 read by key and rendered) and paging back (Load more, 20 at a time),
 * cold (a fresh page after the fill) and warm (opened again). Aim: under 50 ms to the first 20.
 *
 *   npm run bench:messages [-- --messages 10000 --pages 50 --runs 5]
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { chromiumLaunchOptions } from '../../tests/e2e/chromium';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MESSAGES = arg('messages', 10_000);
const PAGES = arg('pages', 50);
const RUNS = arg('runs', 5);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'glimmer-bench-messages-'));
  await build({
    entryPoints: [join(import.meta.dirname, 'page.ts')],
    bundle: true,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: join(dir, 'page.js'),
    logLevel: 'error',
  });
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script src="page.js"></script>',
  );
  const server = createServer(async (req, res) => {
    const file = req.url === '/page.js' ? 'page.js' : 'index.html';
    res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'text/html');
    res.end(await readFile(join(dir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    const fillMs = await page.evaluate((n) => window.benchFill(n), MESSAGES);
    const cold: number[] = [];
    const warm: number[] = [];
    const paging: number[] = [];
    let shown = 0;
    for (let r = 0; r < RUNS; r++) {
      await page.reload();
      const first = await page.evaluate((p) => window.benchOpen(p), PAGES);
      cold.push(first.first);
      paging.push(...first.pages);
      shown = first.shown;
      const again = await page.evaluate(() => window.benchOpen(0));
      warm.push(again.first);
    }
    const lines = [
      `bench/messages — ${new Date().toISOString()} — Chromium ${browser.version()}`,
      `${MESSAGES} messages in one conversation (IndexedDB via Dexie, [conversation+time] key); fill took ${ms(fillMs)}`,
      `runs: ${RUNS}; each opens the conversation in a fresh page, then pages back ${PAGES} times (${shown} shown at the end)`,
      '',
      '| measure | median | p95 | max |',
      '|---|---|---|---|',
      `| open, first 20 rendered (fresh page) | ${ms(median(cold))} | ${ms(p95(cold))} | ${ms(Math.max(...cold))} |`,
      `| open again (warm) | ${ms(median(warm))} | ${ms(p95(warm))} | ${ms(Math.max(...warm))} |`,
      `| Load more: next 20 read and rendered | ${ms(median(paging))} | ${ms(p95(paging))} | ${ms(Math.max(...paging))} |`,
      '',
      `aim: first 20 under 50 ms — ${median(cold) < 50 ? 'met' : 'NOT met'}`,
    ];
    const text = lines.join('\n');
    console.log(text);
    await writeFile(join(import.meta.dirname, '..', 'results', 'messages.txt'), `${text}\n`);
  } finally {
    await browser.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
