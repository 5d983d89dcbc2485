/**
 * The automatic invitation engine on a clock the tests move by hand (ManualClock), so its timings
 * are checked exactly whatever the machine's load. Through the server's own engine and real
 * sockets: the idle wait (and activity restarting it), the random spacing, the rounds and their
 * waits, privileges gating what is sent, the display checks and the click logs. Through engines
 * built with their own timings on the same database: the same-anchor rule and the used list (reset
 * over its size and after its time).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  type AutoInviteNotice,
  EventRoute,
  HANGOUT_FRIENDS_MAX,
  type HangoutInviteNotice,
  InviteApi,
  type PublicInviteNotice,
  RequestRoute,
} from '../../../protocol/realtime';
import type { AutoInviteConfig } from '../../../server/features/invitations/auto-invite/config';
import { AutoInviteEngine } from '../../../server/features/invitations/auto-invite/engine';
import type { Notifier } from '../../../server/realtime/deliver';
import { createPrng } from '../../../server/seed/prng';
import { type Client, type SocketMessage, startServer, type TestServer, type TestSocket } from '../harness';
import { ManualClock } from '../manual-clock';

const TIMINGS: AutoInviteConfig = {
  enabled: true,
  seed: 7,
  idleMs: 500,
  spacingMinMs: 200,
  spacingMaxMs: 300,
  perSiteQuantity: [3, 2],
  perSiteWaitMs: [1_200, 800],
  usedListMax: 40,
  usedListResetMs: 60_000,
  sameAnchorMs: 60_000,
};
const AUTO_ROUTES: string[] = [
  EventRoute.autoInvitePublic,
  EventRoute.autoInvitePrivate,
  EventRoute.publicInvite,
  EventRoute.hangoutInvite,
];

let server: TestServer;
const clock = new ManualClock();
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startServer({ config: { autoInvite: TIMINGS }, autoInviteClock: clock });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const isAuto = (m: SocketMessage) => AUTO_ROUTES.includes(m.route) && m.req_data !== undefined;
const anchorOf = (m: SocketMessage) => (m.req_data as AutoInviteNotice).anchor_id;
const setPriv = (userid: string, patch: Record<string, number>) =>
  server.db.query('UPDATE members SET priv = priv || $2::jsonb WHERE userid = $1', [
    userid,
    JSON.stringify(patch),
  ]);

/** Collects the auto-invites a socket receives, in order. */
function recorder(socket: TestSocket) {
  const got: SocketMessage[] = [];
  socket.ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString()) as SocketMessage;
    if (isAuto(message)) got.push(message);
  });
  return got;
}

async function connect(
  userid: string,
): Promise<{ client: Client; socket: TestSocket; got: SocketMessage[] }> {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  // The engine starts timing him when his socket logs in.
  await expect.poll(() => server.autoInvite.watching().includes(userid)).toBe(true);
  return { client, socket, got: recorder(socket) };
}

/** The engine's send times (its clock), read back from what it recorded. */
async function sendTimes(userid: string): Promise<number[]> {
  const rows = await server.db.query<{ created_at: unknown }>(
    `SELECT created_at FROM invitations WHERE user_id = $1 AND kind IN ('auto_public', 'auto_private', 'public', 'hangout')
     ORDER BY created_at`,
    [userid],
  );
  return rows.map((r) => new Date(r.created_at as string | Date).getTime());
}

