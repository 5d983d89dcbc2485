/**
 * Paid live rooms across two processes on PostgreSQL + Redis, with the billing clock moved by hand:
 * each started minute is charged once at its start however many processes tick; a member who
 * cannot pay the next minute is warned first, then his room ends with lackCredit on the process
 * that holds its media, though another process found it; the balance never goes below zero.
 * The member's side is a real WebRTC peer (werift), so the room's media is real too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import {
  LiveApi,
  LiveErrno,
  LiveEvent,
  LiveText,
  PREMIUM_ROOM_VIEWERS,
  ROOM_TYPE_PREMIUM,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { type BookingRequestAnswer, EventRoute, InviteApi } from '../../../protocol/realtime';
import { BROADCAST_VOUCHER_MINUTES, VoucherApi } from '../../../protocol/vouchers/vouchers';
import { type Client, startCluster, type TestCluster, type TestServer, type TestSocket } from '../harness';
import {
  billsOf,
  creditOf,
  liveTestConfig,
  manyWindows,
  membersLikeM1001,
  openWindow,
  premiumAnchor,
  sameSession,
} from './live-support';

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const peers: RTCPeerConnection[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  const live = liveTestConfig(() => now);
  cluster = await startCluster({ live });
  ({ a, b } = cluster);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const pc of peers) await pc.close();
  await cluster?.close();
});

const credit = (userid: string) => creditOf(a, userid);
/** His newest billing session. */
const sessionOf = async (userid: string) => {
  const [row] = await a.db.query<{ session_id: string; end_status: string | null }>(
    'SELECT session_id, end_status FROM live_sessions WHERE member_id = $1 ORDER BY started_at DESC LIMIT 1',
    [userid],
  );
  if (!row) throw new Error(`no session of ${userid}`);
  return row;
};
/** The minutes charged in his newest session, its id shown as S. */
const charges = async (userid: string) => {
  const { session_id } = await sessionOf(userid);
  const rows = await a.db.query<{ idem_key: string }>(
    'SELECT idem_key FROM ledger WHERE ref = $1 ORDER BY id',
    [session_id],
  );
  return rows.map((r) => r.idem_key.replace(session_id, 'S'));
};
/** Both processes bill at once, as their loops would. */
const tickBoth = () => Promise.all([a.services.live.tick(), b.services.live.tick()]);

/** Enters a room as a viewer: the server's offer answered by a real peer. */
async function enter(member: Client, anchorid: string) {
  const offer = await member.call<WatchAnswer>(LiveApi.watch, {
    anchorid,
    type: 'public',
    price_ok: '1',
  });
  const pc = new RTCPeerConnection();
  peers.push(pc);
  await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  const answered = await member.form(LiveApi.answer, {
    viewer_id: offer.viewer_id,
    sdp: pc.localDescription?.sdp ?? '',
  });
  return { offer, answered, pc };
}

it('asks before a premium room charges: without price_ok it names the price and what pays it, and takes nothing', async () => {
  const anchorid = await premiumAnchor(a);
  const paying = await a.loginAs('M1002');
  const before = await credit('M1002');
  const asked = await paying.form(LiveApi.watch, { anchorid, type: 'public' });
  expect(asked.body).toMatchObject({
    errno: LiveErrno.PRICE_NOT_CONFIRMED,
    errmsg: LiveText.priceNotConfirmed,
    data: { room_type: ROOM_TYPE_PREMIUM, credit_per_minute: 0.05, voucher: 0 },
  });
  expect(await credit('M1002')).toBe(before);
  expect(await a.services.live.viewerCount(anchorid)).toBe(0);

  // A voucher holder is told that his voucher pays first; he keeps it until he confirms.
  const holder = await a.loginAs('M1001');
  const coupons = async () =>
    (await holder.call<{ coupon_num: number }>(VoucherApi.headerCouponInfo, {})).coupon_num;
  const held = await coupons();
  const voucherAsk = await holder.form(LiveApi.watch, { anchorid, type: 'public' });
  expect(voucherAsk.body).toMatchObject({
    errno: LiveErrno.PRICE_NOT_CONFIRMED,
    data: { voucher: 1, voucher_minutes: BROADCAST_VOUCHER_MINUTES },
  });
  expect(await coupons()).toBe(held);
});

