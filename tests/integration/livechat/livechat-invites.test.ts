/**
 * The live-chat engine's invitations over the real server and sockets, its clock moved by hand
 * (ManualClock): an idle member receives invitations at the engine's spacing and rounds, with the
 * spec's fields; a broadcaster at her workspace invites first and as herself, the others as robots
 * (accepting a robot's answers -2); livechat_accept 0 stops them all; a blocked broadcaster's
 * invitations are ignored; showInvite answers the live invitation (the display check); she does
 * not invite the same member twice within 10 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { LiveChatApi, LiveChatCode, type LiveChatInvite } from '../../../protocol/livechat/livechat';
import {
  LiveChatInviteApi,
  LiveChatInviteErrno,
  LiveChatInviteEvent,
  type LiveChatInviteNotice,
} from '../../../protocol/livechat/livechat-invites';
import { RequestRoute } from '../../../protocol/realtime';
import type { AutoInviteConfig } from '../../../server/features/invitations/auto-invite/config';
import { type Client, type SocketMessage, startServer, type TestServer, type TestSocket } from '../harness';
import { ManualClock } from '../manual-clock';

const TIMINGS: AutoInviteConfig = {
  enabled: true,
  seed: 11,
  idleMs: 500,
  spacingMinMs: 200,
  spacingMaxMs: 300,
  perSiteQuantity: [3, 2],
  perSiteWaitMs: [1_200, 800],
  usedListMax: 40,
  usedListResetMs: 60_000,
  sameAnchorMs: 60_000,
};

let server: TestServer;
const clock = new ManualClock();
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startServer({ config: { livechatInvite: TIMINGS }, livechatInviteClock: clock });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

function recorder(socket: TestSocket) {
  const got: LiveChatInviteNotice[] = [];
  socket.ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as SocketMessage;
    if (message.route === LiveChatInviteEvent.invite && message.req_data !== undefined)
      got.push(message.req_data as LiveChatInviteNotice);
  });
  return got;
}

async function connect(
  userid: string,
): Promise<{ client: Client; socket: TestSocket; got: LiveChatInviteNotice[] }> {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  const got = recorder(socket);
  if (userid.startsWith('M'))
    await expect.poll(() => server.livechatInvite.watching().includes(userid)).toBe(true);
  return { client, socket, got };
}

const rowsOf = (userid: string) =>
  server.db.query<{ anchor_id: string; created_at: unknown; status: string; robot: boolean }>(
    'SELECT anchor_id, created_at, status, robot FROM livechat_invites WHERE user_id = $1 ORDER BY created_at',
    [userid],
  );
const timesOf = async (userid: string) =>
  (await rowsOf(userid)).map((r) => new Date(r.created_at as string).getTime());
const setAccept = (userid: string, on: boolean) =>
  server.db.query('UPDATE members SET livechat_accept = $2 WHERE userid = $1', [userid, on]);

describe('automatic invitations', () => {
  it('reach an idle member at the engine pace, a broadcaster at her workspace first, then robots', async () => {
    const lady = await connect('A2001');
    const { client: shown, socket, got } = await connect('M1001');
    const start = clock.now();
    await clock.advance(TIMINGS.idleMs - 1);
    expect(await timesOf('M1001')).toHaveLength(0);
    // Round 1 (3 at 200–300 ms), its 1.2 s wait, round 2 (2), its 0.8 s wait, round 1 again.
    await clock.advance(3_500);
    const times = await timesOf('M1001');
    expect(times.length).toBeGreaterThanOrEqual(6);
    expect(times[0]).toBe(start + TIMINGS.idleMs);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(gaps.slice(0, 2).every((g) => g >= 200 && g <= 300)).toBe(true);
    expect(gaps[2]).toBe(1_200);
    expect(gaps[3]).toBeGreaterThanOrEqual(200);
    expect(gaps[3]).toBeLessThanOrEqual(300);
    expect(gaps[4]).toBe(800);
    // Every broadcaster once (the used list and the 10 minutes).
    const anchors = (await rowsOf('M1001')).map((r) => r.anchor_id);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(server.livechatInvite.usedOf('M1001')).toEqual(anchors);

    await expect.poll(() => got.length).toBe(times.length);
    const [first, second] = got;
    // She is at her workspace: she invites first, as herself, for 45 s (not a contact).
    expect(first).toMatchObject({
      anchor_id: 'A2001',
      robot: 0,
      automaticInvite: 1,
      is_auto: 1,
      inviteType: 0,
      contact: 0,
      left_seconds: 45,
      response: 0,
      msgType: 0,
    });
    expect(first?.inviteId).toBe(first?.invite_id);
    expect(first?.msg.length).toBeGreaterThan(0);
    // M1001 holds a free chat ticket: free, no charge.
    expect(first).toMatchObject({ free: 1, charge: 0 });
    // The others have no workspace open: robots, shown for 60 s.
    expect(second).toMatchObject({ robot: 1, left_seconds: 60, automaticInvite: 1 });

    // showInvite is the display check: her live invitation.
    const answer = await shown.call<LiveChatInvite>(LiveChatApi.showInvite, { anchor_id: 'A2001' });
    expect(answer).toMatchObject({ inviteId: first?.inviteId, robot: 0, automaticInvite: 1 });
    // Accepting a robot's invitation while she is away answers -2.
    const robotAnswer = await shown.form(LiveChatApi.start, { anchor_id: second?.anchor_id ?? '' });
    expect(robotAnswer.body.errno).toBe(LiveChatCode.OFFLINE);

    // Activity starts the idle wait over.
    const before = (await timesOf('M1001')).length;
    expect((await socket.request(RequestRoute.activity)).errno).toBe(0);
    await clock.advance(TIMINGS.idleMs - 1);
    expect(await timesOf('M1001')).toHaveLength(before);
    socket.close();
    lady.socket.close();
  });

  it('livechat_accept 0 blocks every invitation, automatic and by hand', async () => {
    await setAccept('M1002', false);
    const lady = await connect('A2003');
    const { got } = await connect('M1002');
    await clock.advance(4_000);
    expect(await timesOf('M1002')).toHaveLength(0);
    const byHand = await lady.client.form(LiveChatInviteApi.invite, { user_id: 'M1002' });
    expect(byHand.body.errno).toBe(LiveChatInviteErrno.MEMBER_REFUSES);
    expect(got).toHaveLength(0);
    await setAccept('M1002', true);
  });

  it('refuses her hand invitation while she is shown offline (his Chat Now could not start it)', async () => {
    const lady = await connect('A2006');
    const { got } = await connect('M1004');
    await server.db.query(`UPDATE anchors SET state = 'offline' WHERE userid = 'A2006'`);
    const refused = await lady.client.form(LiveChatInviteApi.invite, { user_id: 'M1004' });
    expect(refused.body).toMatchObject({
      errno: LiveChatInviteErrno.ANCHOR_SHOWN_OFFLINE,
      errmsg: 'You are shown offline, so members cannot chat with you now.',
    });
    expect(got).toHaveLength(0);
    await server.db.query(`UPDATE anchors SET state = 'online' WHERE userid = 'A2006'`);
    expect((await lady.client.form(LiveChatInviteApi.invite, { user_id: 'M1004' })).body.errno).toBe(0);
  });
});

describe('invitations by hand and blocks', () => {
  it('ignores a blocked broadcaster, delivers the others once per 10 minutes', async () => {
    const { client: member, got } = await connect('M1003');
    const a4 = await connect('A2004');
    const a5 = await connect('A2005');
    expect(await member.call(LiveChatInviteApi.block, { anchor_id: 'A2004', block: 1 })).toEqual({
      anchor_id: 'A2004',
      block: 1,
    });
    const list = await member.call<{ list: { anchor_id: string }[] }>(LiveChatInviteApi.blockList);
    expect(list.list.map((b) => b.anchor_id)).toEqual(['A2004']);

    // Her invite answers as sent (the block is not revealed) but never reaches him.
    const blocked = await a4.client.call<{ inviteId: string }>(LiveChatInviteApi.invite, {
      user_id: 'M1003',
    });
    expect(blocked.inviteId).toMatch(/^LCI/);
    const invited = await a5.client.call<{ inviteId: string }>(LiveChatInviteApi.invite, {
      user_id: 'M1003',
      invite_type: 1,
    });
    await expect.poll(() => got.map((g) => g.anchor_id)).toContain('A2005');
    expect(got.map((g) => g.anchor_id)).not.toContain('A2004');
    expect(got.find((g) => g.anchor_id === 'A2005')).toMatchObject({
      inviteId: invited.inviteId,
      inviteType: 1,
      automaticInvite: 0,
      robot: 0,
    });
    const rows = await rowsOf('M1003');
    expect(rows.find((r) => r.anchor_id === 'A2004')?.status).toBe('ignored');

    // His display check never answers the ignored one.
    const check = await member.call<LiveChatInvite>(LiveChatApi.showInvite, { anchor_id: 'A2004' });
    expect(check.inviteId).not.toBe(blocked.inviteId);

    // Not the same broadcaster again within 10 minutes.
    const again = await a5.client.form(LiveChatInviteApi.invite, { user_id: 'M1003' });
    expect(again.body.errno).toBe(LiveChatInviteErrno.TOO_SOON);

    // The engine never picks the blocked broadcaster either.
    await clock.advance(5_000);
    expect((await rowsOf('M1003')).filter((r) => r.anchor_id === 'A2004')).toHaveLength(1);

    // Unblocked: off his list.
    await member.call(LiveChatInviteApi.block, { anchor_id: 'A2004', block: 0 });
    expect((await member.call<{ list: unknown[] }>(LiveChatInviteApi.blockList)).list).toHaveLength(0);
  });

  it('checks the caller and the input', async () => {
    const member = await server.loginAs('M1004');
    expect((await member.form(LiveChatInviteApi.invite, { user_id: 'M1003' })).body.errno).not.toBe(0);
    const lady = await server.loginAs('A2006');
    expect((await lady.form(LiveChatInviteApi.invite, { user_id: 'M1004', invite_type: 7 })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    // An offline member cannot be invited.
    expect((await lady.form(LiveChatInviteApi.invite, { user_id: 'M1005' })).body.errno).toBe(
      LiveChatInviteErrno.MEMBER_OFFLINE,
    );
    expect((await member.form(LiveChatInviteApi.block, { anchor_id: 'A9999' })).body.errno).not.toBe(0);
  });
});
