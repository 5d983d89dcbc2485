/**
 * Two servers on one PostgreSQL database and one Redis, as in scale-out: an event delivered from
 * server A reaches a socket logged in on server B, presence is shared, and so are the token secret
 * and the VAPID keys. PGlite cannot share a folder between processes, so this test always uses
 * PostgreSQL (DATABASE_URL, or the local one) with a fresh database, and Redis (REDIS_URL, or local).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MessageApi, type SendPrivateMessageAnswer } from '../../protocol/messages/messages';
import { Api } from '../../protocol/paths';
import { SafetyApi, SafetyErrno } from '../../protocol/safety/safety';
import { SocketRoute } from '../../protocol/socket';
import type { TokenData, VapidKeyData } from '../../protocol/types';
import { openRedis, quitRedis } from '../../server/bus/redis';
import { RedisPresence } from '../../server/realtime/presence';
import {
  DEFAULT_REDIS_URL,
  startCluster,
  type TestCluster,
  type TestServer,
  type TestSocket,
} from './harness';

let cluster: TestCluster;
let serverA: TestServer;
let serverB: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  ({ a: serverA, b: serverB } = cluster);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await cluster?.close();
});

it('runs on PostgreSQL and Redis', () => {
  expect(serverA.db.driver).toBe('postgres');
  expect(serverA.config.redisUrl).toMatch(/^redis/);
});

it('a session made on A is valid on B, and a token from A logs a socket in on B', async () => {
  const client = await serverA.loginAs('M1001');
  const onB = serverB.client();
  for (const [k, v] of client.cookies) onB.cookies.set(k, v);
  const token = (await onB.call<TokenData>(Api.getToken)).token;
  const fromA = (await client.call<TokenData>(Api.getToken)).token;
  const socket = await serverB.socket();
  sockets.push(socket);
  expect((await socket.request(SocketRoute.login, { token: fromA, page_name: 'x' })).errno).toBe(0);
  expect((await socket.request(SocketRoute.login, { token, page_name: 'x' })).errno).toBe(0);
});

it('an event delivered from server A reaches the socket logged in on server B', async () => {
  const client = await serverA.loginAs('M1002');
  const token = (await client.call<TokenData>(Api.getToken)).token;
  const socket = await serverB.socket();
  sockets.push(socket);
  expect((await socket.request(SocketRoute.login, { token, page_name: 'x' })).errno).toBe(0);
  expect(serverA.realtime.gateway.localSockets('M1002')).toBe(0);
  expect(serverB.realtime.gateway.localSockets('M1002')).toBe(1);

  await serverA.realtime.deliver('M1002', SocketRoute.creditNotice, { credit: 42.25 });
  const event = await socket.waitFor((m) => m.route === SocketRoute.creditNotice);
  expect(event.req_data).toEqual({ credit: 42.25 });
});

it('presence is visible across both servers', async () => {
  const lady = await serverB.loginAs('A2001');
  const token = (await lady.call<TokenData>(Api.getToken)).token;
  expect(await serverA.realtime.presence.isOnline('A2001')).toBe(false);
  const socket = await serverB.socket();
  sockets.push(socket);
  await socket.request(SocketRoute.login, { token, page_name: 'x' });
  expect(await serverA.realtime.presence.isOnline('A2001')).toBe(true);
  expect(await serverA.realtime.presence.hasVisibleTab('A2001')).toBe(true);
  await socket.request(SocketRoute.visibility, { visible: 0 });
  expect(await serverA.realtime.presence.hasVisibleTab('A2001')).toBe(false);
  socket.close();
  await socket.closed;
  await expect.poll(() => serverA.realtime.presence.isOnline('A2001')).toBe(false);
});

it('both servers share one VAPID key', async () => {
  const key = async (server: TestServer) =>
    ((await (await server.client().get(Api.vapidPublicKey)).json()) as { data: VapidKeyData }).data.key;
  const [a, b] = await Promise.all([key(serverA), key(serverB)]);
  expect(a).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  expect(a).toBe(b);
});

it('a connection whose process died without saying so expires from presence', async () => {
  const redis = await openRedis(process.env.REDIS_URL || DEFAULT_REDIS_URL);
  try {
    const presence = new RedisPresence(redis, `glimmer_it_${randomBytes(6).toString('hex')}:`, 400);
    await presence.connect('M1005', 'crashed-conn');
    expect(await presence.isOnline('M1005')).toBe(true);
    expect(await presence.hasVisibleTab('M1005')).toBe(true);
    // Heartbeats keep it; then they stop, as when a process crashes.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await presence.touch('M1005', 'crashed-conn');
    }
    expect(await presence.isOnline('M1005')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await presence.isOnline('M1005')).toBe(false);
    expect(await presence.hasVisibleTab('M1005')).toBe(false);
  } finally {
    await quitRedis(redis);
  }
});

it('a block made on A holds at once for her and for him on B, and so does the unblock', async () => {
  const onA = await serverA.loginAs('M1005');
  // One session (a second sign-in would end the first), used on both servers.
  const onB = serverB.client();
  for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
  const her = await serverB.loginAs('A2024');
  const hisSend = async (content: string) =>
    (await onB.form(MessageApi.sendPrivateMessage, { to_id: 'A2024', content })).body.errno;
  // B has read his (empty) block set: it is in B's cache from here on.
  expect(await hisSend('Before the block')).toBe(0);
  await onA.call(SafetyApi.block, { anchor_id: 'A2024', block: 1 });
  await expect
    .poll(async () => await hisSend('During the block'), { timeout: 1_000 })
    .toBe(SafetyErrno.YOU_BLOCKED);
  const hers = await her.call<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
    to_id: 'M1005',
    content: 'Are you there?',
  });
  expect(hers.msg.msg_id).toBe(0);
  await onA.call(SafetyApi.block, { anchor_id: 'A2024', block: 0 });
  await expect.poll(async () => await hisSend('After the block'), { timeout: 1_000 }).toBe(0);
});
