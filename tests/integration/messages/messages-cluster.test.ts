/**
 * Private messages in scale-out: two servers on one PostgreSQL database and one Redis. A member on
 * server A writes; the broadcaster's socket on server B hears it at once, her answer from B reaches
 * his socket on A, and a retried key sent to the other server still sends and charges once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MessageApi,
  PRIVATE_MESSAGE_NOTICE_ROUTE,
  type PrivateMessageNotice,
  type SendPrivateMessageAnswer,
} from '../../../protocol/messages/messages';
import { startCluster, type TestCluster, type TestSocket } from '../harness';

let cluster: TestCluster;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster({ robotReplies: { enabled: false, delayMs: 0 } });
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await cluster?.close();
});

const noticeFrom = (from: string, content: string) => (m: { route: string; req_data?: unknown }) =>
  m.route === PRIVATE_MESSAGE_NOTICE_ROUTE &&
  (m.req_data as PrivateMessageNotice).msg.from_id === from &&
  (m.req_data as PrivateMessageNotice).msg.content === content;

it('a message crosses servers both ways at once, and a retried key sends once', async () => {
  const { a, b } = cluster;
  const man = await a.loginAs('M1005');
  const lady = await b.loginAs('A2001');
  const manSocket = await a.socketFor(man);
  const ladySocket = await b.socketFor(lady);
  sockets.push(manSocket, ladySocket);

  await man.call(MessageApi.sendPrivateMessage, { to_id: 'A2001', content: 'Across the cluster' });
  await ladySocket.waitFor(noticeFrom('M1005', 'Across the cluster'));
  await lady.call(MessageApi.sendPrivateMessage, { to_id: 'M1005', content: 'Received on B' });
  await manSocket.waitFor(noticeFrom('A2001', 'Received on B'));

  // Past the free ones, the same key on both servers at once: one message, one charge.
  for (let i = 0; i < 2; i++)
    await man.call(MessageApi.sendPrivateMessage, { to_id: 'A2001', content: `free ${i}` });
  // The same session on server B (a second login would end the first one).
  const manOnB = b.client();
  for (const [name, value] of man.cookies) manOnB.cookies.set(name, value);
  const key = 'cluster-retry-key-1';
  const [one, two] = await Promise.all([
    man.call<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
      to_id: 'A2001',
      content: 'paid',
      msg_key: key,
    }),
    manOnB.call<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
      to_id: 'A2001',
      content: 'paid',
      msg_key: key,
    }),
  ]);
  expect(one.msg.msg_id).toBe(two.msg.msg_id);
  const rows = await a.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger WHERE user_id = 'M1005' AND reason = 'private_message'`,
  );
  expect(rows[0]?.n).toBe(1);
});
