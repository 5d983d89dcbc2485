/**
 * The notification centre and the invitations' manners through the real server (PGlite): the
 * centre lists an invitation, read marks reach his other sockets and a later session; do not
 * disturb for an hour is stored per member and silences the automatic engines (both of them)
 * while it lasts; the engines' shared cap holds an idle member to 3 a minute; bad input changes
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { LiveChatInviteEvent } from '../../../protocol/livechat/livechat-invites';
import { DND_MS, NoticeApi, NoticeEvent, type NoticeList } from '../../../protocol/notices/notices';
import { EventRoute, type InstantInviteAnswer, InviteApi } from '../../../protocol/realtime';
import type { AutoInviteConfig } from '../../../server/features/invitations/auto-invite/config';
import { type SocketMessage, startServer, type TestServer, type TestSocket } from '../harness';
import { ManualClock } from '../manual-clock';

/** Fast engines: idle 500 ms, a send every 200 ms in rounds of 5 (without a cap: 5 a second). */
const FAST: AutoInviteConfig = {
  enabled: true,
  seed: 3,
  idleMs: 500,
  spacingMinMs: 200,
  spacingMaxMs: 200,
  perSiteQuantity: [5],
  perSiteWaitMs: [200],
  usedListMax: 40,
  usedListResetMs: 3_600_000,
  sameAnchorMs: 3_600_000,
  // The member's cap at the spec's own minute.
  capSpeed: 1,
};
const AUTO_ROUTES: string[] = [
  EventRoute.autoInvitePublic,
  EventRoute.autoInvitePrivate,
  EventRoute.publicInvite,
  EventRoute.hangoutInvite,
  LiveChatInviteEvent.invite,
];

let server: TestServer;
const autoClock = new ManualClock();
const chatClock = new ManualClock();
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({
    config: { autoInvite: FAST, livechatInvite: FAST },
    autoInviteClock: autoClock,
    livechatInviteClock: chatClock,
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const track = (s: TestSocket) => {
  sockets.push(s);
  return s;
};

function autoInvites(socket: TestSocket) {
  const got: SocketMessage[] = [];
  socket.ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as SocketMessage;
    if (AUTO_ROUTES.includes(m.route) && m.req_data !== undefined) got.push(m);
  });
  return got;
}

/** Both engines' clocks move together, like the one wall clock. */
async function advance(ms: number, step = 100) {
  for (let t = 0; t < ms; t += step) {
    await autoClock.advance(step);
    await chatClock.advance(step);
  }
}

describe('the notification centre', () => {
  it('lists an invitation unread; reading it on one socket marks it on the other and in a later session', async () => {
    const lady = await server.loginAs('A2002');
    track(await server.socketFor(lady));
    const member = await server.loginAs('M1004');
    const phone = track(await server.socketFor(member, 'phone'));
    const laptop = track(await server.socketFor(member, 'laptop'));
    const { invite_id } = await lady.call<InstantInviteAnswer>(InviteApi.instantInviteUser, {
      user_id: 'M1004',
    });
    await phone.waitFor((m) => m.route === EventRoute.instantInvite);

    const before = await member.call<NoticeList>(NoticeApi.list);
    const entry = before.list.find((i) => i.key === `invite:${invite_id}`);
    expect(entry).toMatchObject({ kind: 'invite', detail: 'instant', anchor_id: 'A2002', read: 0 });
    expect(entry?.nick_name).not.toBe('');

    expect(await member.call(NoticeApi.read, { keys: `invite:${invite_id}` })).toEqual({
      keys: [`invite:${invite_id}`],
    });
    const pushed = await laptop.waitFor((m) => m.route === NoticeEvent.read);
    expect(pushed.req_data).toEqual({ keys: [`invite:${invite_id}`] });

    // A later session (another device signs in): read there too, once.
    const later = await server.loginAs('M1004');
    const after = await later.call<NoticeList>(NoticeApi.list);
    expect(after.list.find((i) => i.key === `invite:${invite_id}`)?.read).toBe(1);
    // Marking it again changes nothing.
    await later.call(NoticeApi.read, { keys: `invite:${invite_id}` });
    const rows = await server.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM notice_reads WHERE userid = 'M1004'",
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('refuses bad input with a clear errno and stores nothing', async () => {
    const member = await server.loginAs('M1005');
    for (const keys of [
      '',
      'no key',
      'invite:<script>',
      Array.from({ length: 101 }, (_, i) => `mail:${i}`).join(','),
    ]) {
      const answer = await member.form(NoticeApi.read, { keys });
      expect(answer.status).toBe(200);
      expect(answer.body.errno).toBe(Errno.INVALID_PARAMS);
    }
    const quiet = await member.form(NoticeApi.quiet, { minutes: 30 });
    expect(quiet.body.errno).toBe(Errno.INVALID_PARAMS);
    const stored = await server.db.query("SELECT * FROM notice_reads WHERE userid = 'M1005'");
    expect(stored).toHaveLength(0);
    // A broadcaster has no centre of a member's.
    const lady = await server.loginAs('A2003');
    expect((await lady.form(NoticeApi.list)).body.errno).not.toBe(0);
  });
});

describe('the automatic invitations honour the member', () => {
  it('an idle member gets at most 3 a minute from both engines together', async () => {
    const member = await server.loginAs('M1001');
    const socket = track(await server.socketFor(member));
    const got = autoInvites(socket);
    await expect.poll(() => server.autoInvite.watching().includes('M1001')).toBe(true);
    await advance(60_000, 200);
    // Without the cap the two engines would have sent hundreds.
    await expect.poll(() => got.length).toBe(3);
    socket.close();
  });

  it('do not disturb for an hour: stored per member, told to his sockets, and the engines send nothing', async () => {
    const member = await server.loginAs('M1003');
    const socket = track(await server.socketFor(member));
    const got = autoInvites(socket);
    await expect.poll(() => server.autoInvite.watching().includes('M1003')).toBe(true);
    const started = Date.now();
    const { quiet_until } = await member.call<{ quiet_until: number }>(NoticeApi.quiet, { minutes: 60 });
    expect(quiet_until * 1000).toBeGreaterThanOrEqual(Math.floor((started + DND_MS) / 1000) * 1000 - 1000);
    const told = await socket.waitFor((m) => m.route === NoticeEvent.quiet);
    expect(told.req_data).toEqual({ quiet_until });
    expect((await member.call<NoticeList>(NoticeApi.list)).quiet_until).toBe(quiet_until);

    await advance(5_000, 200);
    expect(got).toHaveLength(0);

    // Back on: the engines resume.
    await member.call(NoticeApi.quiet, { minutes: 0 });
    expect((await member.call<NoticeList>(NoticeApi.list)).quiet_until).toBe(0);
    await advance(3_000, 200);
    await expect.poll(() => got.length).toBeGreaterThan(0);
    socket.close();
  });
});