describe('the server engine, through sockets', () => {
  it('waits for idleness, then sends at random spacing in rounds with their waits', async () => {
    // Public and private only here (the display checks below read his auto_public invitations).
    await setPriv('M1001', { hangout: 0 });
    const { socket, got } = await connect('M1001');
    const connectedAt = clock.now();
    // Activity at 300 ms restarts the idle wait.
    await clock.advance(300);
    expect((await socket.request(RequestRoute.activity)).errno).toBe(0);
    const active = clock.now();
    await clock.advance(TIMINGS.idleMs - 1);
    expect(await sendTimes('M1001')).toHaveLength(0);
    // Round 1 (3), its wait, round 2 (2), its wait, round 1 again: at least 7 within 5 s.
    await clock.advance(5_000);
    // The clock waited for every send to be recorded and handed to the bus; arrival may lag (Redis).
    const times = await sendTimes('M1001');
    expect(times.length).toBeGreaterThanOrEqual(7);
    await expect.poll(() => got.length).toBe(times.length);
    const first = times[0] ?? 0;
    expect(first - active).toBe(TIMINGS.idleMs);
    expect(first - connectedAt).toBe(300 + TIMINGS.idleMs);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    const spaced = [TIMINGS.spacingMinMs, TIMINGS.spacingMaxMs] as const;
    const expected = [spaced, spaced, [1_200, 1_200], spaced, [800, 800], spaced] as const;
    expected.forEach(([min, max], i) => {
      expect(gaps[i], `gap ${i + 1}`).toBeGreaterThanOrEqual(min);
      expect(gaps[i], `gap ${i + 1}`).toBeLessThanOrEqual(max);
    });
    // The spacing is random, not one fixed value.
    const spacings = [gaps[0], gaps[1], gaps[3], gaps[5]];
    expect(new Set(spacings).size).toBeGreaterThan(1);
    // Never the same broadcaster twice within sameAnchorMs.
    const anchors = got.map(anchorOf);
    expect(new Set(anchors).size).toBe(anchors.length);

    // Each carries the fields the bubble needs; demo broadcasters (no socket) are robots.
    for (const message of got) {
      const d = message.req_data as AutoInviteNotice & PublicInviteNotice;
      expect(d).toMatchObject({
        anchor_id: expect.stringMatching(/^A20\d\d$/),
        nick_name: expect.any(String),
        photourl: expect.stringMatching(/^\/media\/portrait\/A20\d\d\.svg$/),
        weights: expect.any(Number),
        robot: 1,
        is_auto: 1,
      });
      expect(d.left_seconds).toBe(d.is_featured === 1 ? 40 : 30);
      if (message.route === EventRoute.hangoutInvite) {
        const h = message.req_data as HangoutInviteNotice;
        expect(h.invite_id).toEqual(expect.any(String));
        expect(h.friendsList.length).toBeLessThanOrEqual(HANGOUT_FRIENDS_MAX);
      } else if (message.route === EventRoute.autoInvitePrivate) {
        expect(d).toMatchObject({ autoInvitationId: expect.any(String), roomid: '', room_type: 0 });
      } else {
        expect(d.roomid).toMatch(/^PR20\d\d$/);
        expect([1, 3]).toContain(d.room_type);
        if (message.route === EventRoute.publicInvite) expect(d.log_id).toEqual(expect.any(String));
        else expect(d.autoInvitationId).toEqual(expect.any(String));
      }
    }

    // Activity stops the rounds: nothing for idleMs, then round 1 again.
    const count = (await sendTimes('M1001')).length;
    expect((await socket.request(RequestRoute.activity)).errno).toBe(0);
    const after = clock.now();
    await clock.advance(TIMINGS.idleMs - 1);
    expect(await sendTimes('M1001')).toHaveLength(count);
    await clock.advance(1);
    const later = await sendTimes('M1001');
    expect(later).toHaveLength(count + 1);
    expect(later[count]).toBe(after + TIMINGS.idleMs);
    await expect.poll(() => got.length).toBe(count + 1);
    socket.close();
    await socket.closed;
    await expect.poll(() => server.autoInvite.watching().includes('M1001')).toBe(false);
  });

  it('heartbeats do not count as activity', async () => {
    const { socket, got } = await connect('M1003');
    const start = clock.now();
    for (let i = 0; i < 4; i++) {
      await clock.advance(100);
      expect((await socket.request('imShare/heartbeat')).errno).toBe(0);
    }
    await clock.advance(TIMINGS.idleMs - 400);
    const times = await sendTimes('M1003');
    expect(times).toHaveLength(1);
    expect(times[0]).toBe(start + TIMINGS.idleMs);
    await expect.poll(() => got.length).toBe(1);
    socket.close();
    await socket.closed;
  });

  it('respects privileges: public only, private only, none without invitation_bubble', async () => {
    await setPriv('M1002', { invitation_bubble: 1, public: 1, oneonone: 0, hangout: 0 });
    await setPriv('M1004', { invitation_bubble: 1, public: 0, oneonone: 1, hangout: 0 });
    await setPriv('M1005', { invitation_bubble: 0, public: 1, oneonone: 1 });
    const publicOnly = await connect('M1002');
    const privateOnly = await connect('M1004');
    const none = await connect('M1005');
    await clock.advance(TIMINGS.idleMs + 3 * TIMINGS.spacingMaxMs);
    await expect.poll(() => publicOnly.got.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => privateOnly.got.length).toBeGreaterThanOrEqual(3);
    expect(publicOnly.got.every((m) => m.route !== EventRoute.autoInvitePrivate)).toBe(true);
    expect(privateOnly.got.every((m) => m.route === EventRoute.autoInvitePrivate)).toBe(true);
    expect(await sendTimes('M1005')).toHaveLength(0);
    expect(none.got).toHaveLength(0);
    for (const c of [publicOnly, privateOnly, none]) c.socket.close();
    await setPriv('M1005', { invitation_bubble: 1 });
  });

  it('stops when the member disconnects', async () => {
    const { socket, got } = await connect('M1005');
    socket.close();
    await socket.closed;
    await expect.poll(() => server.autoInvite.watching().includes('M1005')).toBe(false);
    await clock.advance(TIMINGS.idleMs * 4);
    expect(await sendTimes('M1005')).toHaveLength(0);
    expect(got).toHaveLength(0);
  });
});

