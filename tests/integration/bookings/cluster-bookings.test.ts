/**
 * Bookings across processes (PostgreSQL + Redis): two members racing for one slot through two
 * servers get one booking and one charge; a double click split over two servers books once; both
 * schedulers tick and each reminder and notice still goes out once; her answer on A reaches him on B;
 * a call held on A settles completed on B, and a no-show settled by both is refunded once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BookingApi, type BookingInfo, type SendBookingAnswer } from '../../../protocol/bookings/booking';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { EventRoute } from '../../../protocol/realtime';
import type { AnchorProfile } from '../../../protocol/types';
import { startCluster, type TestCluster, type TestServer, type TestSocket } from '../harness';
import { liveTestConfig } from '../live/live-support';
import { bookAccepted, closePeers, holdCall } from './booking-call';

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];
/** The live rooms' clock: real time until a test moves it into a booking's time. */
let liveNow: number | undefined;

beforeAll(async () => {
  const live = { ...liveTestConfig(() => liveNow ?? Date.now()), demoStreams: false };
  cluster = await startCluster({ showNoticeTickMs: 600_000, live });
  ({ a, b } = cluster);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await closePeers();
  await cluster?.close();
});

const credit = async (userid: string) => {
  const [row] = await a.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
};

it('two members on two servers race for one slot: one booking, one charge', async () => {
  const m1 = await a.loginAs('M1001');
  const m5 = await b.loginAs('M1005');
  const info = await m1.call<BookingInfo>(BookingApi.manBookingInfo, { userid: 'A2002' });
  const slot = info.book_time.find((s) => s.status === 0);
  if (!slot) throw new Error('no slot');
  const before = { M1001: await credit('M1001'), M1005: await credit('M1005') };
  const answers = await Promise.all([
    m1.form(BookingApi.sendBookingRequest, { userid: 'A2002', book_time: slot.time }),
    m5.form(BookingApi.sendBookingRequest, { userid: 'A2002', book_time: slot.time }),
  ]);
  expect(answers.map((x) => x.body.errno).sort()).toEqual([0, Errno.BOOK_SLOT_TAKEN]);
  const charged = (await credit('M1001')) - before.M1001 + ((await credit('M1005')) - before.M1005);
  expect(charged).toBe(-150);
});

it('a double click split over two servers books once and charges once', async () => {
  const onA = await a.loginAs('M1003');
  // One session (a second login would end the first), used through both servers.
  const onB = b.client();
  for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
  const info = await onA.call<BookingInfo>(BookingApi.manBookingInfo, { userid: 'A2001' });
  const slot = info.book_time.find((s) => s.status === 0);
  if (!slot) throw new Error('no slot');
  const before = await credit('M1003');
  const fields = { userid: 'A2001', book_time: slot.time, giftid: 'G105', gift_num: 1, use_backpack: 0 };
  const answers = await Promise.all([
    onA.form<SendBookingAnswer>(BookingApi.sendBookingRequest, fields),
    onB.form<SendBookingAnswer>(BookingApi.sendBookingRequest, fields),
  ]);
  expect(answers.map((x) => x.body.errno)).toEqual([0, 0]);
  expect(answers[0]?.body.data?.invitation_id).toBe(answers[1]?.body.data?.invitation_id);
  expect(await credit('M1003')).toBe(before - 190);
});

