/**
 * Flowers on a 390 px phone: William (M1005, plenty of credits; no other spec asserts his balance
 * exactly) opens A2002's profile, chooses Send flowers, adds roses twice and chocolates, sees the
 * floating bar count two kinds, checks out after the price confirmation names the total, and an
 * operator (M9001, the `deliveries` role) moves the order on in the console to delivered with her
 * photo. William sees "Delivered" and the photo, and his credits fell once, by the total.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type CartData, type DeliveryListData, FlowerApi } from '../../protocol/flowers/flowers';
import { serverBalances, signInAsMember } from './helpers';

const MEMBER = 'M1005';
const ANCHOR = 'A2002';
const phone = { viewport: { width: 390, height: 844 } };

async function closePops(page: Page) {
  for (const id of ['recommend-pop', 'gift-package-pop'])
    await page.addLocatorHandler(page.getByTestId(id), () => page.keyboard.press('Escape'));
}

async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function post<T>(page: Page, path: string, form: Record<string, string> = {}): Promise<T> {
  const answer = await page.request.post(`${path}?is_ajax=1`, { form });
  const body = (await answer.json()) as { errno: number; data: T };
  expect(body.errno, path).toBe(0);
  return body.data;
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

test('he sends A2002 flowers, pays once after the named price, and sees them delivered with her photo', async ({
  browser,
}) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await closePops(page);
  await signInAsMember(page, MEMBER);
  // An earlier run's cart for her starts empty.
  const old = await post<CartData>(page, FlowerApi.getCartList, { anchor_id: ANCHOR });
  for (const line of old.list)
    await post(page, FlowerApi.removeCart, { anchor_id: ANCHOR, item_id: line.item_id });
  const start = Number((await serverBalances(page)).credits);

  await page.goto(`/#/anchor/${ANCHOR}`);
  await page.getByTestId('action-flowers').click();
  await expect(page).toHaveURL(/#\/continueshopping\?id=A2002/);
  const roses = page.locator('[data-testid="flower-item"][data-item="F201"]');
  await roses.getByTestId('flower-add').click();
  await expect(roses.getByTestId('flower-add')).toContainText('(1 in cart)');
  await roses.getByTestId('flower-add').click();
  await expect(roses.getByTestId('flower-add')).toContainText('(2 in cart)');
  await page.locator('[data-testid="flower-item"][data-item="F208"]').getByTestId('flower-add').click();
  const bar = page.getByTestId('flower-checkout-bar');
  await expect(bar.getByTestId('flower-type-num')).toHaveText('2 kinds of items in your cart');
  expect(await noSideScroll(page)).toBe(true);
  expect(await axeProblems(page, '.flower-page')).toEqual([]);

  await bar.getByTestId('flower-go-checkout').click();
  await expect(page).toHaveURL(/#\/checkout\?id=A2002/);
  await expect(page.getByTestId('flower-line')).toHaveCount(2);
  const total = (await page.getByTestId('flower-total').textContent()) ?? '';
  expect(total).toContain('75');
  await expect(page.getByTestId('flower-balance')).toBeVisible();
  expect(await noSideScroll(page)).toBe(true);
  await page.getByTestId('flower-place-order').click();
  const confirm = page.getByTestId('payment-confirm');
  await expect(confirm.getByTestId('payment-price')).toHaveText(total);
  expect(await axeProblems(page, '[data-testid="payment-confirm"]')).toEqual([]);
  // Nothing moved before he confirmed.
  expect(Number((await serverBalances(page)).credits)).toBeCloseTo(start, 2);
  await confirm.getByTestId('payment-confirm-ok').click();
  await expect(page.getByTestId('flower-placed')).toBeVisible();
  const paid = await post<DeliveryListData>(page, FlowerApi.getDeliveryList);
  const order = paid.list[0];
  expect(order).toMatchObject({ anchor_id: ANCHOR, status: 'ordered', total: 75 });
  expect(Number((await serverBalances(page)).credits)).toBeCloseTo(start - 75, 2);

  await page.getByTestId('flower-see-deliveries').click();
  const card = page.locator(`[data-testid="flower-order"][data-order="${order?.order_id}"]`);
  await expect(card.getByTestId('flower-status')).toHaveAttribute('data-status', 'ordered');
  await expect(card.getByTestId('flower-cancel')).toBeVisible();

  // The operator moves it on: being prepared, then delivered with her photo.
  const operatorContext = await browser.newContext(phone);
  const operator = await operatorContext.newPage();
  await closePops(operator);
  await signInAsMember(operator, 'M9001');
  await operator.goto('/#/operator?tab=deliveries');
  const row = operator.locator(`[data-testid="op-delivery"][data-order="${order?.order_id}"]`);
  await expect(row).toContainText('Ordered');
  expect(await axeProblems(operator, '[aria-label="Deliveries"]')).toEqual([]);
  await row.getByTestId('op-delivery-advance').click();
  await expect(row).toContainText('Being prepared');
  await row.getByTestId('op-delivery-advance').click();
  await expect(row).toHaveCount(0);
  await operatorContext.close();

  await page.reload();
  await expect(card.getByTestId('flower-status')).toHaveAttribute('data-status', 'delivered');
  await expect(card.getByTestId('flower-status')).toContainText('Delivered');
  await expect(card.getByTestId('flower-photo')).toBeVisible();
  await expect(card.getByTestId('flower-cancel')).toHaveCount(0);
  expect(await noSideScroll(page)).toBe(true);
  expect(await axeProblems(page, '.flower-page')).toEqual([]);
  // Charged once, by the total.
  expect(Number((await serverBalances(page)).credits)).toBeCloseTo(start - 75, 2);
  await context.close();
});

test('at 1280 px the store is a grid, and his cart takes quantities and empties', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await closePops(page);
  await signInAsMember(page, MEMBER);
  await page.goto('/#/flower/ggift?id=A2001');
  const items = page.getByTestId('flower-item');
  await expect(items).toHaveCount(12);
  const tops = await Promise.all([0, 1, 2].map(async (i) => (await items.nth(i).boundingBox())?.y));
  expect(new Set(tops).size).toBe(1);
  await page.locator('[data-testid="flower-item"][data-item="F203"]').getByTestId('flower-add').click();
  await expect(page.getByTestId('flower-type-num')).toHaveText('1 kind of item in your cart');

  await page.getByRole('link', { name: 'My cart' }).click();
  const cart = page.locator('[data-testid="flower-cart"][data-anchor="A2001"]');
  const line = cart.locator('[data-testid="flower-line"][data-item="F203"]');
  await line.getByRole('button', { name: 'One more Spring Bouquet' }).click();
  await expect(line.getByTestId('flower-line-num')).toHaveText('2');
  expect(await noSideScroll(page)).toBe(true);
  expect(await axeProblems(page, '.flower-page')).toEqual([]);
  await line.getByRole('button', { name: 'Remove Spring Bouquet' }).click();
  await expect(page.getByTestId('flower-cart-empty')).toBeVisible();
  await context.close();
});