describe('display checks and click logs', () => {
  let james: Client;
  beforeAll(async () => {
    james = await server.loginAs('M1001');
  });

  async function latest(kind: string, userid = 'M1001') {
    const [row] = await server.db.query<{ invite_id: string; anchor_id: string }>(
      `SELECT invite_id, anchor_id FROM invitations WHERE user_id = $1 AND kind = $2 ORDER BY created_at DESC LIMIT 1`,
      [userid, kind],
    );
    if (!row) throw new Error(`no ${kind} invitation`);
    return row;
  }
  const display = async (client: Client, path: string, fields: Record<string, string | number>) =>
    (await client.form<{ display: number }>(path, fields)).body;

  it('public: 1 for his alive invitation from a live broadcaster; 0 otherwise', async () => {
    const inv = await latest('auto_public');
    expect(
      await display(james, InviteApi.publicDisplay, { anchorId: inv.anchor_id, id: inv.invite_id }),
    ).toEqual({
      errno: 0,
      errmsg: '',
      data: { display: 1 },
    });
    // Not his, wrong check, wrong anchor, unknown id.
    const other = await server.loginAs('M1003');
    expect(
      (await display(other, InviteApi.publicDisplay, { anchorId: inv.anchor_id, id: inv.invite_id })).data,
    ).toEqual({
      display: 0,
    });
    expect(
      (await display(james, InviteApi.privateDisplay, { anchorId: inv.anchor_id, id: inv.invite_id })).data,
    ).toEqual({
      display: 0,
    });
    expect(
      (await display(james, InviteApi.publicDisplay, { anchorId: 'A2001', id: inv.invite_id })).data,
    ).toEqual({
      display: 0,
    });
    expect(
      (await display(james, InviteApi.publicDisplay, { anchorId: inv.anchor_id, id: 'nope' })).data,
    ).toEqual({
      display: 0,
    });
    expect(
      (await display(james, InviteApi.publicDisplay, { anchorId: 'Z9999', id: inv.invite_id })).errno,
    ).toBe(Errno.NOT_FOUND);
    // She ends her broadcast: no longer shown. Then the invitation expires.
    await server.db.query(`UPDATE anchors SET state = 'online' WHERE userid = $1`, [inv.anchor_id]);
    expect(
      (await display(james, InviteApi.publicDisplay, { anchorId: inv.anchor_id, id: inv.invite_id })).data,
    ).toEqual({
      display: 0,
    });
    await server.db.query(`UPDATE anchors SET state = 'live' WHERE userid = $1`, [inv.anchor_id]);
    await server.db.query(`UPDATE invitations SET expires_at = now() WHERE invite_id = $1`, [inv.invite_id]);
    expect(
      (await display(james, InviteApi.publicDisplay, { anchorId: inv.anchor_id, id: inv.invite_id })).data,
    ).toEqual({
      display: 0,
    });
  });

  it('private: 1 while she is online with One-on-One; the click is logged', async () => {
    const inv = await latest('auto_private');
    expect(
      (await display(james, InviteApi.privateDisplay, { anchorId: inv.anchor_id, id: inv.invite_id })).data,
    ).toEqual({
      display: 1,
    });
    const [shown] = await server.db.query<{ status: string }>(
      'SELECT status FROM invitations WHERE invite_id = $1',
      [inv.invite_id],
    );
    expect(shown?.status).toBe('shown');
    expect((await james.form(InviteApi.clickLog, { id: inv.invite_id })).body).toEqual({
      errno: 0,
      errmsg: '',
      data: { id: inv.invite_id },
    });
    const clicks = await server.repositories.invitations.clicks('M1001');
    expect(clicks).toContainEqual({
      anchorId: inv.anchor_id,
      inviteId: inv.invite_id,
      kind: 'auto_private',
      isAuto: 1,
    });
    expect((await james.form(InviteApi.clickLog, { id: 'nope' })).body.errno).toBe(Errno.NOT_FOUND);
    await server.db.query(`UPDATE anchors SET state = 'offline' WHERE userid = $1`, [inv.anchor_id]);
    expect(
      (await display(james, InviteApi.privateDisplay, { anchorId: inv.anchor_id, id: inv.invite_id })).data,
    ).toEqual({
      display: 0,
    });
    await server.db.query(`UPDATE anchors SET state = 'online' WHERE userid = $1`, [inv.anchor_id]);
  });

  it('hang-out: display and click log by anchorid and is_auto', async () => {
    await server.repositories.invitations.create({
      inviteId: 'Hangout1',
      kind: 'hangout',
      anchorId: 'A2001',
      userId: 'M1001',
      expiresAt: new Date(Date.now() + 60_000),
      payload: { anchor_id: 'A2001' },
    });
    expect(
      (await display(james, InviteApi.hangoutDisplay, { anchorid: 'A2001', id: 'Hangout1', is_auto: 0 }))
        .data,
    ).toEqual({ display: 1 });
    // A2005 has no hang-out privilege; the id is not hers either.
    expect(
      (await display(james, InviteApi.hangoutDisplay, { anchorid: 'A2005', id: 'Hangout1', is_auto: 0 }))
        .data,
    ).toEqual({ display: 0 });
    expect((await james.form(InviteApi.hangoutClickLog, { anchorid: 'A2001', is_auto: 1 })).body.errno).toBe(
      0,
    );
    expect((await james.form(InviteApi.hangoutClickLog, { anchorid: 'A2003', is_auto: 0 })).body.errno).toBe(
      0,
    );
    const clicks = await server.repositories.invitations.clicks('M1001');
    expect(clicks).toContainEqual({ anchorId: 'A2001', inviteId: 'Hangout1', kind: 'hangout', isAuto: 1 });
    expect(clicks).toContainEqual({ anchorId: 'A2003', inviteId: null, kind: 'hangout', isAuto: 0 });
    expect((await james.form(InviteApi.hangoutClickLog, { anchorid: 'Z9999', is_auto: 0 })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
  });

  it('public invites report as seen (type 0) and clicked (type 1) by log_id', async () => {
    await server.repositories.invitations.create({
      inviteId: 'Public1',
      kind: 'public',
      anchorId: 'A2005',
      userId: 'M1001',
      logId: 'Log1',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await james.form(InviteApi.reportPublicInvite, { log_id: 'Log1', type: 0 })).body).toEqual({
      errno: 0,
      errmsg: '',
      data: { log_id: 'Log1' },
    });
    expect((await server.repositories.invitations.find('Public1'))?.status).toBe('shown');
    await james.call(InviteApi.reportPublicInvite, { log_id: 'Log1', type: 1 });
    expect((await server.repositories.invitations.find('Public1'))?.clickedAt).toBeInstanceOf(Date);
    const other = await server.loginAs('M1003');
    expect((await other.form(InviteApi.reportPublicInvite, { log_id: 'Log1', type: 0 })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
  });
});

describe('engines with their own timings (same database)', () => {
  /** Delivers into a list instead of sockets, to read the engine's choices in order. */
  function recordingNotifier(own: ManualClock) {
    const sent: { at: number; userid: string; route: string; anchorId: string }[] = [];
    const notifier: Notifier = {
      async deliver(userid, route, data) {
        sent.push({ at: own.now(), userid, route, anchorId: (data as AutoInviteNotice).anchor_id });
      },
      async kickOthers() {},
    };
    return { sent, notifier };
  }

  function engine(overrides: Partial<AutoInviteConfig>) {
    const own = new ManualClock();
    const { sent, notifier } = recordingNotifier(own);
    const instance = new AutoInviteEngine({
      repos: server.repositories,
      rt: { notifier, presence: server.realtime.presence },
      config: {
        ...TIMINGS,
        idleMs: 50,
        spacingMinMs: 80,
        spacingMaxMs: 80,
        perSiteQuantity: [100],
        perSiteWaitMs: [80],
        ...overrides,
      },
      random: createPrng(11).next,
      clock: own,
    });
    return { sent, instance, clock: own };
  }

  const run = async (e: ReturnType<typeof engine>, userid: string, ms: number) => {
    e.instance.connected({ userid, role: 'man', connId: `test-${userid}` });
    await e.clock.advance(ms);
    e.instance.close();
    return e.sent.filter((s) => s.userid === userid);
  };

  beforeAll(async () => {
    // Three broadcasters online with One-on-One, nobody live; the member only takes private invites.
    await server.db.query(
      `UPDATE anchors SET state = CASE WHEN userid IN ('A2001', 'A2003', 'A2004') THEN 'online' ELSE 'offline' END`,
    );
    await setPriv('M1005', { invitation_bubble: 1, public: 0, oneonone: 1, hangout: 0 });
  });
  // Each engine's clock starts now; invitations an earlier engine dated ahead must not block it.
  beforeEach(async () => {
    await server.db.query(`DELETE FROM invitations WHERE user_id = 'M1005'`);
  });

  it('the used list blocks a broadcaster until it resets by size', async () => {
    // Size 40 (never reached): three invites at 50, 130, 210 ms, then nobody is left.
    const full = await run(engine({ usedListMax: 40, sameAnchorMs: 1 }), 'M1005', 900);
    expect(full.map((s) => s.at - (full[0]?.at ?? 0))).toEqual([0, 80, 160]);
    expect(full.map((s) => s.anchorId).sort()).toEqual(['A2001', 'A2003', 'A2004']);
    // Size 2: it resets when a third would join, so broadcasters come again, never twice in a list.
    const small = await run(engine({ usedListMax: 2, sameAnchorMs: 1 }), 'M1005', 2_000);
    // One every 80 ms from 50 ms on: (2000 - 50) / 80 + 1 = 25.
    expect(small).toHaveLength(25);
    const ids = small.map((s) => s.anchorId);
    for (let i = 0; i + 1 < ids.length; i += 2) expect(ids[i]).not.toBe(ids[i + 1]);
    expect(new Set(ids).size).toBe(3);
  });

  it('the used list resets after its time', async () => {
    const sent = await run(
      engine({ usedListMax: 40, usedListResetMs: 600, sameAnchorMs: 1 }),
      'M1005',
      2_500,
    );
    const first = sent[0]?.at ?? 0;
    const offsets = sent.map((s) => s.at - first);
    // Three, then nobody until the list is 600 ms old; its time starts with its first broadcaster.
    expect(offsets.slice(0, 3)).toEqual([0, 80, 160]);
    const firstList = sent.filter((s) => s.at - first < 600).map((s) => s.anchorId);
    expect(firstList).toHaveLength(3);
    expect(new Set(firstList).size).toBe(3);
    expect(offsets[3]).toBeGreaterThanOrEqual(600);
    expect(offsets[3]).toBeLessThan(600 + 80);
    expect(sent.length).toBeGreaterThanOrEqual(6);
  });

  it("the used list's time starts with its first broadcaster, not with a look that found nobody", async () => {
    const e = engine({ usedListMax: 40, usedListResetMs: 600, sameAnchorMs: 400 });
    // All three invited him just now: the engine finds nobody until 400 ms have passed.
    for (const anchorId of ['A2001', 'A2003', 'A2004']) {
      await server.repositories.invitations.create({
        inviteId: `Recent-${anchorId}`,
        kind: 'instant',
        anchorId,
        userId: 'M1005',
        createdAt: new Date(e.clock.now()),
        expiresAt: new Date(e.clock.now() + 60_000),
      });
    }
    const start = e.clock.now();
    const sent = await run(e, 'M1005', 1_500);
    const offsets = sent.map((s) => s.at - start);
    // Ticks at 50, 130, ... find nobody until 450; three picks, then the list lasts 600 ms from 450.
    expect(offsets.slice(0, 3)).toEqual([450, 530, 610]);
    expect(offsets[3]).toBe(1_090);
  });

  it('never the same broadcaster within sameAnchorMs, whatever the used list says', async () => {
    const sent = await run(engine({ usedListMax: 1, sameAnchorMs: 700 }), 'M1005', 3_000);
    expect(sent.length).toBeGreaterThanOrEqual(9);
    const last = new Map<string, number>();
    for (const s of sent) {
      const previous = last.get(s.anchorId);
      if (previous !== undefined) expect(s.at - previous).toBeGreaterThanOrEqual(700);
      last.set(s.anchorId, s.at);
    }
    // Three broadcasters, then a pause until the first may come again.
    expect(new Set(sent.slice(0, 3).map((s) => s.anchorId)).size).toBe(3);
    expect((sent[3]?.at ?? 0) - (sent[0]?.at ?? 0)).toBeGreaterThanOrEqual(700);
  });

  it('an instant invitation counts for the same-anchor rule too', async () => {
    const lady = await server.loginAs('A2001');
    await lady.call(InviteApi.instantInviteUser, { user_id: 'M1005' });
    const sent = await run(engine({ usedListMax: 40, sameAnchorMs: 60_000 }), 'M1005', 600);
    expect(sent.map((s) => s.anchorId).sort()).toEqual(['A2003', 'A2004']);
  });
});

describe('hang-out invitations from the engine', () => {
  function recordingNotifier() {
    const sent: { userid: string; route: string; data: HangoutInviteNotice }[] = [];
    const notifier: Notifier = {
      async deliver(userid, route, data) {
        sent.push({ userid, route, data: data as HangoutInviteNotice });
      },
      async kickOthers() {},
    };
    return { sent, notifier };
  }
  /** An engine on a clock of its own: idle 30 ms, then one every 40 ms. */
  const engineFor = (notifier: Notifier, seed: number, own = new ManualClock()) =>
    new AutoInviteEngine({
      repos: server.repositories,
      rt: { notifier, presence: server.realtime.presence },
      config: { ...TIMINGS, idleMs: 30, spacingMinMs: 40, spacingMaxMs: 40, perSiteQuantity: [100] },
      random: createPrng(seed).next,
      clock: own,
    });
  const hangoutAnchors = async () =>
    (
      await server.db.query<{ userid: string }>(
        `SELECT userid FROM anchors WHERE (priv->>'hangout')::int = 1 ORDER BY userid LIMIT 5`,
      )
    ).map((r) => r.userid);

  beforeAll(async () => {
    // Five online hang-out broadcasters, nobody live, nothing else on offer to this member.
    const ids = await hangoutAnchors();
    expect(ids.length).toBeGreaterThanOrEqual(4);
    await server.db.query(
      `UPDATE anchors SET state = CASE WHEN userid = ANY($1::text[]) THEN 'online' ELSE 'offline' END`,
      [ids],
    );
    await server.db.query(`DELETE FROM invitations WHERE user_id = 'M1002'`);
  });

  it('sends receiveHangoutInviteNotice with friendsList only to members with the hang-out privilege', async () => {
    await setPriv('M1002', { invitation_bubble: 1, public: 0, oneonone: 0, hangout: 1 });
    const ids = await hangoutAnchors();
    const { sent, notifier } = recordingNotifier();
    const own = new ManualClock();
    const engine = engineFor(notifier, 3, own);
    engine.connected({ userid: 'M1002', role: 'man', connId: 'h1' });
    await own.advance(30 + 2 * 40);
    engine.close();
    expect(sent).toHaveLength(3);
    for (const { userid, route, data } of sent) {
      expect(userid).toBe('M1002');
      expect(route).toBe(EventRoute.hangoutInvite);
      expect(ids).toContain(data.anchor_id);
      expect(data).toMatchObject({
        invite_id: expect.stringMatching(/^A/),
        nick_name: expect.any(String),
        photourl: expect.stringMatching(/^\/media\/portrait\//),
        is_auto: 1,
      });
      expect(data.left_seconds).toBe(data.is_featured === 1 ? 40 : 30);
      expect(data.friendsList.length).toBe(HANGOUT_FRIENDS_MAX);
      for (const friend of data.friendsList) {
        expect(friend.anchor_id).not.toBe(data.anchor_id);
        expect(ids).toContain(friend.anchor_id);
        expect(Object.keys(friend).sort()).toEqual(['anchor_id', 'nickname', 'photourl']);
      }
    }
    // Recorded as a hang-out invitation: the display check says 1 and the click log finds it.
    const first = sent[0]?.data;
    if (!first) throw new Error('no hang-out invitation');
    const member = await server.loginAs('M1002');
    const display = await member.form<{ display: number }>(InviteApi.hangoutDisplay, {
      anchorid: first.anchor_id,
      id: first.invite_id,
      is_auto: 1,
    });
    expect(display.body.data).toEqual({ display: 1 });
    // Her hang-out privilege withdrawn: the check says 0.
    await server.db.query(`UPDATE anchors SET priv = priv || '{"hangout":0}'::jsonb WHERE userid = $1`, [
      first.anchor_id,
    ]);
    const withdrawn = await member.form<{ display: number }>(InviteApi.hangoutDisplay, {
      anchorid: first.anchor_id,
      id: first.invite_id,
      is_auto: 1,
    });
    expect(withdrawn.body.data).toEqual({ display: 0 });
    await server.db.query(`UPDATE anchors SET priv = priv || '{"hangout":1}'::jsonb WHERE userid = $1`, [
      first.anchor_id,
    ]);
    expect(
      (await member.form(InviteApi.hangoutClickLog, { anchorid: first.anchor_id, is_auto: 1 })).body.errno,
    ).toBe(Errno.OK);
    const clicks = await server.repositories.invitations.clicks('M1002');
    expect(clicks).toContainEqual({
      anchorId: first.anchor_id,
      inviteId: first.invite_id,
      kind: 'hangout',
      isAuto: 1,
    });
  });

  it('sends none without the hang-out privilege, and mixes hang-out in beside private invites', async () => {
    await server.db.query(`DELETE FROM invitations WHERE user_id = 'M1002'`);
    await setPriv('M1002', { invitation_bubble: 1, public: 0, oneonone: 0, hangout: 0 });
    const none = recordingNotifier();
    const idleClock = new ManualClock();
    const idle = engineFor(none.notifier, 5, idleClock);
    idle.connected({ userid: 'M1002', role: 'man', connId: 'h2' });
    await idleClock.advance(300);
    idle.close();
    expect(none.sent).toHaveLength(0);

    // Both kinds on offer: some of each, never the same broadcaster twice (sameAnchorMs).
    await setPriv('M1002', { invitation_bubble: 1, public: 0, oneonone: 1, hangout: 1 });
    await server.db.query(`UPDATE anchors SET priv = priv || '{"oneonone":1}'::jsonb WHERE state = 'online'`);
    const both = recordingNotifier();
    const mixedClock = new ManualClock();
    const mixed = engineFor(both.notifier, 9, mixedClock);
    mixed.connected({ userid: 'M1002', role: 'man', connId: 'h3' });
    await mixedClock.advance(30 + 4 * 40);
    mixed.close();
    expect(both.sent).toHaveLength(5);
    const routes = new Set(both.sent.map((s) => s.route));
    expect(routes).toEqual(new Set([EventRoute.hangoutInvite, EventRoute.autoInvitePrivate]));
    const anchors = both.sent.map((s) => s.data.anchor_id);
    expect(new Set(anchors).size).toBe(anchors.length);
  });
});
