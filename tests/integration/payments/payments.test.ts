/**
 * Buying credits with the built-in test provider, driven over HTTP as a browser would: the packs,
 * an order, the hosted checkout page and its cards, the signed webhook it calls, the credits and
 * the creditNotice. Then what the webhook must withstand: 20 deliveries of one event at once,
 * a bad signature, a changed amount, refunds and disputes larger than the balance.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  type CreateOrderAnswer,
  type CreditPack,
  type OrderInfo,
  PaymentApi,
  PaymentPaths,
} from '../../../protocol/payments/payments';
import { EventRoute } from '../../../protocol/realtime';
import { ledgerRepository } from '../../../server/features/money/ledger-repository';
import {
  eventBody,
  sessionObject,
  signBody,
  testWebhookSecret,
} from '../../../server/providers/payments/test-provider';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { balanceOf, checkout, orderRow, postWebhook } from './payments-support';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const order = async (member: Client, pack_id = 'credits_25') =>
  member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id });

it('lists the packs to anyone', async () => {
  const { list } = await server.client().call<{ list: CreditPack[] }>(PaymentApi.packs);
  expect(list.map((p) => [p.pack_id, p.credits, p.price_cents, p.save_desc])).toEqual([
    ['credits_10', 10, 999, ''],
    ['credits_25', 25, 2299, 'Save 8%'],
    ['credits_50', 50, 4299, 'Save 14%'],
    ['credits_100', 100, 7999, 'Save 20%'],
  ]);
});

it('makes orders for members only, for packs on sale, returning to paths on this site', async () => {
  const member = await server.loginAs('M1001');
  const answer = await order(member);
  expect(answer.order).toMatchObject({
    pack_id: 'credits_25',
    credits: 25,
    price_cents: 2299,
    state: 'created',
  });
  expect(answer.checkout_url).toMatch(/^\/payment\/test-checkout\?session=cs_test_/);

  expect((await member.form(PaymentApi.createOrder, { pack_id: 'credits_7' })).body.errno).toBe(
    Errno.INVALID_PARAMS,
  );
  for (const return_url of [
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:x',
  ]) {
    const bad = await member.form(PaymentApi.createOrder, { pack_id: 'credits_10', return_url });
    expect(bad.body.errno, return_url).toBe(Errno.INVALID_PARAMS);
  }
  const lady = await server.loginAs('A2001');
  expect((await lady.form(PaymentApi.createOrder, { pack_id: 'credits_10' })).body.errno).toBe(
    Errno.FORBIDDEN,
  );
  expect((await server.client().form(PaymentApi.createOrder, { pack_id: 'credits_10' })).body.errno).toBe(
    Errno.LOGIN_TIMEOUT,
  );
  // His own order only.
  const other = await server.loginAs('M1002');
  const theirs = await other.form(PaymentApi.order, { order_id: answer.order.order_id });
  expect(theirs.body.errno).toBe(Errno.NOT_FOUND);
});

it('pays with 4242 4242 4242 4242: the webhook grants the credits once and his header hears it', async () => {
  const member = await server.loginAs('M1003');
  const socket = await server.socketFor(member);
  sockets.push(socket);
  const before = await balanceOf(server, 'M1003');
  const { order: made, checkout_url } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, {
    pack_id: 'credits_25',
    return_url: '/nx/page/Payment/checkout?from=test',
  });
  const page = await fetch(`${server.url}${checkout_url}`);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('25 credits');
  expect(html).toContain('$22.99 USD');
  expect(html).not.toContain('<script');

  const done = await checkout(server, checkout_url, { card: '4242 4242 4242 4242' });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toBe(
    `/nx/page/Payment/checkout?from=test&order_id=${made.order_id}&payment=success`,
  );
  expect(await balanceOf(server, 'M1003')).toBe(before + 2500);
  const info = await member.call<OrderInfo>(PaymentApi.order, { order_id: made.order_id });
  expect(info).toMatchObject({ state: 'paid', failure: '' });
  const notice = await socket.waitFor((m) => m.route === EventRoute.credit);
  expect(notice.req_data).toEqual({ credit: (before + 2500) / 100 });

  // The page again, and its form again: nothing more is granted.
  expect(await (await fetch(`${server.url}${checkout_url}`)).text()).toContain('paid already');
  expect((await checkout(server, checkout_url, { card: '4242424242424242' })).status).toBe(303);
  expect(await balanceOf(server, 'M1003')).toBe(before + 2500);
  const rows = await server.db.query('SELECT idem_key FROM ledger WHERE ref = $1', [made.order_id]);
  expect(rows).toEqual([{ idem_key: `order:${made.order_id}` }]);
});

it('a declined card grants nothing and the order says why', async () => {
  const member = await server.loginAs('M1004');
  const before = await balanceOf(server, 'M1004');
  const { order: made, checkout_url } = await order(member, 'credits_10');
  const done = await checkout(server, checkout_url, { card: '4000000000000002' });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toContain('payment=failed');
  const info = await member.call<OrderInfo>(PaymentApi.order, { order_id: made.order_id });
  expect(info).toMatchObject({ state: 'failed', failure: 'Your card was declined.' });
  expect(await balanceOf(server, 'M1004')).toBe(before);

  // A card that is no test card is asked again on the page; nothing is told.
  const other = await checkout(server, checkout_url, { card: '1234' });
  expect(other.status).toBe(200);
  expect(await other.text()).toContain('Use one of the test cards');

  // He tries again with a good card: the failed order is paid.
  await checkout(server, checkout_url, { card: '4242424242424242' });
  expect(await balanceOf(server, 'M1004')).toBe(before + 1000);
});

it('4000 0025 0000 3155 needs the confirmation step; cancelling it pays nothing', async () => {
  const member = await server.loginAs('M1005');
  const before = await balanceOf(server, 'M1005');
  const first = await order(member, 'credits_10');
  const step = await checkout(server, first.checkout_url, { card: '4000 0025 0000 3155' });
  const html = await step.text();
  expect(html).toContain('Confirm this payment');
  expect(await balanceOf(server, 'M1005')).toBe(before);
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  // A made-up token does not confirm.
  const forged = await checkout(server, first.checkout_url, { action: 'confirm', token: 'x'.repeat(43) });
  expect(forged.status).toBe(400);
  const confirmed = await checkout(server, first.checkout_url, { action: 'confirm', token });
  expect(confirmed.headers.get('location')).toContain('payment=success');
  expect(await balanceOf(server, 'M1005')).toBe(before + 1000);

  const second = await order(member, 'credits_10');
  await checkout(server, second.checkout_url, { card: '4000002500003155' });
  const cancelled = await checkout(server, second.checkout_url, { action: 'cancel' });
  expect(cancelled.headers.get('location')).toContain('payment=cancel');
  const info = await member.call<OrderInfo>(PaymentApi.order, { order_id: second.order.order_id });
  expect(info).toMatchObject({ state: 'failed', failure: 'The payment was cancelled.' });
  expect(await balanceOf(server, 'M1005')).toBe(before + 1000);
});

it('20 concurrent deliveries of one signed webhook grant once', async () => {
  const member = await server.loginAs('M1006');
  const before = await balanceOf(server, 'M1006');
  const { order: made } = await order(member, 'credits_50');
  const row = await orderRow(server, made.order_id);
  const body = eventBody('checkout.session.completed', sessionObject(row, true));
  const secret = await testWebhookSecret(server.db);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => postWebhook(server.url, body, signBody(body, secret))),
  );
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(answers.filter((a) => a.outcome === 'granted')).toHaveLength(1);
  expect(await balanceOf(server, 'M1006')).toBe(before + 5000);
});

it('a bad signature or a changed amount grants nothing', async () => {
  const member = await server.loginAs('M1007');
  const before = await balanceOf(server, 'M1007');
  const { order: made } = await order(member, 'credits_100');
  const row = await orderRow(server, made.order_id);
  const secret = await testWebhookSecret(server.db);
  const body = eventBody('checkout.session.completed', sessionObject(row, true));

  const wrongSecret = await postWebhook(server.url, body, signBody(body, 'whsec_someone_else'));
  expect(wrongSecret.status).toBe(400);
  const noSignature = await postWebhook(server.url, body, undefined);
  expect(noSignature.status).toBe(400);
  // Signed, then changed on the way.
  const tampered = body.replace('"amount_total":7999', '"amount_total":1');
  expect((await postWebhook(server.url, tampered, signBody(body, secret))).status).toBe(400);
  // The test provider's secret does not sign for Stripe.
  expect(
    (await postWebhook(server.url, body, signBody(body, secret), PaymentPaths.stripeWebhook)).status,
  ).toBe(400);

  // Signed with the right secret, but paying less than the order asks: refused.
  const cheap = eventBody('checkout.session.completed', sessionObject({ ...row, amountCents: 100 }, true));
  expect((await postWebhook(server.url, cheap, signBody(cheap, secret))).outcome).toBe('ignored');
  const euros = eventBody('checkout.session.completed', sessionObject({ ...row, currency: 'eur' }, true));
  expect((await postWebhook(server.url, euros, signBody(euros, secret))).outcome).toBe('ignored');

  expect(await balanceOf(server, 'M1007')).toBe(before);
  expect((await member.call<OrderInfo>(PaymentApi.order, { order_id: made.order_id })).state).toBe('created');
});

it('a refund takes the credits back; more than his balance takes what is there and flags him', async () => {
  const member = await server.loginAs('M1002');
  const secret = await testWebhookSecret(server.db);
  const send = async (type: Parameters<typeof eventBody>[0], object: Record<string, unknown>) => {
    const body = eventBody(type, object);
    return postWebhook(server.url, body, signBody(body, secret));
  };
  const pay = async (pack_id: string) => {
    const { order: made } = await order(member, pack_id);
    const row = await orderRow(server, made.order_id);
    expect((await send('checkout.session.completed', sessionObject(row, true))).outcome).toBe('granted');
    return made.order_id;
  };

  // A full refund, named by the payment: 10 credits back; the same refund again takes nothing.
  const first = await pay('credits_10');
  const before = await balanceOf(server, 'M1002');
  const charge = {
    object: 'charge',
    id: 'ch_1',
    payment_intent: `pi_for_${first}`,
    metadata: {},
    amount_refunded: 999,
  };
  expect((await send('charge.refunded', charge)).outcome).toBe('taken back');
  expect((await send('charge.refunded', charge)).outcome).toBe('ignored');
  expect(await balanceOf(server, 'M1002')).toBe(before - 1000);
  expect((await member.call<OrderInfo>(PaymentApi.order, { order_id: first })).state).toBe('refunded');

  // He spends all but 3 credits, then the 50-credit order is disputed: 3 are taken, he is flagged.
  const second = await pay('credits_50');
  const balance = await balanceOf(server, 'M1002');
  await server.db.transaction((tx) =>
    ledgerRepository(tx).move({
      userId: 'M1002',
      delta: -(balance - 300),
      reason: 'test_spend',
      ref: 'test',
      payee: null,
      key: `test-spend:${second}`,
    }),
  );
  const dispute = {
    object: 'dispute',
    id: 'dp_1',
    payment_intent: `pi_for_${second}`,
    metadata: {},
    amount: 4299,
  };
  expect((await send('charge.dispute.created', dispute)).outcome).toBe('taken back');
  expect(await balanceOf(server, 'M1002')).toBe(0);
  expect(await orderRow(server, second)).toMatchObject({
    state: 'refunded',
    disputed: true,
    flagged: true,
    shortfall: 4700,
  });
  // The refund that follows the dispute takes nothing more: the balance stays at zero.
  const refund = {
    object: 'charge',
    id: 'ch_2',
    payment_intent: `pi_for_${second}`,
    metadata: {},
    amount_refunded: 4299,
  };
  expect((await send('charge.refunded', refund)).outcome).toBe('ignored');
  expect(await balanceOf(server, 'M1002')).toBe(0);

  // At zero already: nothing can be taken, the whole order is the shortfall.
  const third = await pay('credits_10');
  await server.db.transaction((tx) =>
    ledgerRepository(tx).move({
      userId: 'M1002',
      delta: -1000,
      reason: 'test_spend',
      ref: 'test',
      payee: null,
      key: `test-spend:${third}`,
    }),
  );
  const refundAll = {
    object: 'charge',
    id: 'ch_3',
    payment_intent: null,
    metadata: { order_id: third },
    amount_refunded: 999,
  };
  await send('charge.refunded', refundAll);
  expect(await balanceOf(server, 'M1002')).toBe(0);
  expect(await orderRow(server, third)).toMatchObject({ state: 'refunded', flagged: true, shortfall: 1000 });
  const takeBacks = await server.db.query(
    'SELECT delta FROM ledger WHERE ref = ANY($1) AND delta < 0 ORDER BY id',
    [[first, second, third]],
  );
  expect(takeBacks.map((r) => Number(r.delta))).toEqual([-1000, -300]);
});
