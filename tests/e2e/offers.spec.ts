/**
 * Offers on a 390 px phone: William (M1005; no other spec asserts his balance exactly) opens the profile of a
 * broadcaster with a holiday discount (the demo's Spring Flower Days, 20% off for A2009): the
 * holiday pop shows in the profile's style with her holiday's stylesheet, leads to the store, and the
 * checkout shows the price before and after; the price confirmation names the discounted price and
 * his credits fall by exactly that.
 */
import { expect, type Page, test } from '@playwright/test';
import { STARTUP_POP_COOKIE } from '../../protocol/anchor-profile/around';
import { type CartData, type DeliveryListData, FlowerApi } from '../../protocol/flowers/flowers';
import { serverBalances, signInAsMember } from './helpers';

const ANCHOR = 'A2009';

async function post<T>(page: Page, path: string, form: Record<string, string> = {}): Promise<T> {
  const answer = await page.request.post(`${path}?is_ajax=1`, { form });
  const body = (await answer.json()) as { errno: number; data: T };
  expect(body.errno, path).toBe(0);
  return body.data;
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test('her holiday pop shows on her profile and the flower checkout charges the discounted price it confirmed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsMember(page, 'M1005');
  const old = await post<CartData>(page, FlowerApi.getCartList, { anchor_id: ANCHOR });
  for (const line of old.list)
    await post(page, FlowerApi.removeCart, { anchor_id: ANCHOR, item_id: line.item_id });
  const start = Number((await serverBalances(page)).credits);
  // The start-up pop-ups had their turn at sign-in; free it, as a new browser session would.
  await page.evaluate((name) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the app's own session cookie.
    document.cookie = `${name}=; Max-Age=0; path=/`;
  }, STARTUP_POP_COOKIE);

  await page.goto(`/#/anchor/${ANCHOR}`);
  const pop = page.getByTestId('offer-pop-anchor');
  await expect(pop).toBeVisible({ timeout: 15_000 });
  await expect(pop.getByTestId('offer-text')).toContainText('20% OFF');
  await expect(page.locator('link[data-holiday="spring"]')).toHaveAttribute(
    'href',
    /\/holidays\/spring\.css\?v=\d+/,
  );
  expect(await noSideScroll(page)).toBe(true);
  const sheet = await page.request.get('/holidays/spring.css');
  expect(sheet.status()).toBe(200);
  await pop.getByTestId('offer-send-flowers').click();
  await expect(page).toHaveURL(/#\/continueshopping\?id=A2009/);

  await page.locator('[data-testid="flower-item"][data-item="F201"]').getByTestId('flower-add').click();
  await page.getByTestId('flower-go-checkout').click();
  await expect(page).toHaveURL(/#\/checkout\?id=A2009/);
  await expect(page.getByTestId('flower-original-total')).toContainText('30');
  await expect(page.getByTestId('flower-holiday-off')).toHaveText('20% off');
  const total = (await page.getByTestId('flower-total').textContent()) ?? '';
  expect(total).toContain('24');
  expect(await noSideScroll(page)).toBe(true);
  await page.getByTestId('flower-place-order').click();
  const confirm = page.getByTestId('payment-confirm');
  await expect(confirm.getByTestId('payment-price')).toHaveText(total);
  await confirm.getByTestId('payment-confirm-ok').click();
  await expect(page.getByTestId('flower-placed')).toBeVisible();
  const orders = await post<DeliveryListData>(page, FlowerApi.getDeliveryList);
  expect(orders.list[0]).toMatchObject({ anchor_id: ANCHOR, total: 24, original_total: 30 });
  expect(Number((await serverBalances(page)).credits)).toBeCloseTo(start - 24, 2);
  // Once a day in this style: back on her profile it stays closed.
  await page.goto(`/#/anchor/${ANCHOR}`);
  await page.waitForTimeout(2_500);
  await expect(pop).toHaveCount(0);
});
