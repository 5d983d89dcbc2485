/**
 * Offers through the real HTTP API on an injected clock: checkDiscount's fields (holiday on, in its
 * warm-up, none; her birthday's credits off), checkActivityStrengthenPush, and the discount really
 * charged: the cart shows the original and discounted price, checkout takes exactly the discounted
 * price through the ledger, and a discount that ends between preview and checkout moves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  type CartData,
  type CheckoutAnswer,
  FlowerApi,
  FlowerErrno,
} from '../../../protocol/flowers/flowers';
import {
  BIRTHDAY_OFF,
  type DiscountInfo,
  HOLIDAY_WARMUP_DAYS,
  OfferApi,
  OfferErrno,
  type StrengthenPush,
} from '../../../protocol/offers/offers';
import { Api } from '../../../protocol/paths';
import { loadConfig } from '../../../server/config';
import { DEMO_HOLIDAY } from '../../../server/seed/offers';
import { type Client, startServer, type TestServer } from '../harness';

const DAY_MS = 24 * 3600 * 1000;
let server: TestServer;
let buyer: Client;
let clock = Date.now();
const HOLIDAY_ANCHOR = DEMO_HOLIDAY.anchors[0];

beforeAll(async () => {
  const live = loadConfig({ GLIMMER_QUIET: '1' }).live;
  server = await startServer({ config: { live: { ...live, now: () => clock } } });
  buyer = await server.loginAs('M1005');
});
afterAll(() => server?.close());

const key = () => `k${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
const credit = async () => (await buyer.call<{ credit: number }>(Api.getAllMoney)).credit;
const discount = (anchorId: string) =>
  buyer.call<DiscountInfo>(OfferApi.checkDiscount, { anchor_id: anchorId });
async function fill(anchorId: string, lines: [string, number][]): Promise<CartData> {
  let cart: CartData | undefined;
  for (const [item, num] of lines)
    cart = await buyer.call<CartData>(FlowerApi.updateCart, { anchor_id: anchorId, item_id: item, num });
  if (!cart) throw new Error('no lines');
  return cart;
}
const ledgerOf = async (orderId: string) =>
  server.db.query<{ delta: unknown }>('SELECT delta FROM ledger WHERE ref = $1', [orderId]);

describe('checkDiscount', () => {
  it('answers her holiday: on, in its warm-up, and none; 10007 for no broadcaster', async () => {
    clock = Date.now();
    const on = await discount(HOLIDAY_ANCHOR);
    expect(on).toMatchObject({ holiday_key: 'spring', holiday_show: 1, step: 2, discount: 20 });
    expect(on.end_time).toBeGreaterThan(clock / 1000);
    // Before it starts: the warm-up shows it, nothing is off yet.
    clock = Date.now() - (HOLIDAY_WARMUP_DAYS - 1 + 1) * DAY_MS;
    expect(await discount(HOLIDAY_ANCHOR)).toMatchObject({ holiday_show: 1, step: 1, discount: 20 });
    clock = Date.now() - (HOLIDAY_WARMUP_DAYS + 3) * DAY_MS;
    expect(await discount(HOLIDAY_ANCHOR)).toMatchObject({ holiday_key: '', holiday_show: 0, step: 0 });
    clock = Date.now();
    expect(await discount('A2001')).toMatchObject({ holiday_key: '', holiday_show: 0, step: 0, discount: 0 });
    expect((await buyer.form(OfferApi.checkDiscount, { anchor_id: 'A9999' })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await buyer.form(OfferApi.checkDiscount, {})).body.errno).toBe(Errno.INVALID_PARAMS);
  });

  it("gives her birthday's credits off while her birthday_tip is on", async () => {
    clock = Date.now();
    // A2004's birthday is the seed day (tip 2).
    expect(await discount('A2004')).toMatchObject({ birthday_tip: 2, birthday_off: BIRTHDAY_OFF });
    clock = Date.now() + 30 * DAY_MS;
    expect(await discount('A2004')).toMatchObject({ birthday_tip: 0, birthday_off: 0 });
    clock = Date.now();
  });
});

describe('the discount charged', () => {
  it('the cart shows both prices and checkout takes exactly the discounted one', async () => {
    clock = Date.now();
    const cart = await fill(HOLIDAY_ANCHOR, [
      ['F201', 1],
      ['F208', 1],
    ]);
    expect(cart.total).toBe(45);
    expect(cart.pay_total).toBe(36);
    expect(cart.offers).toEqual([
      {
        anchor_id: HOLIDAY_ANCHOR,
        total: 45,
        pay_total: 36,
        holiday_key: 'spring',
        discount: 20,
        birthday_off: 0,
        offer_key: 'spring:20',
      },
    ]);
    const before = await credit();
    // The full price, or the discounted one without the offer he saw, moves nothing.
    const full = await buyer.form(FlowerApi.checkout, {
      anchor_id: HOLIDAY_ANCHOR,
      order_key: key(),
      total: 45,
      offer_key: 'spring:20',
    });
    expect(full.body.errno).toBe(FlowerErrno.TOTAL_CHANGED);
    const noOffer = await buyer.form(FlowerApi.checkout, {
      anchor_id: HOLIDAY_ANCHOR,
      order_key: key(),
      total: 36,
    });
    expect(noOffer.body.errno).toBe(OfferErrno.DISCOUNT_CHANGED);
    expect(await credit()).toBe(before);
    const answer = await buyer.call<CheckoutAnswer>(FlowerApi.checkout, {
      anchor_id: HOLIDAY_ANCHOR,
      order_key: key(),
      total: 36,
      offer_key: 'spring:20',
    });
    expect(answer.order).toMatchObject({ total: 36, original_total: 45 });
    expect(answer.credit).toBeCloseTo(before - 36, 2);
    expect(await credit()).toBeCloseTo(before - 36, 2);
    const rows = await ledgerOf(answer.order.order_id);
    expect(rows.map((r) => Number(r.delta))).toEqual([-3600]);
  });

  it('a discount that ends between preview and checkout answers DISCOUNT_CHANGED and moves nothing', async () => {
    clock = Date.now();
    const preview = await fill(HOLIDAY_ANCHOR, [['F203', 2]]);
    expect(preview.offers[0]).toMatchObject({ total: 50, pay_total: 40, offer_key: 'spring:20' });
    const before = await credit();
    // The holiday's last day passes.
    clock = Date.now() + 20 * DAY_MS;
    const late = await buyer.form(FlowerApi.checkout, {
      anchor_id: HOLIDAY_ANCHOR,
      order_key: key(),
      total: 40,
      offer_key: 'spring:20',
    });
    expect(late.body.errno).toBe(OfferErrno.DISCOUNT_CHANGED);
    expect(await credit()).toBe(before);
    const again = await buyer.call<CartData>(FlowerApi.getCartList, { anchor_id: HOLIDAY_ANCHOR });
    expect(again).toMatchObject({ total: 50, pay_total: 50 });
    const answer = await buyer.call<CheckoutAnswer>(FlowerApi.checkout, {
      anchor_id: HOLIDAY_ANCHOR,
      order_key: key(),
      total: 50,
      offer_key: '',
    });
    expect(answer.order).toMatchObject({ total: 50, original_total: 50 });
    expect(await credit()).toBeCloseTo(before - 50, 2);
    clock = Date.now();
  });

  it("takes her birthday's credits off an order big enough, one charge", async () => {
    clock = Date.now();
    const small = await fill('A2004', [['F202', 1]]);
    expect(small.offers[0]).toMatchObject({ total: 5, pay_total: 5, birthday_off: 0, offer_key: '' });
    const cart = await fill('A2004', [['F201', 1]]);
    expect(cart.offers[0]).toMatchObject({
      total: 35,
      pay_total: 30,
      birthday_off: 5,
      offer_key: 'birthday:5',
    });
    const before = await credit();
    const k = key();
    const body = { anchor_id: 'A2004', order_key: k, total: 30, offer_key: 'birthday:5' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => buyer.call<CheckoutAnswer>(FlowerApi.checkout, body)),
    );
    expect(new Set(answers.map((a) => a.order.order_id)).size).toBe(1);
    expect(await credit()).toBeCloseTo(before - 30, 2);
    expect((await ledgerOf(answers[0]?.order.order_id ?? '')).map((r) => Number(r.delta))).toEqual([-3000]);
  });
});

describe('checkActivityStrengthenPush', () => {
  it('is 1 until he orders flowers for her within the window, 0 where she takes none', async () => {
    clock = Date.now();
    const push = (anchorId: string) =>
      buyer.call<StrengthenPush>(OfferApi.checkActivityStrengthenPush, { anchor_id: anchorId });
    expect(await push('A2010')).toEqual({ result: 1 });
    // He ordered for A2004 above: no push for her this week, and again after the window.
    expect(await push('A2004')).toEqual({ result: 0 });
    clock = Date.now() + 8 * DAY_MS;
    expect(await push('A2004')).toEqual({ result: 1 });
    clock = Date.now();
    await server.db.query(
      `UPDATE anchors SET priv = priv || '{"flower_sent": 0}'::jsonb WHERE userid = 'A2010'`,
    );
    expect(await push('A2010')).toEqual({ result: 0 });
    expect((await buyer.form(OfferApi.checkActivityStrengthenPush, { anchor_id: 'A9999' })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
  });
});
