import { expect, test } from '@playwright/test';
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