it('charges a premium room 0.05 a started minute, once per minute with both processes ticking', async () => {
  const anchorid = await premiumAnchor(a);
  const member = await a.loginAs('M1002');
  const before = await credit('M1002');
  const socket = await a.socketFor(member);
  sockets.push(socket);
  const { offer, answered } = await enter(member, anchorid);
  expect(answered.body.errno).toBe(0);
  expect(offer.credit_per_minute).toBe(0.05);
  // The first minute is paid on entry; the room's "Spent" is the ledger's figure.
  expect(await credit('M1002')).toBe(before - 5);
  expect(answered.body.data).toMatchObject({ spent: 0.05, credit: (before - 5) / 100 });

  now += 59_000;
  await tickBoth();
  expect(await charges('M1002')).toHaveLength(1);

  const spentNotice = socket.waitFor(
    (m) => m.route === LiveEvent.roomSpent && (m.req_data as { spent?: number }).spent === 0.1,
  );
  now += 1_000;
  await tickBoth();
  await tickBoth();
  expect(await charges('M1002')).toEqual(['live:S:1', 'live:S:2']);
  // The second minute: "Spent" and the balance arrive together, from the same charge.
  expect((await spentNotice).req_data).toEqual({
    room_id: offer.room_id,
    spent: 0.1,
    credit: (before - 10) / 100,
  });

  // Four minutes later, with a tick missed in between, the minutes are caught up, each once.
  now += 4 * 60_000;
  await tickBoth();
  expect(await charges('M1002')).toHaveLength(6);
  expect(await credit('M1002')).toBe(before - 30);

  // He leaves: no minute after that is charged.
  await member.form(LiveApi.leave, { viewer_id: offer.viewer_id });
  now += 3 * 60_000;
  await tickBoth();
  expect(await charges('M1002')).toHaveLength(6);
});

it('warns a member whose credit runs low, then ends his room with lackCredit and charges nothing below zero', async () => {
  const anchorid = await premiumAnchor(a);
  await a.db.query('UPDATE members SET credit = 12 WHERE userid = $1', ['M1004']);
  const member = await a.loginAs('M1004');
  const socket = await a.socketFor(member);
  sockets.push(socket);
  const warned = socket.waitFor((m) => m.route === EventRoute.lackOfCredit);
  await enter(member, anchorid);
  // 0.07 left after the first minute: under a minute of One-on-One, so he is warned.
  expect((await warned).req_data).toEqual({ credit: 0.07 });
  expect(await a.services.live.viewerCount(anchorid)).toBe(1);

  now += 60_000;
  await b.services.live.tick();
  expect(await credit('M1004')).toBe(2);

  const closed = socket.waitFor((m) => m.route === EventRoute.roomClose);
  now += 60_000;
  // Process B finds he cannot pay; process A, which holds the room, closes his connection.
  await b.services.live.tick();
  expect((await closed).req_data).toMatchObject({ status: 'lackCredit' });
  await expect.poll(() => a.services.live.viewerCount(anchorid)).toBe(0);
  expect(await credit('M1004')).toBe(2);
  expect((await sessionOf('M1004')).end_status).toBe('lackCredit');

  // Coming back without credit: refused before any media.
  const again = await member.form(LiveApi.watch, { anchorid, type: 'public', price_ok: '1' });
  expect(again.body.errno).toBe(LiveErrno.LACK_CREDIT);
});

it('lets a broadcast voucher for the room type pay the first 10 minutes, once per visit', async () => {
  const anchorid = await premiumAnchor(a);
  const member = await a.loginAs('M1001');
  const socket = await a.socketFor(member);
  sockets.push(socket);
  const vouchers = async () =>
    (await member.call<{ coupon_num: number }>(VoucherApi.headerCouponInfo, {})).coupon_num;
  const [before, held] = [await credit('M1001'), await vouchers()];
  expect(held).toBeGreaterThan(0);
  const told = socket.waitFor((m) => m.route === EventRoute.couponNumChange);
  const { offer, answered } = await enter(member, anchorid);
  expect(answered.body.errno).toBe(0);
  expect(offer).toMatchObject({ voucher: 1, prepaid_minutes: BROADCAST_VOUCHER_MINUTES });
  expect((await told).req_data).toMatchObject({ coupon_num: held - 1 });
  expect(await vouchers()).toBe(held - 1);

  // A reload resumes the visit: no second voucher, no credit.
  const again = await enter(member, anchorid);
  expect(again.offer.voucher).toBe(0);
  now += (BROADCAST_VOUCHER_MINUTES - 1) * 60_000;
  await tickBoth();
  expect(await credit('M1001')).toBe(before);
  expect(await vouchers()).toBe(held - 1);

  // The eleventh minute is his to pay.
  now += 60_000;
  await tickBoth();
  expect(await credit('M1001')).toBe(before - 5);
  expect(await charges('M1001')).toEqual([`live:S:${BROADCAST_VOUCHER_MINUTES + 1}`]);
  await member.form(LiveApi.leave, { viewer_id: again.offer.viewer_id });
});

it('keeps the visit of a member whose page went for a reload to resume, then ends it: no minute after', async () => {
  const anchorid = await premiumAnchor(a);
  const member = await a.loginAs('M1003');
  const first = await enter(member, anchorid);
  // A reload: the page says it is going, and the new one comes back within the grace.
  await member.form(LiveApi.leave, { viewer_id: first.offer.viewer_id, away: 1 });
  const again = await enter(member, anchorid);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect((await sessionOf('M1003')).end_status).toBeNull();
  expect(await charges('M1003')).toEqual(['live:S:1']);

  // The tab closes: nobody comes back, so the visit ends once the grace is over.
  await member.form(LiveApi.leave, { viewer_id: again.offer.viewer_id, away: 1 });
  await expect.poll(async () => (await sessionOf('M1003')).end_status).toBe('common');
  now += 5 * 60_000;
  await tickBoth();
  expect(await charges('M1003')).toEqual(['live:S:1']);
});

