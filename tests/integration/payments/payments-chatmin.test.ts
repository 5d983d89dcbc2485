/**
 * Chat-minute packages for paid members, bought through the same checkout as credits: listed and
 * sold to paid members only, granted once through the chat-minute ledger when the signed webhook
 * says paid (his tabs hear imShare/chatminNotice, his chat-minute history shows the purchase), and
 * taken back by a refund or dispute, never below zero.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChatminHistoryAnswer, HistoryApi } from '../../../protocol/histories/histories';
import {
  type CreateOrderAnswer,
  type CreditPack,
  type OrderInfo,
  PaymentApi,
  PaymentErrno,
  PaymentText,
} from '../../../protocol/payments/payments';
import { EventRoute } from '../../../protocol/realtime';
import { chatminLedgerRepository } from '../../../server/features/money/chatmin-ledger-repository';
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

async function chatminOf(userid: string): Promise<number> {
  const [row] = await server.db.query<{ chatmin: unknown }>('SELECT chatmin FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.chatmin);
}

const packsFor = async (member: Client) => (await member.call<{ list: CreditPack[] }>(PaymentApi.packs)).list;

async function send(type: Parameters<typeof eventBody>[0], object: Record<string, unknown>) {
  const body = eventBody(type, object);
  return postWebhook(server.url, body, signBody(body, await testWebhookSecret(server.db)));
}

it('lists chat-minute packs to paid members only, and sells them to paid members only', async () => {
  const chatminPacks = (list: CreditPack[]) =>
    list.filter((p) => p.kind === 'chatmin').map((p) => [p.pack_id, p.minutes, p.price_cents, p.save_desc]);
  const paid = await server.loginAs('M1001');
  expect(chatminPacks(await packsFor(paid))).toEqual([
    ['chatmin_30', 30, 999, ''],
    ['chatmin_60', 60, 1799, 'Save 10%'],
    ['chatmin_120', 120, 3299, 'Save 17%'],
  ]);
  const free = await server.loginAs('M1002');
  const freeList = await packsFor(free);
  expect(chatminPacks(freeList)).toEqual([]);
  expect(freeList.every((p) => p.kind === 'credits' && p.minutes === 0)).toBe(true);
  expect(chatminPacks(await packsFor(server.client()))).toEqual([]);

  const refused = await free.form(PaymentApi.createOrder, { pack_id: 'chatmin_60' });
  expect(refused.body).toMatchObject({
    errno: PaymentErrno.PAID_MEMBERS_ONLY,
    errmsg: PaymentText.paidMembersOnly,
  });
  const [count] = await server.db.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM orders WHERE member_id = 'M1002'",
  );
  expect(Number(count?.n)).toBe(0);
  // A credit pack is still his to buy.
  expect(
    (await free.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: 'credits_10' })).order,
  ).toMatchObject({ kind: 'credits', credits: 10, minutes: 0 });
});

it('a paid member buys 60 chat minutes at the checkout: granted once, his tabs hear it, his history shows it', async () => {
  const member = await server.loginAs('M1001');
  const socket = await server.socketFor(member);
  sockets.push(socket);
  const minutesBefore = await chatminOf('M1001');
  const creditBefore = await balanceOf(server, 'M1001');
  const { order: made, checkout_url } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, {
    pack_id: 'chatmin_60',
  });
  expect(made).toMatchObject({
    kind: 'chatmin',
    minutes: 60,
    credits: 0,
    price_cents: 1799,
    state: 'created',
  });
  const html = await (await fetch(`${server.url}${checkout_url}`)).text();
  expect(html).toContain('60 chat minutes');
  expect(html).toContain('$17.99 USD');

  const done = await checkout(server, checkout_url, { card: '4242 4242 4242 4242' });
  expect(done.status).toBe(303);
  expect(done.headers.get('location')).toContain('payment=success');
  expect(await chatminOf('M1001')).toBe(minutesBefore + 60);
  expect(await balanceOf(server, 'M1001')).toBe(creditBefore);
  const notice = await socket.waitFor((m) => m.route === EventRoute.chatmin);
  expect(notice.req_data).toEqual({ chatmin: minutesBefore + 60 });
  expect(await member.call<OrderInfo>(PaymentApi.order, { order_id: made.order_id })).toMatchObject({
    state: 'paid',
    kind: 'chatmin',
    minutes: 60,
  });

  // 20 deliveries of the same signed event at once: none grants again.
  const row = await orderRow(server, made.order_id);
  const body = eventBody('checkout.session.completed', sessionObject(row, true));
  const signature = signBody(body, await testWebhookSecret(server.db));
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => postWebhook(server.url, body, signature)),
  );
  expect(answers.every((a) => a.status === 200 && a.outcome === 'ignored')).toBe(true);
  expect(await chatminOf('M1001')).toBe(minutesBefore + 60);
  expect(
    await server.db.query('SELECT idem_key FROM chatmin_ledger WHERE ref = $1', [made.order_id]),
  ).toEqual([{ idem_key: `order:${made.order_id}` }]);
  expect(await server.db.query('SELECT id FROM ledger WHERE ref = $1', [made.order_id])).toEqual([]);

  const { list } = await member.call<ChatminHistoryAnswer>(HistoryApi.chatmin, { start: 0, step: 20 });
  expect(list[0]).toMatchObject({
    reason: 'chatmin_purchase',
    ref: made.order_id,
    minutes: 60,
    balance: minutesBefore + 60,
  });
});

it('20 concurrent first deliveries of a chat-minute order grant once', async () => {
  const member = await server.loginAs('M1003');
  const before = await chatminOf('M1003');
  const { order: made } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, {
    pack_id: 'chatmin_120',
  });
  const body = eventBody(
    'checkout.session.completed',
    sessionObject(await orderRow(server, made.order_id), true),
  );
  const signature = signBody(body, await testWebhookSecret(server.db));
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => postWebhook(server.url, body, signature)),
  );
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(answers.filter((a) => a.outcome === 'granted')).toHaveLength(1);
  expect(await chatminOf('M1003')).toBe(before + 120);
});

it('a refund takes the minutes back; more than he holds takes what is there and flags him', async () => {
  const member = await server.loginAs('M1005');
  const pay = async (pack_id: string) => {
    const { order: made } = await member.call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id });
    const row = await orderRow(server, made.order_id);
    expect((await send('checkout.session.completed', sessionObject(row, true))).outcome).toBe('granted');
    return made.order_id;
  };

  // A full refund: the 30 minutes go; the same refund again takes nothing.
  const first = await pay('chatmin_30');
  const before = await chatminOf('M1005');
  const charge = { object: 'charge', id: 'ch_c1', payment_intent: `pi_for_${first}`, metadata: {} };
  expect((await send('charge.refunded', { ...charge, amount_refunded: 999 })).outcome).toBe('taken back');
  expect((await send('charge.refunded', { ...charge, amount_refunded: 999 })).outcome).toBe('ignored');
  expect(await chatminOf('M1005')).toBe(before - 30);
  expect(await orderRow(server, first)).toMatchObject({ state: 'refunded', flagged: false, shortfall: 0 });

  // He chats away all but 10 minutes, then the 60-minute order is disputed: 10 go, he is flagged.
  const second = await pay('chatmin_60');
  const held = await chatminOf('M1005');
  await server.db.transaction((tx) =>
    chatminLedgerRepository(tx).move({
      userId: 'M1005',
      delta: -(held - 10),
      reason: 'live_chat',
      ref: 'test',
      key: `test-chat:${second}`,
    }),
  );
  const dispute = {
    object: 'dispute',
    id: 'dp_c1',
    payment_intent: `pi_for_${second}`,
    metadata: {},
    amount: 1799,
  };
  expect((await send('charge.dispute.created', dispute)).outcome).toBe('taken back');
  expect(await chatminOf('M1005')).toBe(0);
  expect(await orderRow(server, second)).toMatchObject({
    state: 'refunded',
    disputed: true,
    flagged: true,
    shortfall: 50,
  });
  const takeBacks = await server.db.query(
    'SELECT delta, reason FROM chatmin_ledger WHERE ref = ANY($1) AND delta < 0 ORDER BY id',
    [[first, second]],
  );
  expect(takeBacks.map((r) => [Number(r.delta), r.reason])).toEqual([
    [-30, 'chatmin_takeback'],
    [-10, 'chatmin_takeback'],
  ]);
  const [count] = await server.db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM chatmin_ledger WHERE balance_after < 0',
  );
  expect(Number(count?.n)).toBe(0);
});
