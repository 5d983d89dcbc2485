import { expect, test } from '@playwright/test';
import { MAX_VISIBLE_BUBBLES } from '../../protocol/realtime';
import { DEMO_PASSWORD } from './helpers';
import { AUTO_INVITE_PORT } from './ports';

// This server runs the automatic invitation engine ten times faster than the spec's timings.
const base = `http://localhost:${AUTO_INVITE_PORT}`;

// Both engines run here: room invitations and live chat's share his cap of 3 a minute on the page, so
// the first minute shows at most 3 of either kind.
test('an idle member receives automatic invitations, never more than 3 at once, one per broadcaster', async ({
  page,
}) => {
  await page.goto(`${base}/user/login`);
  await page.getByLabel('User ID').fill('M1001');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('balance-credits')).toBeVisible();

  const bubbles = page.locator(
    '[data-testid="invite-bubble"]:is([data-bubble-type^="autoInvite"], [data-bubble-type="livechatnotice"])',
  );
  await expect(bubbles.first()).toBeVisible({ timeout: 20_000 });

  // Watch for a while: the visible bubbles never pass the cap and never repeat a broadcaster.
  let most = 0;
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const shown = await bubbles.evaluateAll((nodes) =>
      nodes.map((n) => `${n.getAttribute('data-invite-id')}|${n.textContent ?? ''}`),
    );
    most = Math.max(most, shown.length);
    for (const entry of shown) seen.add(entry.split('|')[0] ?? '');
    await page.waitForTimeout(250);
  }
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(MAX_VISIBLE_BUBBLES);
  // One per broadcaster within each kind (the two engines keep their own lists).
  const names = await bubbles
    .and(page.locator('[data-bubble-type^="autoInvite"]'))
    .locator('.invite-name')
    .allInnerTexts();
  expect(new Set(names).size).toBe(names.length);
});
