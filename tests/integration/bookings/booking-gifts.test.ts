/**
 * A gift with a booking: a room gift's rules (her taking gifts, Intimacy Level 4 for a limited
 * one), his backpack first, one charge with the deposit however often he sends it (20 at once),
 * back with the deposit when she declines (backpack gifts too), hers when the booking is held (her
 * Gifts card and her socket). Runs on PGlite, or on PostgreSQL with DATABASE_URL set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingApi, type BookingInfo, type SendBookingAnswer } from '../../../protocol/bookings/booking';
import { GiftErrno } from '../../../protocol/gifts/gifts';
import {
  type ReceivedRoomGifts,
  ROOM_GIFT_EVENT,
  RoomGiftApi,
} from '../../../protocol/room-gifts/room-gifts';
import { privateRoomId } from '../../../server/features/invitations';
import { startServer, type TestServer, type TestSocket } from '../harness';
import { membersLikeM1001 } from '../live/live-support';

const ANCHOR = 'A2001';
let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({ config: { showNoticeTickMs: 600_000 } });
  await membersLikeM1001(server, ['M9201', 'M9202', 'M9203', 'M9204']);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const post = async (userid: string, path: string, fields: Record<string, string | number> = {}) =>
  (await (await server.sessionOf(userid)).form(path, fields)).body;
const call = async <T>(userid: string, path: string, fields: Record<string, string | number> = {}) =>
  (await server.sessionOf(userid)).call<T>(path, fields);
const hundredths = async (userid: string) => {
  const [row] = await server.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
};
const held = async (userid: string, giftid: string) => {
  const [row] = await server.db.query<{ n: unknown }>(
    `SELECT COALESCE(SUM(quantity), 0) AS n FROM backpack_items WHERE user_id = $1 AND giftid = $2 AND kind = 'gift'`,
    [userid, giftid],
  );
  return Number(row?.n);
};
async function freeSlot(member: string, skip = 0) {
  const info = await call<BookingInfo>(member, BookingApi.manBookingInfo, { userid: ANCHOR });
  const slot = info.book_time.filter((s) => s.status === 0)[skip];
  if (!slot) throw new Error('no free slot');
  return slot;
}

describe('a gift with a booking', () => {
  it('the picker shows what his backpack holds and locks limited gifts; refusals move nothing', async () => {
    // His gift package (granted at sign-in) holds 2 Kiss.
    const info = await call<BookingInfo>('M9201', BookingApi.manBookingInfo, { userid: ANCHOR });
    expect(info.book_gift.gift_list.find((g) => g.giftid === 'G105')).toMatchObject({ held: 2, locked: 0 });
    expect(info.book_gift.gift_list.find((g) => g.giftid === 'G111')).toMatchObject({
      intimacy_level: 4,
      locked: 1,
    });
    const before = await hundredths('M9201');
    const slot = await freeSlot('M9201');
    const limited = await post('M9201', BookingApi.sendBookingRequest, {
      userid: ANCHOR,
      book_time: slot.time,
      giftid: 'G111',
      gift_num: 1,
    });
    expect(limited.errno).toBe(GiftErrno.LIMITED);
    await server.db.query(
      `UPDATE anchors SET priv = jsonb_set(priv, '{flower_sent}', '0') WHERE userid = $1`,
      [ANCHOR],
    );
    const closed = await post('M9201', BookingApi.sendBookingRequest, {
      userid: ANCHOR,
      book_time: slot.time,
      giftid: 'G105',
      gift_num: 1,
    });
    expect(
      (await call<BookingInfo>('M9201', BookingApi.manBookingInfo, { userid: ANCHOR })).book_gift.gift_list,
    ).toEqual([]);
    await server.db.query(
      `UPDATE anchors SET priv = jsonb_set(priv, '{flower_sent}', '1') WHERE userid = $1`,
      [ANCHOR],
    );
    expect(closed.errno).toBe(GiftErrno.NOT_ACCEPTED);
    expect(await hundredths('M9201')).toBe(before);
    expect(await held('M9201', 'G105')).toBe(2);
  });

  it('his backpack pays first; a decline gives back the deposit and the backpack gifts', async () => {
    const before = await hundredths('M9201');
    const slot = await freeSlot('M9201');
    const answer = await call<SendBookingAnswer>('M9201', BookingApi.sendBookingRequest, {
      userid: ANCHOR,
      book_time: slot.time,
      giftid: 'G105',
      gift_num: 3,
    });
    // 5 minutes (1.50) and one Kiss (0.40): two came out of his backpack.
    expect(await hundredths('M9201')).toBe(before - 150 - 40);
    expect(await held('M9201', 'G105')).toBe(0);
    await call('A2001', BookingApi.handleBooking, { invitation_id: answer.invitation_id, type: 2 });
    expect(await hundredths('M9201')).toBe(before);
    expect(await held('M9201', 'G105')).toBe(2);
    const moves = await server.db.query<{ delta: unknown; reason: string }>(
      'SELECT delta, reason FROM ledger WHERE ref = $1 ORDER BY id',
      [answer.invitation_id],
    );
    expect(moves.map((m) => [Number(m.delta), m.reason])).toEqual([
      [-190, 'booking_deposit'],
      [190, 'booking_refund'],
    ]);
  });

  it('20 sends at once book once and charge the deposit and gift once', async () => {
    const before = await hundredths('M9202');
    const slot = await freeSlot('M9202', 1);
    const fields = { userid: ANCHOR, book_time: slot.time, giftid: 'G107', gift_num: 1 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('M9202', BookingApi.sendBookingRequest, fields)),
    );
    expect(answers.every((a) => a.errno === 0)).toBe(true);
    expect(new Set(answers.map((a) => (a.data as SendBookingAnswer).invitation_id)).size).toBe(1);
    expect(await hundredths('M9202')).toBe(before - 150 - 150);
    const [row] = await server.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM ledger WHERE user_id = 'M9202' AND reason = 'booking_deposit'`,
    );
    expect(Number(row?.n)).toBe(1);
  });

  it('held: the gift is hers (Gifts card and socket), once; the deposit is kept', async () => {
    const lady = await server.sessionOf(ANCHOR);
    const socket = await server.socketFor(lady);
    sockets.push(socket);
    const slot = await freeSlot('M9203', 2);
    const answer = await call<SendBookingAnswer>('M9203', BookingApi.sendBookingRequest, {
      userid: ANCHOR,
      book_time: slot.time,
      giftid: 'G108',
      gift_num: 3,
    });
    await call(ANCHOR, BookingApi.handleBooking, { invitation_id: answer.invitation_id, type: 1 });
    const before = await call<ReceivedRoomGifts>(ANCHOR, RoomGiftApi.getReceivedRoomGifts);
    expect(before.list.some((g) => g.from_id === 'M9203')).toBe(false);
    // The One-on-One was held in the booking's room.
    const at = slot.time * 1000;
    await server.db.query(
      `INSERT INTO live_sessions (session_id, member_id, anchor_id, room_id, room_type, rate, started_at, ended_at)
       VALUES ('S-gift-test', 'M9203', $1, $2, 3, 30, $3, $4)`,
      [ANCHOR, privateRoomId(answer.invitation_id), new Date(at + 60_000), new Date(at + 300_000)],
    );
    const ticks = await Promise.all([
      server.bookingScheduler.tick(at + 11 * 60_000),
      server.bookingScheduler.tick(at + 11 * 60_000),
    ]);
    const settled = ticks.flatMap((t) => t.settled).filter((b) => b.bookingId === answer.invitation_id);
    expect(settled.map((b) => b.status)).toEqual(['completed']);
    const after = await call<ReceivedRoomGifts>(ANCHOR, RoomGiftApi.getReceivedRoomGifts);
    expect(after.list.filter((g) => g.from_id === 'M9203')).toEqual([
      expect.objectContaining({ giftid: 'G108', num: 3, credit: 2.4, from_backpack: 0, source: 'booking' }),
    ]);
    expect(after.credit - before.credit).toBeCloseTo(2.4, 2);
    const line = await socket.waitFor(
      (m) => m.route === ROOM_GIFT_EVENT && (m.req_data as { from_id?: string })?.from_id === 'M9203',
    );
    expect(line.req_data).toMatchObject({ giftid: 'G108', num: 3 });
  });
});
