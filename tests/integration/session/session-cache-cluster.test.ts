/**
 * Each process keeps the sessions it looked up in memory (server/features/session/session-cache.ts). Two
 * servers on one PostgreSQL and one Redis: a session that server B has in its cache stops working
 * on B as soon as the news of a logout (or a login elsewhere) made on A reaches B over the bus,
 * without waiting for the cache's 5 s bound. Always PostgreSQL and Redis, as cluster.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { KICKOFF_CHANNEL, SESSION_ENDED_CHANNEL } from '../../../server/realtime/deliver';
import { SESSION_ENDED_CLOSE_CODE } from '../../../server/realtime/gateway';
import { startCluster, type TestCluster, type TestServer } from '../harness';

let cluster: TestCluster;
let serverA: TestServer;
let serverB: TestServer;

beforeAll(async () => {
  cluster = await startCluster();
  ({ a: serverA, b: serverB } = cluster);
});

afterAll(async () => {
  await cluster?.close();
});

/** Listens on server B's bus; the promise it gives resolves when B has heard the next message on
 * `channel` (B's session cache subscribed first, so it has dropped the session by then). */
async function listenOnB(channel: string): Promise<{ heard: Promise<void> }> {
  let heard: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const off = await serverB.bus.subscribe(channel, () => heard());
  // Wrapped: an async function returning a promise would wait for it.
  return { heard: arrived.then(() => off()) };
}

/** Clients on A or B with a given cookie (the same browser reaching either process). */
function onA(cookie: string) {
  const client = serverA.client();
  client.cookies.set(SESSION_COOKIE, cookie);
  return client;
}

/** A client on B with the same cookie as `client` (the same browser reaching the other process). */
function onB(cookie: string) {
  const client = serverB.client();
  client.cookies.set(SESSION_COOKIE, cookie);
  return client;
}

it('a logout on A ends the session on B as soon as the bus brings the news', async () => {
  const member = await serverA.loginAs('M1001');
  const cookie = member.cookies.get(SESSION_COOKIE) as string;
  const viaB = onB(cookie);
  // B looks the session up once and keeps it.
  expect((await viaB.form(Api.getAllMoney)).body.errno).toBe(0);
  expect((await viaB.form(Api.getAllMoney)).body.errno).toBe(0);

  const { heard } = await listenOnB(SESSION_ENDED_CHANNEL);
  expect((await member.form(Api.logout)).body.errno).toBe(0);
  await heard;
  expect((await viaB.form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  // And on A, at once.
  expect((await onA(cookie).form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
});

it('a login elsewhere ends the old session on B too', async () => {
  const first = await serverA.loginAs('M1002');
  const cookie = first.cookies.get(SESSION_COOKIE) as string;
  const viaB = onB(cookie);
  expect((await viaB.form(Api.getAllMoney)).body.errno).toBe(0);

  const { heard } = await listenOnB(KICKOFF_CHANNEL);
  const second = await serverA.loginAs('M1002');
  await heard;
  expect((await viaB.form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  // The new session works on both.
  expect((await second.form(Api.getAllMoney)).body.errno).toBe(0);
  expect((await onB(second.cookies.get(SESSION_COOKIE) as string).form(Api.getAllMoney)).body.errno).toBe(0);
});

it("a logout on A closes the session's socket held by B and takes the member offline everywhere", async () => {
  const member = await serverA.loginAs('M1003');
  const socketOnB = await serverB.socketFor(onB(member.cookies.get(SESSION_COOKIE) as string));
  expect(await serverA.realtime.presence.isOnline('M1003')).toBe(true);
  await member.call(Api.logout);
  expect(await socketOnB.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  await expect.poll(() => serverA.realtime.presence.isOnline('M1003')).toBe(false);
});
