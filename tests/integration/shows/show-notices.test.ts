/**
 * Show-start notices: with a short tick, a show moved to start in 2 minutes sends one 'soon' to
 * each ticket holder and one to the broadcaster (none to a member without a bought ticket); moved
 * to start now it sends one 'start'; a cancelled show sends nothing; two processes on one
 * PostgreSQL + Redis send each notice exactly once in total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EventRoute,
  type LadyShowToStartNotice,
  type ManShowToStartNotice,
} from '../../../protocol/realtime';
import { startCluster, startServer, type TestCluster, type TestServer, type TestSocket } from '../harness';

const TICK_MS = 100;
/** Long enough for many ticks to pass after a notice, so a duplicate would have arrived. */
const SETTLE_MS = 12 * TICK_MS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Moves a show's start to `seconds` from now (negative: already started). */
async function moveShow(server: TestServer, liveShowId: string, seconds: number, status = 1) {
  await server.db.query(
    `UPDATE shows SET start_time = now() + $2::int * interval '1 second', status = $3 WHERE live_show_id = $1`,
    [liveShowId, seconds, status],
  );
}

async function giveTicket(server: TestServer, liveShowId: string, memberId: string, status: 1 | 2) {
  await server.db.query(
    `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ($1, $2, $3, 100)
     ON CONFLICT (live_show_id, member_id) DO UPDATE SET status = $3`,
    [liveShowId, memberId, status],
  );
}

const memberNotices = (socket: TestSocket, liveShowId: string) =>
  socket
    .events(EventRoute.manShowToStart)
    .map((m) => m.req_data as ManShowToStartNotice)
    .filter((n) => n.show_info.live_show_id === liveShowId);

const ladyNotices = (socket: TestSocket, liveShowId: string) =>
  socket
    .events(EventRoute.ladyShowToStart)
    .map((m) => m.req_data as LadyShowToStartNotice)
    .filter((n) => n.show_info.live_show_id === liveShowId);

const waitForKind = (socket: TestSocket, route: string, liveShowId: string, type: 'soon' | 'start') =>
  socket.waitFor((m) => {
    const data = m.req_data as { type?: string; show_info?: { live_show_id?: string } } | undefined;
    return m.route === route && data?.type === type && data.show_info?.live_show_id === liveShowId;
  });

