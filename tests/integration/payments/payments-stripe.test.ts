/**
 * The Stripe adapter against a local stand-in of Stripe's Checkout API (fake-stripe.ts): the
 * session it asks for, and webhooks signed with the endpoint secret as Stripe signs them.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type CreateOrderAnswer,
  type OrderInfo,
  PaymentApi,
  PaymentErrno,
  PaymentPaths,
} from '../../../protocol/payments/payments';
import { loadConfig } from '../../../server/config';
import { startServer, type TestServer } from '../harness';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { balanceOf, postWebhook } from './payments-support';

const WEBHOOK_SECRET = 'whsec_glimmer_test';
let fake: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  const config = loadConfig({
    STRIPE_SECRET_KEY: 'sk_test_glimmer',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    PUBLIC_ORIGIN: 'http://glimmer.test',
    PAYMENTS_TEST_PROVIDER: '0',
  });
  server = await startServer({ config: { publicOrigin: config.publicOrigin, payments: config.payments } });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** A Stripe event of `type` about `object`, signed with the endpoint secret. */
function signed(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type,
    created: 1,
    livemode: false,
    data: { object },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}

const deliver = ({ body, signature }: { body: string; signature: string }) =>
  postWebhook(server.url, body, signature, PaymentPaths.stripeWebhook);

it('asks Stripe for a Checkout Session of the pack, for the order, returning to this site', async () => {
  const member = await server.loginAs('M1001');
  const { order, checkout_url } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, {
    pack_id: 'credits_50',
  });
  expect(checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  const call = fake.calls.at(-1);
  const f = Object.fromEntries(call?.fields ?? []);
  expect(f).toMatchObject({
    mode: 'payment',
    client_reference_id: order.order_id,
    'metadata[order_id]': order.order_id,
    'payment_intent_data[metadata][order_id]': order.order_id,
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': '4299',
    'line_items[0][price_data][product_data][name]': '50 credits',
    success_url: `http://glimmer.test/nx/page/Payment/checkout?order_id=${order.order_id}&payment=success`,
    cancel_url: `http://glimmer.test/nx/page/Payment/checkout?order_id=${order.order_id}&payment=cancel`,
  });
  expect(call?.headers['idempotency-key']).toBe(`checkout:${order.order_id}`);
});

it('grants on checkout.session.completed once paid, and takes back on charge.refunded', async () => {
  const member = await server.loginAs('M1002');
  const before = await balanceOf(server, 'M1002');
  const { order } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: 'credits_10' });
  const sessionId = (await server.repositories.orders.byId(order.order_id))?.sessionId;
  const session = {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: order.order_id,
    metadata: { order_id: order.order_id },
    amount_total: 999,
    currency: 'usd',
    payment_intent: 'pi_1',
    payment_status: 'unpaid',
  };
  // Completed but not paid yet (a delayed payment method): nothing.
  expect((await deliver(signed('checkout.session.completed', session))).outcome).toBe('ignored');
  // Signed with another secret: refused.
  const forged = signed('checkout.session.completed', { ...session, payment_status: 'paid' }, 'whsec_other');
  expect((await deliver(forged)).status).toBe(400);
  expect(await balanceOf(server, 'M1002')).toBe(before);

  const paid = signed('checkout.session.completed', { ...session, payment_status: 'paid' });
  expect((await deliver(paid)).outcome).toBe('granted');
  expect((await deliver(paid)).outcome).toBe('ignored');
  expect(await balanceOf(server, 'M1002')).toBe(before + 1000);

  const charge = {
    id: 'ch_1',
    object: 'charge',
    payment_intent: 'pi_1',
    metadata: { order_id: order.order_id },
  };
  expect((await deliver(signed('charge.refunded', { ...charge, amount_refunded: 999 }))).outcome).toBe(
    'taken back',
  );
  expect(await balanceOf(server, 'M1002')).toBe(before);
  expect((await member.call<OrderInfo>(PaymentApi.order, { order_id: order.order_id })).state).toBe(
    'refunded',
  );
});

it('a partial charge.refunded, then the full one and a dispute named by the payment, take back the order once', async () => {
  const member = await server.loginAs('M1005');
  const before = await balanceOf(server, 'M1005');
  const { order } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: 'credits_50' });
  const sessionId = (await server.repositories.orders.byId(order.order_id))?.sessionId;
  const paid = signed('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    client_reference_id: order.order_id,
    metadata: { order_id: order.order_id },
    amount_total: 4299,
    currency: 'usd',
    payment_intent: 'pi_partial',
    payment_status: 'paid',
  });
  expect((await deliver(paid)).outcome).toBe('granted');
  const charge = { id: 'ch_partial', object: 'charge', payment_intent: 'pi_partial', metadata: {} };
  // $21.50 of $42.99: 25.0058… credits, 25.00 taken.
  expect((await deliver(signed('charge.refunded', { ...charge, amount_refunded: 2150 }))).outcome).toBe(
    'taken back',
  );
  expect(await balanceOf(server, 'M1005')).toBe(before + 2500);
  expect((await deliver(signed('charge.refunded', { ...charge, amount_refunded: 4299 }))).outcome).toBe(
    'taken back',
  );
  expect(await balanceOf(server, 'M1005')).toBe(before);
  const disputed = signed('charge.dispute.created', {
    ...charge,
    id: 'dp_partial',
    object: 'dispute',
    amount: 4299,
  });
  expect((await deliver(disputed)).outcome).toBe('ignored');
  expect(await balanceOf(server, 'M1005')).toBe(before);
});

it('an expired session fails the order; the test provider is off here', async () => {
  const member = await server.loginAs('M1003');
  const { order } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: 'credits_10' });
  const expired = signed('checkout.session.expired', {
    id: 'cs_x',
    object: 'checkout.session',
    client_reference_id: order.order_id,
    metadata: {},
  });
  expect((await deliver(expired)).outcome).toBe('failed');
  expect(await member.call<OrderInfo>(PaymentApi.order, { order_id: order.order_id })).toMatchObject({
    state: 'failed',
    failure: 'The checkout expired before the payment was made.',
  });
  expect(
    (await postWebhook(server.url, expired.body, expired.signature, PaymentPaths.testWebhook)).status,
  ).toBe(400);
});

it('Stripe failing to make a session answers a clear error, and the order is failed', async () => {
  const member = await server.loginAs('M1004');
  fake.failWith = 400;
  try {
    const answer = await member.form(PaymentApi.createOrder, { pack_id: 'credits_10' });
    expect(answer.status).toBe(200);
    expect(answer.body.errno).toBe(PaymentErrno.UNAVAILABLE);
  } finally {
    fake.failWith = undefined;
  }
  const [row] = await server.db.query<{ state: string }>(
    'SELECT state FROM orders WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1',
    ['M1004'],
  );
  expect(row?.state).toBe('failed');
});
