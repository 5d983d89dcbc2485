/**
 * Refunds and disputes that come in parts, over signed webhooks of the test provider: each event
 * takes back the difference between what the refunds so far pay back (rounded down, in his
 * favour) and what was taken already, a dispute takes whatever is left, a replayed or older event
 * takes nothing, and what he spent is written down once. Credits and chat minutes alike.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CreateOrderAnswer, type OrderInfo, PaymentApi } from '../../../protocol/payments/payments';
import { chatminLedgerRepository } from '../../../server/features/money/chatmin-ledger-repository';
import { ledgerRepository } from '../../../server/features/money/ledger-repository';
import {
  eventBody,
  sessionObject,
  signBody,
  testWebhookSecret,
} from '../../../server/providers/payments/test-provider';
import { type Client, startServer, type TestServer } from '../harness';
import { balanceOf, orderRow, postWebhook } from './payments-support';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** One signed event body, so it can be delivered again as it was. */
async function signed(type: Parameters<typeof eventBody>[0], object: Record<string, unknown>) {
  const body = eventBody(type, object);
  return { body, signature: signBody(body, await testWebhookSecret(server.db)) };
}
const deliver = async (event: { body: string; signature: string }) =>
  (await postWebhook(server.url, event.body, event.signature)).outcome;

async function pay(member: Client, pack_id: string): Promise<string> {
  const { order } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id });
  const paid = await signed(
    'checkout.session.completed',
    sessionObject(await orderRow(server, order.order_id), true),
  );
  expect(await deliver(paid)).toBe('granted');
  return order.order_id;
}

const refund = (orderId: string, amount_refunded: number) =>
  signed('charge.refunded', {
    object: 'charge',
    id: `ch_${orderId}`,
    payment_intent: `pi_for_${orderId}`,
    metadata: { order_id: orderId },
    amount_refunded,
  });
const dispute = (orderId: string, amount: number) =>
  signed('charge.dispute.created', {
    object: 'dispute',
    id: `dp_${orderId}`,
    payment_intent: `pi_for_${orderId}`,
    metadata: {},
    amount,
  });

const takeBacks = async (table: 'ledger' | 'chatmin_ledger', orderId: string) =>
  (
    await server.db.query<{ delta: unknown }>(
      `SELECT delta FROM ${table} WHERE ref = $1 AND delta < 0 ORDER BY id`,
      [orderId],
    )
  ).map((r) => Number(r.delta));

it('a partial refund takes its share back, the full refund after it the rest; replays take nothing', async () => {
  const member = await server.loginAs('M1002');
  const orderId = await pay(member, 'credits_10');
  const before = await balanceOf(server, 'M1002');

  // $3.00 of $9.99: 3.003 credits, rounded down to 3.00.
  const part = await refund(orderId, 300);
  expect(await deliver(part)).toBe('taken back');
  expect(await balanceOf(server, 'M1002')).toBe(before - 300);
  expect((await member.call<OrderInfo>(PaymentApi.order, { order_id: orderId })).state).toBe('refunded');
  expect(await deliver(part)).toBe('ignored');
  // Another event saying the same total so far takes nothing either.
  expect(await deliver(await refund(orderId, 300))).toBe('ignored');

  const full = await refund(orderId, 999);
  expect(await deliver(full)).toBe('taken back');
  expect(await balanceOf(server, 'M1002')).toBe(before - 1000);
  // The full refund again, and the partial one arriving late: nothing more.
  expect(await deliver(full)).toBe('ignored');
  expect(await deliver(part)).toBe('ignored');
  expect(await balanceOf(server, 'M1002')).toBe(before - 1000);
  expect(await takeBacks('ledger', orderId)).toEqual([-300, -700]);
  expect(await orderRow(server, orderId)).toMatchObject({
    state: 'refunded',
    refundedCents: 999,
    flagged: false,
    shortfall: 0,
  });
});