/** Her public room's id. */
const publicRoom = async (anchorid: string) =>
  (
    await a.db.query<{ r: string }>('SELECT public_room_id AS r FROM anchors WHERE userid = $1', [anchorid])
  )[0]?.r ?? '';

it('gives one member in 20 windows at once, over both processes, one seat and one bill', async () => {
  const anchorid = await premiumAnchor(a);
  const room = await publicRoom(anchorid);
  await membersLikeM1001(a, ['M1911']);
  const onA = await a.loginAs('M1911');
  const clients = [onA, sameSession(onA, b)];
  const windows = await manyWindows(clients, { anchorid, type: 'public', price_ok: '1' }, 20, 15, peers);
  expect(windows.filter((w) => w.errno === 0).length).toBeGreaterThan(0);
  expect(await billsOf(a, 'M1911', room)).toEqual({ open: 1, charged: 1 });
  now += 2 * 60_000;
  await tickBoth();
  expect(await billsOf(a, 'M1911', room)).toEqual({ open: 1, charged: 3 });
  expect(await creditOf(a, 'M1911')).toBe(1000 - 15);
  // He holds one seat: five others still get in.
  const others = ['M1912', 'M1913', 'M1914', 'M1915', 'M1916'];
  await membersLikeM1001(a, others);
  const inside = [];
  for (const id of others) {
    const client = await a.loginAs(id);
    const entered = await openWindow(client, { anchorid, type: 'public', price_ok: '1' }, peers);
    expect(entered.errno, id).toBe(0);
    inside.push({ client, viewer_id: entered.viewerId });
  }
  for (const [i, w] of windows.entries())
    await (clients[i % 2] as Client).form(LiveApi.leave, { viewer_id: w.viewerId });
  for (const { client, viewer_id } of inside) await client.form(LiveApi.leave, { viewer_id });
  expect(await billsOf(a, 'M1911', room)).toMatchObject({ open: 0 });
});

it('never seats more than six in a premium room when ten members race through both processes', async () => {
  const anchorid = await premiumAnchor(a);
  const room = await publicRoom(anchorid);
  const ids = Array.from({ length: 10 }, (_, i) => `M192${i}`);
  await membersLikeM1001(a, ids);
  const clients = await Promise.all(ids.map((id, i) => (i % 2 === 0 ? a : b).loginAs(id)));
  const entered = await Promise.all(
    clients.map((client) => openWindow(client, { anchorid, type: 'public', price_ok: '1' }, peers)),
  );
  const [open] = await a.db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM live_sessions WHERE room_id = $1 AND ended_at IS NULL',
    [room],
  );
  expect(Number(open?.n)).toBe(PREMIUM_ROOM_VIEWERS);
  expect(entered.filter((e) => e.errno === 0)).toHaveLength(PREMIUM_ROOM_VIEWERS);
  expect(entered.filter((e) => e.errno !== 0).map((e) => e.errno)).toEqual(
    Array(10 - PREMIUM_ROOM_VIEWERS).fill(LiveErrno.ROOM_FULL),
  );
  for (const [i, e] of entered.entries())
    await (clients[i] as Client).form(LiveApi.leave, { viewer_id: e.viewerId });
});

it("uses a request's prepaid minute once: later visits, on either process, pay from their first minute", async () => {
  const onA = await a.loginAs('M1005');
  const onB = sameSession(onA, b);
  const request = await onA.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2004' });
  const lady = await b.loginAs('A2004');
  await lady.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
  const ask = { anchorid: 'A2004', type: 'private', roomid: `PV${request.invitation_id}` };
  const afterHold = await credit('M1005');
  // Three visits of 50 s: the hold paid the first; the other two pay 0.30 each.
  for (const client of [onA, onB, onA]) {
    const visit = await openWindow(client, ask, peers);
    expect(visit.errno).toBe(0);
    now += 50_000;
    await tickBoth();
    await client.form(LiveApi.leave, { viewer_id: visit.viewerId });
    now += 10_000;
  }
  expect(await credit('M1005')).toBe(afterHold - 60);
});

it('lets six viewers into a premium room and refuses the seventh with the full-room text', async () => {
  const anchorid = await premiumAnchor(a);
  const members = ['M1901', 'M1902', 'M1903', 'M1904', 'M1905', 'M1906'];
  await membersLikeM1001(a, [...members, 'M1907']);
  for (const id of members) {
    const client = await a.loginAs(id);
    const answer = await client.form<WatchAnswer>(LiveApi.watch, {
      anchorid,
      type: 'public',
      price_ok: '1',
    });
    expect(answer.body.errno, id).toBe(0);
  }
  const seventh = await a.loginAs('M1907');
  const refused = await seventh.form(LiveApi.watch, { anchorid, type: 'public', price_ok: '1' });
  expect(refused.body).toMatchObject({
    errno: LiveErrno.ROOM_FULL,
    errmsg: 'Your broadcast room is full. Please try again later.',
  });
});
