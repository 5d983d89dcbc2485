/**
 * Paid time in live rooms on one server (PGlite, or PostgreSQL + Redis), with real WebRTC peers and
 * the billing clock moved by hand: a member has one seat and one bill per room however many windows
 * he opens; the minutes a request or a booking paid ahead are used once, whatever the number of
 * visits; an accepted request's room stays enterable for REQUEST_ROOM_OPEN_S, a visit in it resumes
 * after that. (live-billing.test.ts races the same across two processes.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { Errno } from '../../../protocol/errors';
import { LiveApi, LiveText } from '../../../protocol/live/live';
import { type BookingRequestAnswer, InviteApi, REQUEST_ROOM_OPEN_S } from '../../../protocol/realtime';
import { type Client, startServer, type TestServer } from '../harness';
import {
  billsOf,
  creditOf,
  liveTestConfig,
  manyWindows,
  membersLikeM1001,
  openWindow,
  premiumAnchor,
} from './live-support';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
});
afterAll(async () => {
  for (const pc of peers) await pc.close();
  await server?.close();
});

const tick = () => server.services.live.tick();

/** One visit of `seconds` to a One-on-One, billed as it goes (no broadcaster's socket: her clip plays). */
async function visit(member: Client, ask: Record<string, string>, seconds: number) {
  const entered = await openWindow(member, ask, peers);
  expect(entered.errno).toBe(0);
  for (let left = seconds; left > 0; left -= 60) {
    now += Math.min(60, left) * 1000;
    await tick();
  }
  await member.form(LiveApi.leave, { viewer_id: entered.viewerId });
  now += 10_000;
}

it('gives one member in 20 windows at once one seat and one bill', async () => {
  const anchorid = await premiumAnchor(server);
  await membersLikeM1001(server, ['M1931']);
  const member = await server.loginAs('M1931');
  const windows = await manyWindows([member], { anchorid, type: 'public', price_ok: '1' }, 20, 15, peers);
  const room = (await server.services.live.viewers(anchorid)).room_id;
  expect(await billsOf(server, 'M1931', room)).toEqual({ open: 1, charged: 1 });
  now += 2 * 60_000;
  await tick();
  expect(await billsOf(server, 'M1931', room)).toEqual({ open: 1, charged: 3 });
  expect(await creditOf(server, 'M1931')).toBe(1000 - 15);
  const seats = (await server.services.live.viewers(anchorid)).viewers.filter((v) => v.user_id === 'M1931');
  expect(seats).toHaveLength(1);
  for (const w of windows) await member.form(LiveApi.leave, { viewer_id: w.viewerId });
  expect(await billsOf(server, 'M1931', room)).toMatchObject({ open: 0 });
});

it("uses a request's prepaid minute once, and opens its room for REQUEST_ROOM_OPEN_S after she accepted", async () => {
  const member = await server.loginAs('M1007');
  const request = await member.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2004' });
  const lady = await server.loginAs('A2004');
  await lady.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
  const ask = { anchorid: 'A2004', type: 'private', roomid: `PV${request.invitation_id}` };
  const afterHold = await creditOf(server, 'M1007');
  // Three visits of 50 s: the hold paid the first; the others pay from their first minute.
  for (let i = 0; i < 3; i++) await visit(member, ask, 50);
  expect(await creditOf(server, 'M1007')).toBe(afterHold - 60);

  // A visit still going resumes after the room closed to new ones; once it ends, the room is closed.
  const inside = await openWindow(member, ask, peers);
  expect(inside.errno).toBe(0);
  await server.db.query('UPDATE invitations SET closed_at = $2 WHERE invite_id = $1', [
    request.invitation_id,
    new Date(now - REQUEST_ROOM_OPEN_S * 1000 - 1000),
  ]);
  const reload = await openWindow(member, ask, peers);
  expect(reload.errno).toBe(0);
  await member.form(LiveApi.leave, { viewer_id: reload.viewerId });
  const late = await member.form(LiveApi.watch, ask);
  expect(late.body).toMatchObject({ errno: Errno.NO_PRIVILEGE, errmsg: LiveText.noPower });
  expect(await creditOf(server, 'M1007')).toBe(afterHold - 90);
});

it("uses a booking's five prepaid minutes once across visits", async () => {
  const bookingId = 'BKpaidtime1';
  await server.db.query(
    `INSERT INTO bookings (booking_id, kind, anchor_id, user_id, book_time, time_id, deposit, status,
       answered_at, sms_at, soon_at, start_at, settled_at)
     VALUES ($1, 'request', 'A2004', 'M1003', $2, 'paidtime', 150, 'completed', now(), now(), now(), now(), now())`,
    [bookingId, new Date(now)],
  );
  const member = await server.loginAs('M1003');
  const ask = { anchorid: 'A2004', type: 'private', roomid: `PV${bookingId}` };
  const before = await creditOf(server, 'M1003');
  // 3 minutes, then 3 (2 left prepaid, the third paid), then 1 paid from its first minute.
  await visit(member, ask, 170);
  expect(await creditOf(server, 'M1003')).toBe(before);
  await visit(member, ask, 170);
  expect(await creditOf(server, 'M1003')).toBe(before - 30);
  await visit(member, ask, 50);
  expect(await creditOf(server, 'M1003')).toBe(before - 60);
});
