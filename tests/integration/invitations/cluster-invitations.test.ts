/**
 * Invitations across processes (PostgreSQL + Redis, as in scale-out): an invitation sent through
 * server A reaches a member connected to server B and his report reaches the broadcaster on A; a
 * login on A kicks the member's old socket on B off; the broadcaster on A lists members online on B;
 * a member's request sent through B reaches the broadcaster's socket on A.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import {
  type AnchorReport,
  type BookingRequestAnswer,
  EventRoute,
  type InstantInviteAnswer,
  InviteApi,
  type OnlineMembersData,
} from '../../../protocol/realtime';
import { KICKOFF_CLOSE_CODE } from '../../../server/realtime/gateway';
import { startCluster, type TestCluster, type TestServer, type TestSocket } from '../harness';

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

const track = (s: TestSocket) => {
  sockets.push(s);
  return s;
};

it('runs on PostgreSQL and Redis', () => {
  expect(serverA.db.driver).toBe('postgres');
  expect(serverB.config.redisUrl).toMatch(/^redis/);
});

it('an invitation sent through A reaches the member on B, and his report reaches her socket on A', async () => {
  const lady = await serverA.loginAs('A2001');
  const ladySocket = track(await serverA.socketFor(lady));
  const member = await serverB.loginAs('M1001');
  const memberSocket = track(await serverB.socketFor(member));
  expect(serverA.realtime.gateway.localSockets('M1001')).toBe(0);

  const started = Date.now();
  const { invite_id } = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, {
    user_id: 'M1001',
  });
  const event = await memberSocket.waitFor(
    (m) => m.route === EventRoute.instantInvite && m.req_data !== undefined,
  );
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(event.req_data).toMatchObject({ invite_id, anchor_id: 'A2001' });

  memberSocket.answer(event, { is_show: 1 });
  const report = await ladySocket.waitFor((m) => m.route === EventRoute.anchorReport);
  expect(report.req_data).toEqual({
    invite_id,
    user_id: 'M1001',
    nickname: 'James',
    is_show: 1,
  } satisfies AnchorReport);
});

it('a member request sent through B reaches the broadcaster socket on A', async () => {
  const lady = await serverA.loginAs('A2003');
  const ladySocket = track(await serverA.socketFor(lady));
  const member = await serverB.loginAs('M1005');
  const answer = await member.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2003' });
  const event = await ladySocket.waitFor((m) => m.route === EventRoute.memberInstantRequest);
  expect(event.req_data).toMatchObject({
    userid: 'M1005',
    nickname: 'William',
    invitation_id: answer.invitation_id,
  });
});

it('a login on A kicks the old session socket on B off; its calls answer 10002 on both', async () => {
  const first = await serverB.loginAs('M1003');
  const old = track(await serverB.socketFor(first));
  const second = await serverA.loginAs('M1003');
  const kick = await old.waitFor((m) => m.route === EventRoute.kickoff, 2_000);
  expect(kick.req_data).toEqual({ msg: Messages.kickoff });
  expect(await old.closed).toBe(KICKOFF_CLOSE_CODE);
  expect((await first.form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  const onA = serverA.client();
  for (const [k, v] of first.cookies) onA.cookies.set(k, v);
  expect((await onA.form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  expect((await second.form(Api.getAllMoney)).body.errno).toBe(0);
});

it('the broadcaster on A lists members online on B, and not once they leave', async () => {
  const lady = await serverA.loginAs('A2004');
  const member = await serverB.loginAs('M1004');
  const socket = track(await serverB.socketFor(member));
  const { list } = await lady.call<OnlineMembersData>(InviteApi.onlineMembers);
  expect(list).toContainEqual({
    userid: 'M1004',
    nickname: 'Robert',
    photourl: '/media/portrait/M1004.svg',
    visible: 1,
  });
  expect(list.some((m) => m.userid.startsWith('A'))).toBe(false);
  socket.close();
  await socket.closed;
  await expect
    .poll(async () =>
      (await lady.call<OnlineMembersData>(InviteApi.onlineMembers)).list.some((m) => m.userid === 'M1004'),
    )
    .toBe(false);
});