it('a dispute after a partial refund takes back whatever was not taken yet', async () => {
  const member = await server.loginAs('M1003');
  const orderId = await pay(member, 'credits_25');
  const before = await balanceOf(server, 'M1003');

  // $10.00 of $22.99 buys back 10.8743… credits: 10.87 are taken.
  expect(await deliver(await refund(orderId, 1000))).toBe('taken back');
  expect(await balanceOf(server, 'M1003')).toBe(before - 1087);
  // Stripe disputes what is left of the charge; the dispute takes every credit still there.
  const disputed = await dispute(orderId, 1299);
  expect(await deliver(disputed)).toBe('taken back');
  expect(await balanceOf(server, 'M1003')).toBe(before - 2500);
  expect(await deliver(disputed)).toBe('ignored');
  expect(await deliver(await refund(orderId, 2299))).toBe('ignored');
  expect(await balanceOf(server, 'M1003')).toBe(before - 2500);
  expect(await takeBacks('ledger', orderId)).toEqual([-1087, -1413]);
  expect(await orderRow(server, orderId)).toMatchObject({ state: 'refunded', disputed: true, shortfall: 0 });
});

it('what he spent is written down once: a later refund takes only its own difference', async () => {
  const member = await server.loginAs('M1004');
  const first = await pay(member, 'credits_10');
  // He spends all but 2 credits.
  const balance = await balanceOf(server, 'M1004');
  await server.db.transaction((tx) =>
    ledgerRepository(tx).move({
      userId: 'M1004',
      delta: -(balance - 200),
      reason: 'test_spend',
      ref: 'test',
      payee: null,
      key: `test-spend:${first}`,
    }),
  );
  // Half refunded: 5 credits wanted, 2 there. 2 are taken, 3 written down, he is flagged.
  expect(await deliver(await refund(first, 500))).toBe('taken back');
  expect(await balanceOf(server, 'M1004')).toBe(0);
  expect(await orderRow(server, first)).toMatchObject({ flagged: true, shortfall: 300 });

  // He buys 10 more; then the rest of the first order is refunded: its other 5 credits go, no more.
  await pay(member, 'credits_10');
  expect(await deliver(await refund(first, 999))).toBe('taken back');
  expect(await balanceOf(server, 'M1004')).toBe(500);
  expect(await orderRow(server, first)).toMatchObject({ flagged: true, shortfall: 300 });
  // A dispute after it finds nothing left to take.
  expect(await deliver(await dispute(first, 999))).toBe('ignored');
  expect(await balanceOf(server, 'M1004')).toBe(500);
  expect(await takeBacks('ledger', first)).toEqual([-200, -500]);
});

it('chat minutes follow the same rule on their own ledger, rounded down to whole minutes', async () => {
  const member = await server.loginAs('M1005');
  const orderId = await pay(member, 'chatmin_60');
  const minutes = async () => {
    const [row] = await server.db.query<{ chatmin: unknown }>(
      "SELECT chatmin FROM members WHERE userid = 'M1005'",
    );
    return Number(row?.chatmin);
  };
  const before = await minutes();
  const credit = await balanceOf(server, 'M1005');

  // 10 cents of $17.99 is a third of a minute: nothing is taken yet, but it counts.
  expect(await deliver(await refund(orderId, 10))).toBe('ignored');
  expect(await minutes()).toBe(before);
  // $10.00 so far buys back 33.35 minutes: 33 go.
  expect(await deliver(await refund(orderId, 1000))).toBe('taken back');
  expect(await minutes()).toBe(before - 33);
  // He chats away all but 20 of the rest; the dispute takes those 20, and 7 are written down.
  await server.db.transaction((tx) =>
    chatminLedgerRepository(tx).move({
      userId: 'M1005',
      delta: -(before - 33 - 20),
      reason: 'live_chat',
      ref: 'test',
      key: `test-chat:${orderId}`,
    }),
  );
  expect(await deliver(await dispute(orderId, 799))).toBe('taken back');
  expect(await minutes()).toBe(0);
  expect(await orderRow(server, orderId)).toMatchObject({
    state: 'refunded',
    disputed: true,
    flagged: true,
    shortfall: 7,
  });
  expect(await deliver(await refund(orderId, 1799))).toBe('ignored');
  expect(await takeBacks('chatmin_ledger', orderId)).toEqual([-33, -20]);
  expect(await takeBacks('ledger', orderId)).toEqual([]);
  expect(await balanceOf(server, 'M1005')).toBe(credit);
  const [below] = await server.db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM chatmin_ledger WHERE balance_after < 0',
  );
  expect(Number(below?.n)).toBe(0);
});
