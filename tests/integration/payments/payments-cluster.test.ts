/**
 * Buying credits on PostgreSQL with two processes: the checkout made on one is paid on the other,
 * and his header on the first hears it; one signed webhook delivered 20 times, split across both,
 * grants once; a refund delivered to both at once takes back once and never below zero; a partial
 * refund, then the full refund and a dispute, each delivered to both, take back the difference once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CreateOrderAnswer, type OrderInfo, PaymentApi } from '../../../protocol/payments/payments';
import { EventRoute } from '../../../protocol/realtime';
import { ledgerRepository } from '../../../server/features/money/ledger-repository';
import {
  eventBody,
  sessionObject,
  signBody,
  testWebhookSecret,
} from '../../../server/providers/payments/test-provider';
import { startCluster, type TestCluster, type TestServer, type TestSocket } from '../harness';
import { balanceOf, checkout, orderRow, postWebhook } from './payments-support';

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster({ showNoticeTickMs: 600_000 });
  ({ a, b } = cluster);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await cluster?.close();
});

it('an order made on one process is paid through the checkout on the other; his header hears it', async () => {
  const member = await a.loginAs('M1003');
  const socket = await a.socketFor(member);
  sockets.push(socket);
  const before = await balanceOf(a, 'M1003');
  const { order, checkout_url } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, {
    pack_id: 'credits_25',
  });
  expect((await fetch(`${b.url}${checkout_url}`)).status).toBe(200);
  const done = await checkout(b, checkout_url, { card: '4242424242424242' });
  expect(done.status).toBe(303);
  expect(await balanceOf(a, 'M1003')).toBe(before + 2500);
  expect((await member.call<OrderInfo>(PaymentApi.order, { order_id: order.order_id })).state).toBe('paid');
  const notice = await socket.waitFor((m) => m.route === EventRoute.credit);
  expect(notice.req_data).toEqual({ credit: (before + 2500) / 100 });
});

it('20 deliveries of one signed webhook, split across both processes, grant once', async () => {
  const member = await b.loginAs('M1004');
  const before = await balanceOf(a, 'M1004');
  const { order } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: 'credits_100' });
  const body = eventBody(
    'checkout.session.completed',
    sessionObject(await orderRow(a, order.order_id), true),
  );
  const signature = signBody(body, await testWebhookSecret(a.db));
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => postWebhook((i % 2 ? a : b).url, body, signature)),
  );
  expect(answers.every((x) => x.status === 200)).toBe(true);
  expect(answers.filter((x) => x.outcome === 'granted')).toHaveLength(1);
  expect(await balanceOf(a, 'M1004')).toBe(before + 10_000);
  const rows = await a.db.query('SELECT idem_key FROM ledger WHERE ref = $1', [order.order_id]);
  expect(rows).toEqual([{ idem_key: `order:${order.order_id}` }]);
});

it('a refund delivered to both at once takes back once, and never below zero', async () => {
  const member = await a.loginAs('M1005');
  const { order } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: 'credits_50' });
  const secret = await testWebhookSecret(b.db);
  const paid = eventBody(
    'checkout.session.completed',
    sessionObject(await orderRow(a, order.order_id), true),
  );
  expect((await postWebhook(b.url, paid, signBody(paid, secret))).outcome).toBe('granted');
  // He spends all but 10 credits before the refund comes.
  const balance = await balanceOf(a, 'M1005');
  await a.db.transaction((tx) =>
    ledgerRepository(tx).move({
      userId: 'M1005',
      delta: -(balance - 1000),
      reason: 'test_spend',
      ref: 'test',
      payee: null,
      key: `test-spend:${order.order_id}`,
    }),
  );
  const refund = eventBody('charge.refunded', {
    id: 'ch_c1',
    object: 'charge',
    payment_intent: `pi_for_${order.order_id}`,
    metadata: { order_id: order.order_id },
    amount_refunded: 4299,
  });
  const signature = signBody(refund, secret);
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => postWebhook((i % 2 ? a : b).url, refund, signature)),
  );
  expect(answers.filter((x) => x.outcome === 'taken back')).toHaveLength(1);
  expect(await balanceOf(a, 'M1005')).toBe(0);
  expect(await orderRow(b, order.order_id)).toMatchObject({
    state: 'refunded',
    flagged: true,
    shortfall: 4000,
  });
});

it('a partial refund, then the full refund and a dispute, all split across both, take back exactly the order', async () => {
  const member = await b.loginAs('M1006');
  const { order } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: 'credits_100' });
  const secret = await testWebhookSecret(a.db);
  const signed = (type: Parameters<typeof eventBody>[0], object: Record<string, unknown>) => {
    const body = eventBody(type, object);
    return { body, signature: signBody(body, secret) };
  };
  const deliverAll = (events: { body: string; signature: string }[], times: number) =>
    Promise.all(
      events.flatMap((event) =>
        Array.from({ length: times }, (_, i) =>
          postWebhook((i % 2 ? a : b).url, event.body, event.signature),
        ),
      ),
    );
  const paid = signed('checkout.session.completed', sessionObject(await orderRow(a, order.order_id), true));
  expect((await postWebhook(a.url, paid.body, paid.signature)).outcome).toBe('granted');
  const before = await balanceOf(a, 'M1006');
  const charge = {
    id: 'ch_c2',
    object: 'charge',
    payment_intent: `pi_for_${order.order_id}`,
    metadata: { order_id: order.order_id },
  };

  // $20.00 of $79.99: 25.003… credits, 25.00 taken, once.
  const part = await deliverAll([signed('charge.refunded', { ...charge, amount_refunded: 2000 })], 10);
  expect(part.filter((x) => x.outcome === 'taken back')).toHaveLength(1);
  expect(await balanceOf(b, 'M1006')).toBe(before - 2500);

  const rest = await deliverAll(
    [
      signed('charge.refunded', { ...charge, amount_refunded: 7999 }),
      signed('charge.dispute.created', { ...charge, id: 'dp_c2', object: 'dispute', amount: 5999 }),
    ],
    10,
  );
  expect(rest.every((x) => x.status === 200)).toBe(true);
  expect(rest.filter((x) => x.outcome === 'taken back')).toHaveLength(1);
  expect(await balanceOf(a, 'M1006')).toBe(before - 10_000);
  const moves = await a.db.query<{ delta: unknown }>(
    'SELECT delta FROM ledger WHERE ref = $1 AND delta < 0 ORDER BY id',
    [order.order_id],
  );
  expect(moves.map((r) => Number(r.delta))).toEqual([-2500, -7500]);
  expect(await orderRow(b, order.order_id)).toMatchObject({
    state: 'refunded',
    flagged: false,
    shortfall: 0,
  });
});
