/**
 * Flowers and real gifts through the real HTTP API: the store and its fields, the cart and
 * getCartGiftTypeNum, checkout through the ledger (20 concurrent clicks with one key charge once;
 * not enough credit moves nothing), cancel refunds once and not after the order ships, an
 * operator with the `deliveries` role moves it on with her photo (members and other operators are
 * refused), Intimacy earned, and getResentRecipientList.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  type CartData,
  type CheckoutAnswer,
  type DeliveryListData,
  FlowerApi,
  FlowerErrno,
  type FlowerOrder,
  type FlowerStoreData,
  type RecentRecipientList,
} from '../../../protocol/flowers/flowers';
import { INTIMACY_GAIN } from '../../../protocol/messages/messages';
import { OPERATOR_ROLES, OperatorErrno } from '../../../protocol/operator/operator';
import { Api } from '../../../protocol/paths';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
let buyer: Client;
let poor: Client;
let operator: Client;
let supportOnly: Client;

beforeAll(async () => {
  server = await startServer({
    config: {
      operatorRoles: { M9001: [...OPERATOR_ROLES], M1004: ['support'] },
      flowerDeliveryStandIn: true,
    },
  });
  buyer = await server.loginAs('M1005');
  poor = await server.loginAs('M1002');
  operator = await server.loginAs('M9001');
  supportOnly = await server.loginAs('M1004');
});
afterAll(() => server?.close());

const credit = async (c: Client) => (await c.call<{ credit: number }>(Api.getAllMoney)).credit;
const experienceOf = async (memberId: string, anchorId: string) => {
  const [row] = await server.db.query<{ experience: unknown }>(
    'SELECT experience FROM intimacy WHERE member_id = $1 AND anchor_id = $2',
    [memberId, anchorId],
  );
  return Number(row?.experience ?? 0);
};
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

async function fill(c: Client, anchorId: string, lines: [string, number][]): Promise<CartData> {
  let cart: CartData | undefined;
  for (const [item, num] of lines) {
    cart = await c.call<CartData>(FlowerApi.updateCart, { anchor_id: anchorId, item_id: item, num });
  }
  if (!cart) throw new Error('no lines');
  return cart;
}

describe('the store and the cart', () => {
  it('lists a dozen items for a broadcaster with prices and local pictures', async () => {
    const store = await buyer.call<FlowerStoreData>(FlowerApi.getStoreList, { anchor_id: 'A2002' });
    expect(store.anchor.anchor_id).toBe('A2002');
    expect(store.anchor.anchor_nickname).not.toBe('');
    expect(store.list.length).toBe(12);
    for (const item of store.list) {
      expect(Object.keys(item).sort()).toEqual(
        ['credit', 'description', 'item_id', 'kind', 'name', 'small_imgurl'].sort(),
      );
      expect(item.credit).toBeGreaterThan(0);
      expect(['flower', 'gift']).toContain(item.kind);
      const picture = await buyer.get(item.small_imgurl);
      expect(picture.status).toBe(200);
    }
    const unknown = await buyer.form(FlowerApi.getStoreList, { anchor_id: 'A9999' });
    expect(unknown.body.errno).toBe(Errno.NOT_FOUND);
  });

  it('adds, updates and removes lines; getCartGiftTypeNum counts kinds of item', async () => {
    let cart = await buyer.call<CartData>(FlowerApi.addCart, { anchor_id: 'A2001', item_id: 'F201', num: 1 });
    cart = await buyer.call<CartData>(FlowerApi.addCart, { anchor_id: 'A2001', item_id: 'F201', num: 2 });
    expect(cart.list).toHaveLength(1);
    expect(cart.list[0]).toMatchObject({
      anchor_id: 'A2001',
      item_id: 'F201',
      num: 3,
      credit: 30,
      subtotal: 90,
    });
    cart = await buyer.call<CartData>(FlowerApi.addCart, { anchor_id: 'A2001', item_id: 'F208' });
    expect(cart).toMatchObject({ total: 105, type_num: 2 });
    await buyer.call(FlowerApi.addCart, { anchor_id: 'A2003', item_id: 'F202', num: 1 });
    expect(await buyer.call(FlowerApi.getCartGiftTypeNum, { anchor_id: 'A2001' })).toEqual({ num: 2 });
    expect(await buyer.call(FlowerApi.getCartGiftTypeNum)).toEqual({ num: 3 });
    cart = await buyer.call<CartData>(FlowerApi.updateCart, { anchor_id: 'A2001', item_id: 'F201', num: 1 });
    expect(cart.total).toBe(45);
    cart = await buyer.call<CartData>(FlowerApi.removeCart, { anchor_id: 'A2001', item_id: 'F208' });
    expect(cart.type_num).toBe(1);
    const all = await buyer.call<CartData>(FlowerApi.getCartList);
    expect(all.list.map((l) => l.anchor_id).sort()).toEqual(['A2001', 'A2003']);
    // Bad input changes nothing.
    expect((await buyer.form(FlowerApi.addCart, { anchor_id: 'A2001', item_id: 'NOPE' })).body.errno).toBe(
      FlowerErrno.UNKNOWN_ITEM,
    );
    expect(
      (await buyer.form(FlowerApi.updateCart, { anchor_id: 'A2001', item_id: 'F201', num: 100 })).body.errno,
    ).toBe(Errno.INVALID_PARAMS);
    expect((await buyer.call<CartData>(FlowerApi.getCartList, { anchor_id: 'A2001' })).total).toBe(30);
    await buyer.call(FlowerApi.removeCart, { anchor_id: 'A2001', item_id: 'F201' });
    await buyer.call(FlowerApi.removeCart, { anchor_id: 'A2003', item_id: 'F202' });
  });
});

describe('who may send', () => {
  it('needs his send_gift_flower privilege and her flower_sent', async () => {
    const other = await server.loginAs('M1003');
    await server.db.query(
      `UPDATE members SET priv = jsonb_set(priv, '{send_gift_flower}', '0') WHERE userid = 'M1003'`,
    );
    const refused = await other.form(FlowerApi.addCart, { anchor_id: 'A2001', item_id: 'F201' });
    expect(refused.body.errno).toBe(Errno.NO_PRIVILEGE);
    await server.db.query(
      `UPDATE anchors SET priv = jsonb_set(priv, '{flower_sent}', '0') WHERE userid = 'A2040'`,
    );
    const takesNone = await buyer.form(FlowerApi.addCart, { anchor_id: 'A2040', item_id: 'F201' });
    expect(takesNone.body.errno).toBe(FlowerErrno.NOT_ACCEPTED);
    expect((await other.call<CartData>(FlowerApi.getCartList)).list).toEqual([]);
  });
});

describe('checkout, cancel and deliveries', () => {
  let delivered: FlowerOrder;

  it('20 concurrent checkouts with one key make one order and one charge', async () => {
    const before = await credit(buyer);
    const closeness = await experienceOf('M1005', 'A2002');
    const cart = await fill(buyer, 'A2002', [
      ['F201', 2],
      ['F207', 1],
    ]);
    expect(cart.total).toBe(82);
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyer.form<CheckoutAnswer>(FlowerApi.checkout, { anchor_id: 'A2002', order_key: k, total: 82 }),
      ),
    );
    for (const a of answers) expect(a.body.errno).toBe(0);
    const ids = new Set(answers.map((a) => a.body.data.order.order_id));
    expect(ids.size).toBe(1);
    const order = answers[0]?.body.data.order as FlowerOrder;
    expect(order).toMatchObject({
      anchor_id: 'A2002',
      status: 'ordered',
      total: 82,
      can_cancel: 1,
      photo_url: '',
    });
    expect(order.list).toEqual([
      {
        item_id: 'F201',
        name: 'A Dozen Red Roses',
        small_imgurl: '/media/gift/G106.svg',
        credit: 30,
        num: 2,
      },
      { item_id: 'F207', name: 'Teddy Bear', small_imgurl: '/media/gift/G107.svg', credit: 22, num: 1 },
    ]);
    expect(await credit(buyer)).toBeCloseTo(before - 82, 2);
    expect(answers[0]?.body.data.credit).toBeCloseTo(before - 82, 2);
    expect(await buyer.call(FlowerApi.getCartGiftTypeNum, { anchor_id: 'A2002' })).toEqual({ num: 0 });
    // Every item of the order earns Intimacy with her, once.
    expect(await experienceOf('M1005', 'A2002')).toBe(closeness + 3 * INTIMACY_GAIN.gift);
    delivered = order;
  });

  it('a changed total, an empty cart and too little credit answer their errno and move nothing', async () => {
    await fill(buyer, 'A2002', [['F202', 1]]);
    const changed = await buyer.form(FlowerApi.checkout, { anchor_id: 'A2002', order_key: key(), total: 4 });
    expect(changed.body.errno).toBe(FlowerErrno.TOTAL_CHANGED);
    await buyer.call(FlowerApi.removeCart, { anchor_id: 'A2002', item_id: 'F202' });
    const empty = await buyer.form(FlowerApi.checkout, { anchor_id: 'A2002', order_key: key(), total: 5 });
    expect(empty.body.errno).toBe(FlowerErrno.CART_EMPTY);

    const before = await credit(poor);
    await fill(poor, 'A2002', [['F211', 1]]);
    const short = await poor.form(FlowerApi.checkout, { anchor_id: 'A2002', order_key: key(), total: 60 });
    expect(short.body.errno).toBe(Errno.NO_CREDIT);
    expect(await credit(poor)).toBe(before);
    expect((await poor.call<CartData>(FlowerApi.getCartList, { anchor_id: 'A2002' })).type_num).toBe(1);
    expect((await poor.call<DeliveryListData>(FlowerApi.getDeliveryList)).total).toBe(0);
  });

  it('cancel refunds once while ordered', async () => {
    await fill(buyer, 'A2001', [['F210', 1]]);
    const before = await credit(buyer);
    const placed = await buyer.call<CheckoutAnswer>(FlowerApi.checkout, {
      anchor_id: 'A2001',
      order_key: key(),
      total: 25,
    });
    expect(await credit(buyer)).toBeCloseTo(before - 25, 2);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () =>
        buyer.form<CheckoutAnswer>(FlowerApi.cancelOrder, { order_id: placed.order.order_id }),
      ),
    );
    for (const c of cancels) expect(c.body.data.order.status).toBe('cancelled');
    expect(await credit(buyer)).toBeCloseTo(before, 2);
    // Another member's order is not his to cancel.
    const other = await poor.form(FlowerApi.cancelOrder, { order_id: placed.order.order_id });
    expect(other.body.errno).toBe(FlowerErrno.ORDER_NOT_FOUND);
  });

  it('only a deliveries operator moves an order on, one step at a time, with her photo', async () => {
    const member = await buyer.form(FlowerApi.operatorAdvance, {
      order_id: delivered.order_id,
      status: 'preparing',
    });
    expect(member.body.errno).toBe(Errno.NOT_OPERATOR);
    const noRole = await supportOnly.form(FlowerApi.operatorAdvance, {
      order_id: delivered.order_id,
      status: 'preparing',
    });
    expect(noRole.body.errno).toBe(OperatorErrno.NO_ROLE);
    const queue = await operator.call<DeliveryListData>(FlowerApi.operatorDeliveryList);
    expect(queue.list.map((o) => o.order_id)).toContain(delivered.order_id);
    const skip = await operator.form(FlowerApi.operatorAdvance, {
      order_id: delivered.order_id,
      status: 'delivered',
    });
    expect(skip.body.errno).toBe(FlowerErrno.BAD_STEP);

    const preparing = await operator.call<FlowerOrder>(FlowerApi.operatorAdvance, {
      order_id: delivered.order_id,
      status: 'preparing',
    });
    expect(preparing).toMatchObject({ status: 'preparing', can_cancel: 0 });
    expect(preparing.preparing_at).toBeGreaterThan(0);
    // Shipped: no cancel, no refund.
    const before = await credit(buyer);
    const late = await buyer.form(FlowerApi.cancelOrder, { order_id: delivered.order_id });
    expect(late.body.errno).toBe(FlowerErrno.NOT_CANCELLABLE);
    expect(await credit(buyer)).toBe(before);

    const done = await operator.call<FlowerOrder>(FlowerApi.operatorAdvance, {
      order_id: delivered.order_id,
      status: 'delivered',
      photo_url: '/media/portrait/A2002.svg',
    });
    expect(done).toMatchObject({ status: 'delivered', photo_url: '/media/portrait/A2002.svg' });
    const mine = await buyer.call<DeliveryListData>(FlowerApi.getDeliveryList, { start: 0, step: 20 });
    const seen = mine.list.find((o) => o.order_id === delivered.order_id);
    expect(seen).toMatchObject({ status: 'delivered', photo_url: '/media/portrait/A2002.svg', total: 82 });
    expect(seen?.delivered_at).toBeGreaterThan(0);
    expect(mine.list.some((o) => o.status === 'cancelled')).toBe(true);
  });

  it('getResentRecipientList names the broadcasters he sent to, newest first, without cancelled ones', async () => {
    const recent = await buyer.call<RecentRecipientList>(FlowerApi.getResentRecipientList);
    expect(recent.list.map((r) => r.anchor_id)).toEqual(['A2002']);
    expect(recent.list[0]).toMatchObject({ anchor_id: 'A2002', order_num: 1 });
    expect(recent.list[0]?.anchor_age).toBeGreaterThan(17);
    expect(recent.list[0]?.last_time).toBeGreaterThan(0);
    const none = await poor.call<RecentRecipientList>(FlowerApi.getResentRecipientList);
    expect(none.list).toEqual([]);
  });
});