it('her answer on A reaches him on B; with both schedulers ticking each notice goes out once', async () => {
  const lady = await a.loginAs('A2001');
  const member = await b.loginAs('M1005');
  const socket = await b.socketFor(member);
  sockets.push(socket);
  const info = await member.call<BookingInfo>(BookingApi.manBookingInfo, { userid: 'A2001' });
  const slot = info.book_time.filter((s) => s.status === 0)[3];
  if (!slot) throw new Error('no slot');
  const booked = await member.call<SendBookingAnswer>(BookingApi.sendBookingRequest, {
    userid: 'A2001',
    book_time: slot.time,
  });
  await lady.call(BookingApi.handleBooking, { invitation_id: booked.invitation_id, type: 1 });
  await socket.waitFor((m) => m.route === EventRoute.requestHandled);
  const at = slot.time * 1000;
  const [soonA, soonB] = await Promise.all([
    a.bookingScheduler.tick(at - 60_000),
    b.bookingScheduler.tick(at - 60_000),
  ]);
  const soon = [...(soonA?.soon ?? []), ...(soonB?.soon ?? [])].filter(
    (x) => x.bookingId === booked.invitation_id,
  );
  expect(soon).toHaveLength(1);
  const [startA, startB] = await Promise.all([a.bookingScheduler.tick(at), b.bookingScheduler.tick(at)]);
  const started = [...(startA?.start ?? []), ...(startB?.start ?? [])].filter(
    (x) => x.bookingId === booked.invitation_id,
  );
  expect(started).toHaveLength(1);
  await socket.waitFor((m) => m.route === EventRoute.scheduleStart);
  await new Promise((r) => setTimeout(r, 300));
  expect(socket.events(EventRoute.bookingNotice)).toHaveLength(1);
  expect(socket.events(EventRoute.scheduleStart)).toHaveLength(1);
});

it('a call held on A settles completed on B after she signed out; a no-show settled by both is refunded once', async () => {
  const [row] = await a.db.query<{ userid: string }>(
    `SELECT userid FROM anchors WHERE account_status = 1 AND (priv->>'booking')::int = 1
       AND userid NOT IN ('A2001', 'A2002') ORDER BY userid LIMIT 1`,
  );
  if (!row) throw new Error('no broadcaster taking bookings');
  const anchorId = row.userid;
  // Never live since the seed (her socket made her online), and her face-ID check passed.
  await a.db.query(
    `UPDATE anchors SET state = 'offline', face_verified_until = now() + interval '1 day' WHERE userid = $1`,
    [anchorId],
  );
  const lady = await a.loginAs(anchorId);
  const ladySocket = await a.socketFor(lady);
  sockets.push(ladySocket);
  const m1 = await a.loginAs('M1001');
  const m5 = await b.loginAs('M1005');
  const held = await bookAccepted(m1, lady, anchorId);
  const missed = await bookAccepted(m5, lady, anchorId);
  expect(missed.at).toBeGreaterThan(held.at);
  const m5Before = await credit('M1005');

  // The call is held on A (its room's media is there); she signs out there afterwards.
  liveNow = held.at + 30_000;
  await holdCall(m1, lady, anchorId, held.bookingId);
  await lady.call(Api.logout);
  await ladySocket.closed;
  const seen = await m5.call<AnchorProfile>(Api.getUserInfo, { userid: anchorId });
  expect(seen).toMatchObject({ is_online: 0, is_live: 0 });

  // B settles it from the database alone.
  const onB = await b.bookingScheduler.tick(held.at + 11 * 60_000);
  expect(onB.settled.find((x) => x.bookingId === held.bookingId)?.status).toBe('completed');
  // Both settle the no-show at once: one no-show, one refund.
  const both = await Promise.all([
    a.bookingScheduler.tick(missed.at + 11 * 60_000),
    b.bookingScheduler.tick(missed.at + 11 * 60_000),
  ]);
  const settled = both.flatMap((t) => t.settled).filter((x) => x.bookingId === missed.bookingId);
  expect(settled.map((x) => x.status)).toEqual(['noshow']);
  const moves = async (ref: string) =>
    (await a.db.query<{ delta: unknown }>('SELECT delta FROM ledger WHERE ref = $1 ORDER BY id', [ref])).map(
      (r) => Number(r.delta),
    );
  expect(await moves(held.bookingId)).toEqual([-150]);
  expect(await moves(missed.bookingId)).toEqual([-150, 150]);
  expect(await credit('M1005')).toBe(m5Before + 150);
});
