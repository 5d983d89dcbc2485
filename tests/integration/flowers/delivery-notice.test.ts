/**
 * A delivery's steps reach the member live: each step the operator moves his order on is one
 * FLOWER_DELIVERY_EVENT on his sockets, with the order as his deliveries list shows it; repeating a
 * step changes nothing and tells nothing. Runs on PGlite, or on PostgreSQL with DATABASE_URL set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type CartData,
  type CheckoutAnswer,
  FLOWER_DELIVERY_EVENT,
  FlowerApi,
  type FlowerDeliveryNotice,
} from '../../../protocol/flowers/flowers';
import { OPERATOR_ROLES } from '../../../protocol/operator/operator';
import { startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({
    config: { operatorRoles: { M9001: [...OPERATOR_ROLES] }, flowerDeliveryStandIn: true },
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

it('each step the operator moves his order on reaches his socket once, with the order', async () => {
  const buyer = await server.loginAs('M1003');
  const operator = await server.loginAs('M9001');
  const socket = await server.socketFor(buyer);
  sockets.push(socket);
  const cart = await buyer.call<CartData>(FlowerApi.updateCart, {
    anchor_id: 'A2001',
    item_id: 'F202',
    num: 1,
  });
  const offer = cart.offers.find((o) => o.anchor_id === 'A2001');
  const placed = await buyer.call<CheckoutAnswer>(FlowerApi.checkout, {
    anchor_id: 'A2001',
    order_key: `notice${Date.now()}`,
    total: offer?.pay_total ?? cart.total,
    ...(offer?.offer_key ? { offer_key: offer.offer_key } : {}),
  });
  const orderId = placed.order.order_id;
  const notices = () =>
    socket
      .events(FLOWER_DELIVERY_EVENT)
      .map((m) => (m.req_data as FlowerDeliveryNotice).order)
      .filter((o) => o.order_id === orderId);

  await operator.call(FlowerApi.operatorAdvance, { order_id: orderId, status: 'preparing' });
  await socket.waitFor(
    (m) =>
      m.route === FLOWER_DELIVERY_EVENT &&
      (m.req_data as FlowerDeliveryNotice).order.order_id === orderId &&
      (m.req_data as FlowerDeliveryNotice).order.status === 'preparing',
  );
  // The same step again changes nothing and says nothing.
  await operator.call(FlowerApi.operatorAdvance, { order_id: orderId, status: 'preparing' });
  await operator.call(FlowerApi.operatorAdvance, { order_id: orderId, status: 'delivered' });
  const delivered = await socket.waitFor(
    (m) =>
      m.route === FLOWER_DELIVERY_EVENT && (m.req_data as FlowerDeliveryNotice).order.status === 'delivered',
  );
  expect((delivered.req_data as FlowerDeliveryNotice).order).toMatchObject({
    order_id: orderId,
    status: 'delivered',
    can_cancel: 0,
  });
  expect((delivered.req_data as FlowerDeliveryNotice).order.photo_url).not.toBe('');
  expect(notices().map((o) => o.status)).toEqual(['preparing', 'delivered']);
});
