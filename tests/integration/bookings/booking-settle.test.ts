/**
 * How a scheduled One-on-One settles ten minutes after its start: from what happened (a session
 * held in the booking's room), not from who is online then. A call she held and then signed out of
 * is completed: the deposit is kept and nothing is refunded. Live in her public room but never in
 * the booking's room is a no-show: refunded once, however many times the scheduler settles. And a
 * broadcaster who signs out is offline, live before or not. Real WebRTC peers, the live clock moved
 * by hand. Runs on PGlite, or on PostgreSQL + Redis with DATABASE_URL and REDIS_URL set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BookingApi } from '../../../protocol/bookings/booking';
import { ONLINE_STATUS_OFFLINE } from '../../../protocol/constants';
import { Api } from '../../../protocol/paths';
import type { AnchorProfile } from '../../../protocol/types';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { creditOf, liveTestConfig } from '../live/live-support';
import { bookAccepted, closePeers, enterBooking, goLive, holdCall } from './booking-call';

let server: TestServer;
/** The live rooms' clock: real time until a test moves it into a booking's time. */
let liveNow: number | undefined;
const sockets: TestSocket[] = [];
const DEPOSIT = 150;

beforeAll(async () => {
  const live = { ...liveTestConfig(() => liveNow ?? Date.now()), demoStreams: false };
  server = await startServer({ config: { showNoticeTickMs: 600_000, live } });
  // Their face-ID check passed (face-id.test.ts goes through the check itself).
  await server.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid IN ('A2001', 'A2002')`,
  );
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await closePeers();
  await server?.close();
});

async function signedIn(userid: string): Promise<{ client: Client; socket: TestSocket }> {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  return { client, socket };
}
const credit = (userid: string) => creditOf(server, userid);
const moves = async (bookingId: string) =>
  (
    await server.db.query<{ delta: unknown; reason: string }>(
      'SELECT delta, reason FROM ledger WHERE ref = $1 ORDER BY id',
      [bookingId],
    )
  ).map((r) => [Number(r.delta), r.reason]);
const statusOf = async (member: Client, bookingId: string) =>
  (await member.call<{ status: string }>(BookingApi.scheduleDetail, { invitation_id: bookingId })).status;
/** She signs out, and her socket is closed by it. */
async function signOut(lady: { client: Client; socket: TestSocket }) {
  await lady.client.call(Api.logout);
  await lady.socket.closed;
}

it('a call she held, then signed out of, is completed: the deposit is kept, nothing refunded', async () => {
  // Never live since the seed: what made her online was her socket.
  await server.db.query(`UPDATE anchors SET state = 'offline' WHERE userid = 'A2001'`);
  const lady = await signedIn('A2001');
  const member = await server.loginAs('M1001');
  const { bookingId, at } = await bookAccepted(member, lady.client, 'A2001');
  const afterDeposit = await credit('M1001');

  liveNow = at + 30_000;
  await holdCall(member, lady.client, 'A2001', bookingId);
  liveNow = at + 3 * 60_000;
  await signOut(lady);

  const [settled] = (await server.bookingScheduler.tick(at + 11 * 60_000)).settled.filter(
    (b) => b.bookingId === bookingId,
  );
  expect(settled?.status).toBe('completed');
  expect(await statusOf(member, bookingId)).toBe('completed');
  expect(await moves(bookingId)).toEqual([[-DEPOSIT, 'booking_deposit']]);
  // His first minutes were the deposit's: nothing more was charged, nothing came back.
  expect(await credit('M1001')).toBe(afterDeposit);
  // Settling again finds nothing to do.
  const again = await server.bookingScheduler.tick(at + 12 * 60_000);
  expect(again.settled.map((b) => b.bookingId)).not.toContain(bookingId);
  expect(await moves(bookingId)).toEqual([[-DEPOSIT, 'booking_deposit']]);
});

it('live in her public room but never in the booking: a no-show, refunded once; signing out puts her offline', async () => {
  const lady = await signedIn('A2002');
  await goLive(lady.client);
  const member = await server.loginAs('M1005');
  const before = await credit('M1005');
  const { bookingId, at } = await bookAccepted(member, lady.client, 'A2002');
  expect(await credit('M1005')).toBe(before - DEPOSIT);

  // He comes and waits; she stays in her public room.
  liveNow = at + 60_000;
  await enterBooking(member, 'A2002', bookingId);

  // Two schedulers settle at once: one no-show, one refund.
  const ticks = await Promise.all([
    server.bookingScheduler.tick(at + 11 * 60_000),
    server.bookingScheduler.tick(at + 11 * 60_000),
  ]);
  const settled = ticks.flatMap((t) => t.settled).filter((b) => b.bookingId === bookingId);
  expect(settled.map((b) => b.status)).toEqual(['noshow']);
  expect(await statusOf(member, bookingId)).toBe('noshow');
  expect(await moves(bookingId)).toEqual([
    [-DEPOSIT, 'booking_deposit'],
    [DEPOSIT, 'booking_refund'],
  ]);
  expect(await credit('M1005')).toBe(before);

  // Live until she signs out; then members see her offline.
  const seen = () => member.call<AnchorProfile>(Api.getUserInfo, { userid: 'A2002' });
  expect((await seen()).is_live).toBe(1);
  await signOut(lady);
  expect(await seen()).toMatchObject({ online_status: ONLINE_STATUS_OFFLINE, is_online: 0, is_live: 0 });
  // Her next sign-in and broadcast make her live again.
  const back = await signedIn('A2002');
  await goLive(back.client);
  expect((await seen()).is_live).toBe(1);
});
