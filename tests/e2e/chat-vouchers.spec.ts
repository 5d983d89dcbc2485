/**
 * The chat voucher backpack (/myhomeback/chat): M1003's unused chat vouchers as the server counts
 * them, each with the minutes it pays and when it expires; M1002, who has none, is told so with a
 * way to find someone to chat with. Live chat's start panel links there when he holds vouchers.
 */
import { expect, test } from '@playwright/test';
import { LiveChatApi } from '../../protocol/livechat/livechat';
import { signInAsMember } from './helpers';

test('M1003 sees his chat vouchers; M1002 has none and is told so', async ({ page, browser }) => {
  await signInAsMember(page, 'M1003');
  const total = await page.evaluate(async (path) => {
    const r = await fetch(`${path}?action=getChatVoucherList&is_ajax=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'start=0&step=20',
      credentials: 'include',
    });
    return ((await r.json()) as { data: { total: number } }).data.total;
  }, LiveChatApi.setStatus);
  expect(total).toBeGreaterThan(0);

  await page.goto('/#/myhomeback/chat');
  const backpack = page.getByTestId('chat-vouchers');
  await expect(backpack.getByRole('heading', { name: 'Chat vouchers' })).toBeVisible();
  await expect(backpack.getByTestId('chat-voucher')).toHaveCount(total);
  await expect(backpack.getByTestId('chat-vouchers-total')).toHaveText(
    `You have ${total} chat ${total === 1 ? 'voucher' : 'vouchers'}.`,
  );
  await expect(backpack.getByTestId('chat-voucher').first()).toContainText('5 minutes of live chat');
  await expect(backpack.getByTestId('chat-voucher').first()).toContainText('Expires');

  // Live chat's start panel names them and links here.
  await page.goto('/#/livechat?anchorid=A2001');
  await page.getByRole('link', { name: `Your chat vouchers (${total})` }).click();
  await expect(page).toHaveURL(/#\/myhomeback\/chat$/);

  const other = await browser.newPage();
  await signInAsMember(other, 'M1002');
  await other.goto('/#/myhomeback/chat');
  await expect(other.getByTestId('chat-vouchers-empty')).toContainText('You have no chat vouchers.');
  await other.getByRole('link', { name: 'Find someone to chat with' }).click();
  await expect(other).toHaveURL(/#\/masterlist/);
  await other.close();
});
