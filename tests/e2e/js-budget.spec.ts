/**
 * The JS a member's Discover loads, measured where it happens: in Chromium, from the build the
 * server sends. What it loads before its content shows, and in all within the seconds after, each
 * file counted at its gzip size (level 9, as the server sends it). The budget script
 * (scripts/check-bundle.ts) reads the build's import graph; this counts what the page really asked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type InstantInviteAnswer, InviteApi } from '../../protocol/realtime';
import {
  DISCOVER_IN_BROWSER,
  FIRST_SECONDS_OVER,
  gzipSize,
  kib,
  SCRIPTS_IN_FIRST_SECONDS,
} from '../../scripts/bundle-budget';
import { broadcasterApi, deviceUsedBefore, signInAsMember } from './helpers';

test.use({ serviceWorkers: 'block' });

test("a member's Discover stays within its JS budget, at start and in its first seconds", async ({
  page,
  context,
  baseURL,
}) => {
  // The start-up pop-ups are asked for: their code is part of what a member's first seconds load.
  await signInAsMember(page, 'M1001', undefined, { startupPops: true });
  await deviceUsedBefore(page);
  // Earlier stories' invitations to him are closed first (a closed one does not come back), so
  // that the one below is what both pages show.
  const bubbles = page.getByTestId('invite-bubble');
  for (let quiet = 0; quiet < 2; ) {
    if ((await bubbles.count()) === 0) {
      quiet += 1;
      await page.waitForTimeout(500);
    } else {
      quiet = 0;
      await bubbles.first().getByTestId('bubble-dismiss').click();
    }
  }
  // An invitation waits for him, as one often does: the new page meets it again at start, and
  // what the first page stored already must not be written again (that would load Dexie).
  const her = await broadcasterApi(baseURL ?? '', 'A2001');
  const invited = await her.post(`${InviteApi.instantInviteUser}?is_ajax=1`, { form: { user_id: 'M1001' } });
  expect(invited.ok()).toBe(true);
  const { invite_id } = ((await invited.json()) as { data: InstantInviteAnswer }).data;
  const bubble = `[data-testid="invite-bubble"][data-invite-id="${invite_id}"]`;
  await expect(page.locator(bubble)).toBeVisible();
  await her.dispose();

  const discover = await context.newPage();
  await discover.goto('/#/masterlist');
  await expect(discover.getByTestId('anchor-card').first()).toBeVisible();
  await expect(discover.locator(bubble)).toBeVisible();
  await discover.evaluate(FIRST_SECONDS_OVER);

  const files = (await discover.evaluate(SCRIPTS_IN_FIRST_SECONDS)) as { file: string; late: boolean }[];
  const size = (file: string) => gzipSize(readFileSync(join('dist', file)));
  const total = (list: { file: string }[]) =>
    [...new Set(list.map((f) => f.file))].reduce((sum, f) => sum + size(f), 0);
  const start = total(files.filter((f) => !f.late));
  const all = total(files);
  const report = files
    .map((f) => `${f.late ? 'later' : 'start'} ${kib(size(f.file))} KiB ${f.file}`)
    .join('\n');
  test.info().annotations.push({ type: 'js', description: `start ${kib(start)} KiB, all ${kib(all)} KiB` });

  expect(files.length, 'the page loaded its code').toBeGreaterThan(2);
  expect(start / 1024, `JS before Discover shows (KiB gzip)\n${report}`).toBeLessThanOrEqual(
    DISCOVER_IN_BROWSER.startKiB,
  );
  expect(all / 1024, `JS in Discover's first seconds (KiB gzip)\n${report}`).toBeLessThanOrEqual(
    DISCOVER_IN_BROWSER.firstSecondsKiB,
  );
});
