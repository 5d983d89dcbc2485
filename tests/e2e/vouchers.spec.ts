import { expect, test } from '@playwright/test';
import { VOUCHER_ANCHORS_EMPTY, VoucherAnchorApi } from '../../protocol/vouchers/voucher-anchors';
import { signInAsMember } from './helpers';

test('the top voucher banner lists what he holds, closes by itself for the visit, and for good when closed', async ({
  page,
}) => {
  await page.clock.install();
  // M1003 holds one chat voucher (seed).
  await signInAsMember(page, 'M1003');
  const banner = page.getByTestId('voucher-banner');
  await expect(banner).toContainText('YOU STILL HAVE');
  await expect(banner).toContainText('1 chat voucher');

  // A minute later it has closed by itself; the next visit shows it again.
  await page.clock.fastForward(61_000);
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(banner).toContainText('1 chat voucher');

  // Closed by hand (keyboard): the server remembers, so a reload does not bring it back.
  const closed = page.waitForResponse((r) => r.url().includes('/man/v1/setCouponNoticeCloseTime'));
  await page.getByRole('button', { name: 'Close the voucher banner' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  expect((await (await closed).json()).errno).toBe(0);
  const info = page.waitForResponse((r) => r.url().includes('/man/v1/getHeaderCouponInfo'));
  await page.reload();
  expect((await (await info).json()).data.close_time).toBeGreaterThan(0);
  await expect(page.getByTestId('balance-credits')).toBeVisible();
  await expect(banner).toBeHidden();
});

test('the voucher pop shows new vouchers once, with broadcasters to use them with; the where-to-use list', async ({
  page,
}) => {
  // M1013 holds two broadcast vouchers he has not been told about (seed).
  await signInAsMember(page, 'M1013', '/home', { startupPops: true });
  const pop = page.getByTestId('voucher-pop');
  await expect(pop).toBeVisible({ timeout: 15_000 });
  await expect(pop.getByRole('img', { name: 'Broadcast voucher' })).toBeVisible();
  await expect(pop).toContainText('2 new broadcast vouchers');
  const first = pop.getByTestId('voucher-pop-anchor').first();
  await expect(first).toBeVisible();
  // A broadcaster of the pop leads to her profile, which says his voucher pays her room.
  await first.getByRole('link').click();
  await expect(pop).toBeHidden();
  await expect(page).toHaveURL(/#\/anchor\/A\d+/);
  await expect(page.getByTestId('voucher-note')).toContainText('Your broadcast voucher pays');
  // Shown once: the server will not offer this batch again.
  const again = await page.request.post(`${VoucherAnchorApi.getPopVoucherAnchorList}?is_ajax=1`, {
    form: {},
  });
  expect(((await again.json()) as { data: { needpop: number } }).data.needpop).toBe(0);

  // Where to use them, from his voucher pack: the broadcasters online now whose rooms take them.
  await page.goto('/#/myhomeback/pack1');
  await page.getByTestId('pack1-where').click();
  await expect(page.getByTestId('voucher-anchors-list').getByTestId('anchor-card').first()).toBeVisible();
  // The spec's empty text for a room kind his vouchers do not take (M1001's are for premium rooms).
  await page.context().clearCookies();
  await signInAsMember(page, 'M1001', '/myhomeback/voucheranchors');
  await page.getByTestId('voucher-tags').getByText('One-on-One', { exact: true }).click();
  await expect(page.getByTestId('voucher-anchors-empty')).toContainText(VOUCHER_ANCHORS_EMPTY);
});
