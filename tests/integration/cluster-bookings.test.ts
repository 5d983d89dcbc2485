/**
 * Bookings across processes (PostgreSQL + Redis): two members racing for one slot through two
 * servers get one booking and one charge; a double click split over two servers books once; both
 * schedulers tick and each reminder and notice still goes out once; her answer on A reaches him on B.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BookingApi, type BookingInfo, type SendBookingAnswer } from '../../protocol/booking';
import { Errno } from '../../protocol/errors';
import { EventRoute } from '../../protocol/realtime';
import { startCluster, type TestCluster, type TestServer, type TestSocket } from './harness';

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster({ showNoticeTickMs: 600_000 });
  ({ a, b } = cluster);
});
afterAll(async () => {
  for (const s of sockets) s.close();
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
  const fields = { userid: 'A2001', book_time: slot.time, giftid: 'G105', gift_num: 1 };
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
