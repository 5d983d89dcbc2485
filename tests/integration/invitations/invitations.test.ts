/**
 * Instant invitations end to end on one process: a broadcaster invites, the member's socket gets
 * the notice within a second, answers is_show 1, and the report reaches her socket; an invitation
 * to a member who is away is recorded and listed in his recent invites; the broadcaster workspace
 * lists the members online now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import {
  type AnchorReport,
  EventRoute,
  INSTANT_INVITE_LIFETIME_S,
  type InstantInviteAnswer,
  type InstantInviteNotice,
  InviteApi,
  type OnlineMembersData,
  type RecentInvitesData,
  RequestRoute,
} from '../../../protocol/realtime';
import { SocketRoute } from '../../../protocol/socket';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
let lady: Client;
let ladySocket: TestSocket;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer();
  lady = await server.loginAs('A2001');
  ladySocket = await server.socketFor(lady);
  sockets.push(ladySocket);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const isEvent = (route: string) => (m: { route: string; req_data?: unknown }) =>
  m.route === route && m.req_data !== undefined;
const reportOf = (m: { route: string; req_data?: unknown }, inviteId: string) =>
  isEvent(EventRoute.anchorReport)(m) && (m.req_data as AnchorReport).invite_id === inviteId;

describe('instant invitation', () => {
  it('reaches the member socket within a second, and his is_show answer reports back to her', async () => {
    const member = await server.loginAs('M1001');
    const socket = await server.socketFor(member);
    sockets.push(socket);
    const started = Date.now();
    const { invite_id } = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, {
      user_id: 'M1001',
    });
    expect(invite_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const event = await socket.waitFor(isEvent(EventRoute.instantInvite), 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const notice = event.req_data as InstantInviteNotice;
    expect(notice).toMatchObject({
      invite_id,
      anchor_id: 'A2001',
      nick_name: expect.any(String),
      nickname: notice.nick_name,
      photourl: '/media/portrait/A2001.svg',
      anchor_type: 1,
      left_seconds: INSTANT_INVITE_LIFETIME_S,
      is_auto: 0,
      robot: 0,
      is_featured: 0,
      weights: expect.any(Number),
    });
    expect(notice.invMsg).toContain(notice.nick_name);

    socket.answer(event, { is_show: 1 });
    const report = await ladySocket.waitFor(
      (m) => isEvent(EventRoute.anchorReport)(m) && (m.req_data as AnchorReport).invite_id === invite_id,
    );
    expect(report.req_data).toEqual({ invite_id, user_id: 'M1001', nickname: 'James', is_show: 1 });

    // A second answer (another browser) reports nothing more.
    socket.answer(event, { is_show: 1 });
    await new Promise((r) => setTimeout(r, 200));
    expect(
      ladySocket
        .events(EventRoute.anchorReport)
        .filter((m) => (m.req_data as AnchorReport).invite_id === invite_id),
    ).toHaveLength(1);
    socket.close();
  });

  it('the member may report it with imLady/instantInviteAnchorReport instead', async () => {
    const member = await server.loginAs('M1003');
    const socket = await server.socketFor(member);
    sockets.push(socket);
    const { invite_id } = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, {
      user_id: 'M1003',
    });
    await socket.waitFor(isEvent(EventRoute.instantInvite));
    const answer = await socket.request(RequestRoute.anchorReport, { invite_id });
    expect(answer).toMatchObject({ errno: 0, res_data: { invite_id } });
    const report = await ladySocket.waitFor(
      (m) => isEvent(EventRoute.anchorReport)(m) && (m.req_data as AnchorReport).invite_id === invite_id,
    );
    expect(report.req_data).toMatchObject({ user_id: 'M1003', nickname: 'Michael', is_show: 1 });
    // Not his invitation, unknown, or malformed: refused.
    expect((await socket.request(RequestRoute.anchorReport, { invite_id: 'nope' })).errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await socket.request(RequestRoute.anchorReport, {})).errno).toBe(Errno.INVALID_PARAMS);
    // A broadcaster's socket may not report.
    expect((await ladySocket.request(RequestRoute.anchorReport, { invite_id })).errno).toBe(Errno.FORBIDDEN);
    socket.close();
  });

  it('reaches his socket here before its row is stored, and an answer meanwhile waits for the row', async () => {
    const member = await server.loginAs('M1002');
    const socket = await server.socketFor(member);
    sockets.push(socket);
    // One invitation first, so the session and the broadcaster are cached: nothing else on the
    // way to the insert reads the database.
    const first = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, { user_id: 'M1002' });
    await socket.waitFor(isEvent(EventRoute.instantInvite));
    // His member row locked by another transaction: the insert (its foreign key check) waits for
    // it on PostgreSQL, everything waits for it on PGlite (one connection); the UPDATE that marks
    // an invitation shown does not touch members, so on PostgreSQL it would not wait by itself.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = server.db.transaction(async (tx) => {
      await tx.query('SELECT userid FROM members WHERE userid = $1 FOR UPDATE', ['M1002']);
      locked();
      await released;
    });
    try {
      await isLocked;
      const call = lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, { user_id: 'M1002' });
      const event = await socket.waitFor(
        (m) =>
          isEvent(EventRoute.instantInvite)(m) &&
          (m.req_data as InstantInviteNotice).invite_id !== first.invite_id,
      );
      const { invite_id } = event.req_data as InstantInviteNotice;
      socket.answer(event, { is_show: 1 });
      await new Promise((r) => setTimeout(r, 150));
      expect(ladySocket.events(EventRoute.anchorReport).some((m) => reportOf(m, invite_id))).toBe(false);
      release();
      await holding;
      expect((await call).invite_id).toBe(invite_id);
      const report = await ladySocket.waitFor((m) => reportOf(m, invite_id));
      expect(report.req_data).toMatchObject({ user_id: 'M1002', is_show: 1 });
      const [row] = await server.db.query<{ status: string }>(
        'SELECT status FROM invitations WHERE invite_id = $1',
        [invite_id],
      );
      expect(row?.status).toBe('shown');
    } finally {
      release();
      await holding;
      socket.close();
    }
  });

  it('an invitation that cannot be stored is withdrawn from his socket; the broadcaster gets the error', async () => {
    const member = await server.loginAs('M1004');
    const socket = await server.socketFor(member);
    sockets.push(socket);
    // A database that refuses this member's invitations (as a full disk or a lost connection would).
    await server.db.query(
      `CREATE FUNCTION test_refuse_invitation() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await server.db.query(
      `CREATE TRIGGER test_refuse_invitation BEFORE INSERT ON invitations FOR EACH ROW
       WHEN (NEW.user_id = 'M1004') EXECUTE FUNCTION test_refuse_invitation()`,
    );
    try {
      const answer = await lady.form(InviteApi.instantInviteUser, { user_id: 'M1004' });
      expect(answer.body.errno).toBe(Errno.SERVER_ERROR);
      const notice = await socket.waitFor(isEvent(EventRoute.instantInvite));
      const withdrawn = await socket.waitFor(isEvent(EventRoute.instantInviteWithdrawn));
      const { invite_id } = notice.req_data as InstantInviteNotice;
      expect(withdrawn.req_data).toEqual({ invite_id });
      expect(socket.received.indexOf(withdrawn)).toBeGreaterThan(socket.received.indexOf(notice));
      const { list } = await member.call<RecentInvitesData>(InviteApi.recentInvites);
      expect(list.some((i) => i.data.invite_id === invite_id)).toBe(false);
    } finally {
      await server.db.query('DROP TRIGGER test_refuse_invitation ON invitations');
      await server.db.query('DROP FUNCTION test_refuse_invitation()');
      socket.close();
    }
    // Stored ones are never withdrawn.
    const socket2 = await server.socketFor(member);
    sockets.push(socket2);
    const { invite_id } = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, {
      user_id: 'M1004',
    });
    await socket2.waitFor(isEvent(EventRoute.instantInvite));
    await new Promise((r) => setTimeout(r, 100));
    expect(socket2.events(EventRoute.instantInviteWithdrawn)).toEqual([]);
    expect((await member.call<RecentInvitesData>(InviteApi.recentInvites)).list[0]?.data.invite_id).toBe(
      invite_id,
    );
    socket2.close();
  });

  it('an invitation to a member who is away is recorded and listed in his recent invites', async () => {
    const first = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, { user_id: 'M1005' });
    const second = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, { user_id: 'M1005' });
    const member = await server.loginAs('M1005');
    const { list } = await member.call<RecentInvitesData>(InviteApi.recentInvites);
    expect(list.map((i) => i.data.invite_id)).toEqual([second.invite_id, first.invite_id]);
    expect(list[0]).toMatchObject({
      type: 'askPrivate',
      data: { anchor_id: 'A2001', invite_id: second.invite_id, is_auto: 0 },
    });
    expect(list[0]?.data.left_seconds).toBeGreaterThan(INSTANT_INVITE_LIFETIME_S - 5);
    expect(list[0]?.data.left_seconds).toBeLessThanOrEqual(INSTANT_INVITE_LIFETIME_S);
    // The stored nickname for her report is ours; the list gives the notice as it was sent.
    expect(list[0]?.data).not.toHaveProperty('member_nickname');
    // Only his: another member's list does not hold them.
    const other = await server.loginAs('M1004');
    const others = await other.call<RecentInvitesData>(InviteApi.recentInvites);
    expect(others.list.some((i) => i.data.invite_id === first.invite_id)).toBe(false);
  });

  it('drops invitations past their lifetime from the recent list', async () => {
    const { invite_id } = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, {
      user_id: 'M1002',
    });
    await server.db.query(
      `UPDATE invitations SET expires_at = now() - interval '1 second' WHERE invite_id = $1`,
      [invite_id],
    );
    const member = await server.loginAs('M1002');
    const { list } = await member.call<RecentInvitesData>(InviteApi.recentInvites);
    expect(list.some((i) => i.data.invite_id === invite_id)).toBe(false);
  });

  it('refuses unknown ids, broadcaster ids, members calling it, and a missing user_id', async () => {
    for (const user_id of ['M9999', 'A2002']) {
      const answer = await lady.form(InviteApi.instantInviteUser, { user_id });
      expect(answer.body).toEqual({ errno: Errno.NOT_FOUND, errmsg: Messages.notFound, data: null });
    }
    const member = await server.loginAs('M1004');
    expect((await member.form(InviteApi.instantInviteUser, { user_id: 'M1001' })).body.errno).toBe(
      Errno.FORBIDDEN,
    );
    expect((await lady.form(InviteApi.instantInviteUser, {})).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await lady.form(InviteApi.recentInvites)).body.errno).toBe(Errno.FORBIDDEN);
    expect((await server.client().form(InviteApi.instantInviteUser, { user_id: 'M1001' })).body.errno).toBe(
      Errno.LOGIN_TIMEOUT,
    );
  });
});

describe('members online now', () => {
  it('lists connected members (not broadcasters) with their visibility, and drops them on disconnect', async () => {
    const member = await server.loginAs('M1004');
    const socket = await server.socketFor(member);
    const initial = await lady.call<OnlineMembersData>(InviteApi.onlineMembers);
    expect(initial.list).toContainEqual({
      userid: 'M1004',
      nickname: 'Robert',
      photourl: '/media/portrait/M1004.svg',
      visible: 1,
    });
    expect(initial.list.some((m) => m.userid.startsWith('A'))).toBe(false);
    await socket.request(SocketRoute.visibility, { visible: 0 });
    const hidden = await lady.call<OnlineMembersData>(InviteApi.onlineMembers);
    expect(hidden.list.find((m) => m.userid === 'M1004')?.visible).toBe(0);
    socket.close();
    await socket.closed;
    await expect
      .poll(async () =>
        (await lady.call<OnlineMembersData>(InviteApi.onlineMembers)).list.some((m) => m.userid === 'M1004'),
      )
      .toBe(false);
    expect((await member.form(InviteApi.onlineMembers)).body.errno).toBe(Errno.FORBIDDEN);
  });
});