describe('one process', () => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  const track = (s: TestSocket) => {
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startServer({ config: { showNoticeTickMs: TICK_MS } });
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  it("sends one 'soon' to the ticket holder and the broadcaster, then one 'start'", async () => {
    // LS3002: A2003's show, two days away in the seed, with no tickets.
    await giveTicket(server, 'LS3002', 'M1002', 1);
    await giveTicket(server, 'LS3002', 'M1005', 2);
    const holder = track(await server.socketFor(await server.loginAs('M1002')));
    const refunded = track(await server.socketFor(await server.loginAs('M1005')));
    const stranger = track(await server.socketFor(await server.loginAs('M1004')));
    const lady = track(await server.socketFor(await server.loginAs('A2003')));

    await moveShow(server, 'LS3002', 120);
    const soon = await waitForKind(holder, EventRoute.manShowToStart, 'LS3002', 'soon');
    const info = (soon.req_data as ManShowToStartNotice).show_info;
    expect(soon.req_data).toEqual({
      type: 'soon',
      show_info: {
        live_show_id: 'LS3002',
        live_room_id: info.live_room_id,
        anchor_id: 'A2003',
        anchor_nickname: info.anchor_nickname,
        anchor_avatar: info.anchor_avatar,
        cover: '/media/show/LS3002.svg',
        start_time: info.start_time,
        left_sec_to_start: info.left_sec_to_start,
      },
      msg: `${info.anchor_nickname}'s show starts in 2 minutes.`,
    } satisfies ManShowToStartNotice);
    expect(info.anchor_nickname).not.toBe('');
    expect(info.live_room_id).toMatch(/^(PR2003|SHLS3002)$/);
    expect(info.left_sec_to_start).toBeGreaterThan(100);
    expect(info.left_sec_to_start).toBeLessThanOrEqual(120);
    expect(Math.abs(info.start_time - (Date.now() / 1000 + info.left_sec_to_start))).toBeLessThan(5);

    const ladySoon = await waitForKind(lady, EventRoute.ladyShowToStart, 'LS3002', 'soon');
    expect(ladySoon.req_data).toEqual({
      type: 'soon',
      show_info: { live_room_id: info.live_room_id, live_show_id: 'LS3002', start_time: info.start_time },
    } satisfies LadyShowToStartNotice);

    await sleep(SETTLE_MS);
    expect(memberNotices(holder, 'LS3002')).toHaveLength(1);
    expect(ladyNotices(lady, 'LS3002')).toHaveLength(1);
    expect(memberNotices(refunded, 'LS3002')).toHaveLength(0);
    expect(memberNotices(stranger, 'LS3002')).toHaveLength(0);

    await moveShow(server, 'LS3002', 0);
    const start = await waitForKind(holder, EventRoute.manShowToStart, 'LS3002', 'start');
    expect(start.req_data).toMatchObject({
      type: 'start',
      show_info: { live_show_id: 'LS3002', left_sec_to_start: 0 },
      msg: `${info.anchor_nickname}'s show has started. Join now!`,
    });
    await waitForKind(lady, EventRoute.ladyShowToStart, 'LS3002', 'start');
    await sleep(SETTLE_MS);
    expect(memberNotices(holder, 'LS3002').map((n) => n.type)).toEqual(['soon', 'start']);
    expect(ladyNotices(lady, 'LS3002').map((n) => n.type)).toEqual(['soon', 'start']);
    expect(memberNotices(refunded, 'LS3002')).toHaveLength(0);
    expect(memberNotices(stranger, 'LS3002')).toHaveLength(0);
  });

  it("a show moved to start now sends one 'start' and no 'soon'", async () => {
    // LS3012: A2027's show, hours away in the seed.
    await giveTicket(server, 'LS3012', 'M1002', 1);
    const holder = track(await server.socketFor(await server.loginAs('M1002')));
    await moveShow(server, 'LS3012', 0);
    await waitForKind(holder, EventRoute.manShowToStart, 'LS3012', 'start');
    await sleep(SETTLE_MS);
    expect(memberNotices(holder, 'LS3012').map((n) => n.type)).toEqual(['start']);
  });

  it('a cancelled show sends nothing, and a show long past its start sends nothing', async () => {
    // LS3015 (A2001) cancelled; LS3014 (A2024) moved to 20 minutes ago.
    await giveTicket(server, 'LS3015', 'M1002', 1);
    await giveTicket(server, 'LS3014', 'M1002', 1);
    const holder = track(await server.socketFor(await server.loginAs('M1002')));
    const lady = track(await server.socketFor(await server.loginAs('A2001')));
    await moveShow(server, 'LS3015', 60, 4);
    await moveShow(server, 'LS3014', -20 * 60);
    await sleep(SETTLE_MS);
    await moveShow(server, 'LS3015', 0, 5);
    await sleep(SETTLE_MS);
    expect(memberNotices(holder, 'LS3015')).toHaveLength(0);
    expect(memberNotices(holder, 'LS3014')).toHaveLength(0);
    expect(ladyNotices(lady, 'LS3015')).toHaveLength(0);
  });
});

describe('two processes on PostgreSQL and Redis', () => {
  let cluster: TestCluster;
  let serverA: TestServer;
  let serverB: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster({ showNoticeTickMs: TICK_MS });
    ({ a: serverA, b: serverB } = cluster);
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await cluster?.close();
  });

  it('sends each notice exactly once in total', async () => {
    expect(serverA.db.driver).toBe('postgres');
    await giveTicket(serverA, 'LS3002', 'M1002', 1);
    await giveTicket(serverA, 'LS3002', 'M1004', 1);
    const onB = await serverB.socketFor(await serverB.loginAs('M1002'));
    const onA = await serverA.socketFor(await serverA.loginAs('M1004'));
    const lady = await serverA.socketFor(await serverA.loginAs('A2003'));
    sockets.push(onA, onB, lady);

    await moveShow(serverA, 'LS3002', 120);
    await waitForKind(onB, EventRoute.manShowToStart, 'LS3002', 'soon');
    await waitForKind(onA, EventRoute.manShowToStart, 'LS3002', 'soon');
    await waitForKind(lady, EventRoute.ladyShowToStart, 'LS3002', 'soon');
    await moveShow(serverB, 'LS3002', 0);
    await waitForKind(onB, EventRoute.manShowToStart, 'LS3002', 'start');
    await sleep(SETTLE_MS);
    expect(memberNotices(onB, 'LS3002').map((n) => n.type)).toEqual(['soon', 'start']);
    expect(memberNotices(onA, 'LS3002').map((n) => n.type)).toEqual(['soon', 'start']);
    expect(ladyNotices(lady, 'LS3002').map((n) => n.type)).toEqual(['soon', 'start']);
  });
});
