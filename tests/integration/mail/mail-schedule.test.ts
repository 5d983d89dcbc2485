/**
 * A scheduled One-on-One request sent by mail (the deposit exactly 30% off, the
 * mail charged as usual, both in one transaction; the 24 hours to 14 days window; 'request sent by
 * mail must be read first'; accept, decline, cancel and expiry through the booking lifecycle with
 * exact refunds, once), paying the other way when sending and reading (click_type), and the mail
 * guide's seen flag (setGuideMailDone, getUserConfig). Runs on PGlite, or PostgreSQL + Redis with
 * DATABASE_URL and REDIS_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BookingApi,
  BookingEvent,
  type BookingInfo,
  SCHEDULE_REQUEST_MAX_S,
  SCHEDULE_REQUEST_MIN_S,
  type ScheduleListData,
} from '../../../protocol/bookings/booking';
import { Errno } from '../../../protocol/errors';
import {
  MAIL_SCHEDULE_DISCOUNT_PERCENT,
  MailApi,
  type MailDetail,
  MailErrno,
  MailMessages,
  mailScheduleDeposit,
  type ReadAnswer,
} from '../../../protocol/mail/mail';
import { Api } from '../../../protocol/paths';
import type { UserConfig } from '../../../protocol/types';
import { DEPOSIT_BASE_HUNDREDTHS } from '../../../server/features/bookings/booking-deposits';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({ config: { showNoticeTickMs: 600_000 } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const as = (userid: string): Promise<Client> => server.sessionOf(userid);
const setBalances = (userid: string, credit: number, poststamp: number) =>
  server.db.query('UPDATE members SET credit = $2, poststamp = $3 WHERE userid = $1', [
    userid,
    credit,
    poststamp,
  ]);
const balances = async (userid: string) => {
  const [row] = await server.db.query<{ credit: unknown; poststamp: unknown }>(
    'SELECT credit, poststamp FROM members WHERE userid = $1',
    [userid],
  );
  return { credit: Number(row?.credit), poststamp: Number(row?.poststamp) };
};
const ledgerFor = async (ref: string) =>
  (
    await server.db.query<{ delta: unknown; reason: string }>(
      'SELECT delta, reason FROM ledger WHERE ref = $1 ORDER BY id',
      [ref],
    )
  ).map((r) => [Number(r.delta), r.reason]);
const count = async (sql: string, params: unknown[]) =>
  Number((await server.db.query<{ n: unknown }>(sql, params))[0]?.n);
const sentMail = (userid: string) =>
  count('SELECT count(*) AS n FROM mail WHERE member_id = $1 AND from_member', [userid]);
const bookingsOf = (userid: string) =>
  count('SELECT count(*) AS n FROM bookings WHERE user_id = $1', [userid]);

let anchorWithBooking = '';
let anchorWithoutBooking = '';
let keySeq = 0;
const nextKey = () => `k${Date.now().toString(36)}${keySeq++}`;

/** Her free slots from `fromS` to `toS` seconds ahead, on her timetable. */
async function slots(member: string, anchor: string, fromS: number, toS: number) {
  const info = await (await as(member)).call<BookingInfo>(BookingApi.manBookingInfo, {
    userid: anchor,
    days: 15,
  });
  const now = Date.now() / 1000;
  return info.book_time.filter((s) => s.status === 0 && s.time >= now + fromS && s.time <= now + toS);
}
/** A free slot safely inside the mail window (a few minutes clear of both ends). */
async function windowSlot(member: string, anchor = anchorWithBooking, skip = 0) {
  const list = await slots(member, anchor, SCHEDULE_REQUEST_MIN_S + 600, SCHEDULE_REQUEST_MAX_S - 600);
  const slot = list[skip];
  if (!slot) throw new Error(`no free slot of ${anchor}`);
  return slot;
}
function sendWithSchedule(
  member: string,
  bookTime: number,
  extra: Record<string, string | number> = {},
  anchor = anchorWithBooking,
) {
  return as(member).then((c) =>
    c.form<{ emf_id: string; credit: number; poststamp: number; invitation_id?: string }>(MailApi.sendEmf, {
      anchor_id: anchor,
      content: 'Shall we meet for a One-on-One?',
      key: nextKey(),
      book_time: bookTime,
      ...extra,
    }),
  );
}

beforeAll(async () => {
  const rows = await server.db.query<{ userid: string; booking: unknown }>(
    `SELECT userid, (priv->>'booking')::int AS booking FROM anchors WHERE account_status = 1 ORDER BY userid`,
  );
  anchorWithBooking = rows.find((r) => Number(r.booking) === 1)?.userid ?? '';
  anchorWithoutBooking = rows.find((r) => Number(r.booking) === 0)?.userid ?? '';
  expect(anchorWithBooking).not.toBe('');
  expect(anchorWithoutBooking).not.toBe('');
});

describe('a scheduled One-on-One request sent by mail', () => {
  it('charges the mail as usual and the deposit exactly 30% off, in one go, and tells her', async () => {
    expect(MAIL_SCHEDULE_DISCOUNT_PERCENT).toBe(30);
    expect(DEPOSIT_BASE_HUNDREDTHS).toBe(150);
    expect(mailScheduleDeposit(DEPOSIT_BASE_HUNDREDTHS)).toBe(105);
    await setBalances('M1003', 5_000, 3);
    const lady = await as(anchorWithBooking);
    const ladySocket = await server.socketFor(lady);
    sockets.push(ladySocket);
    const heard = ladySocket.waitFor((m) => m.route === BookingEvent.bookingRequest);
    const slot = await windowSlot('M1003');
    const sent = await sendWithSchedule('M1003', slot.time, { time_id: slot.time_id });
    expect(sent.body.errno).toBe(0);
    const { emf_id, invitation_id } = sent.body.data;
    expect(invitation_id).toMatch(/^BK/);
    // 1 stamp for the mail (stamps first), 1.05 credits for the deposit.
    expect(await balances('M1003')).toEqual({ credit: 5_000 - 105, poststamp: 2 });
    expect(sent.body.data).toMatchObject({ credit: 48.95, poststamp: 2 });
    expect(await ledgerFor(invitation_id ?? '')).toEqual([[-105, 'booking_deposit']]);
    expect((await heard).req_data).toMatchObject({
      booking: { invitation_id, status: 'pending', deposit: 1.05 },
    });

    // The letter and the schedule pages show it.
    const detail = await (await as('M1003')).call<MailDetail>(MailApi.getEmfDetail, { emf_id });
    expect(detail.schedule).toEqual({
      invitation_id,
      book_time: slot.time,
      status: 'pending',
      deposit: 1.05,
      original_deposit: 1.5,
      discount_percent: 30,
    });
    const list = await (await as('M1003')).call<ScheduleListData>(BookingApi.scheduleList);
    expect(list.list.find((b) => b.invitation_id === invitation_id)).toMatchObject({
      kind: 'request',
      status: 'pending',
      deposit: 1.05,
      anchor_id: anchorWithBooking,
    });
    // Her mail panel shows the request inside the letter.
    const hers = await lady.call<{ list: { emf_id: string; is_read: number; schedule: unknown }[] }>(
      MailApi.ladyMailList,
    );
    expect(hers.list.find((r) => r.emf_id === emf_id)).toMatchObject({
      is_read: 0,
      schedule: { invitation_id, status: 'pending' },
    });
  });

  it('pays the mail with credits too when stamps are short: 0.8 + 1.05', async () => {
    await setBalances('M1001', 1_000, 0);
    const slot = await windowSlot('M1001');
    const sent = await sendWithSchedule('M1001', slot.time);
    expect(sent.body.errno).toBe(0);
    expect(await balances('M1001')).toEqual({ credit: 1_000 - 80 - 105, poststamp: 0 });
    expect(await ledgerFor(sent.body.data.emf_id)).toEqual([[-80, 'mail_send']]);
  });

  it('refuses outside 24 hours to 14 days, off her timetable and without her booking privilege: nothing charged or sent', async () => {
    await setBalances('M1005', 5_000, 10);
    const before = { mail: await sentMail('M1005'), bookings: await bookingsOf('M1005') };
    const soon = (await slots('M1005', anchorWithBooking, 31 * 60, SCHEDULE_REQUEST_MIN_S - 600))[0];
    if (!soon) throw new Error('no slot within the next day');
    const tooSoon = await sendWithSchedule('M1005', soon.time);
    expect(tooSoon.body).toMatchObject({
      errno: MailErrno.SCHEDULE_WINDOW,
      errmsg: MailMessages.scheduleWindow,
    });
    const far = (await windowSlot('M1005')).time + SCHEDULE_REQUEST_MAX_S;
    const tooFar = await sendWithSchedule('M1005', far);
    expect(tooFar.body.errno).toBe(MailErrno.SCHEDULE_WINDOW);
    const offHour = await sendWithSchedule('M1005', (await windowSlot('M1005')).time + 1800);
    expect(offHour.body.errno).toBe(Errno.BOOK_TIME_UNAVAILABLE);
    const noBooking = await sendWithSchedule(
      'M1005',
      (await windowSlot('M1005')).time,
      {},
      anchorWithoutBooking,
    );
    expect(noBooking.body.errno).toBe(Errno.ANCHOR_NO_BOOKING);
    // M1002 has no One-on-One privilege.
    await setBalances('M1002', 5_000, 10);
    const noPriv = await sendWithSchedule('M1002', (await windowSlot('M1003')).time);
    expect(noPriv.body.errno).toBe(Errno.NO_PRIVILEGE);
    expect(await balances('M1005')).toEqual({ credit: 5_000, poststamp: 10 });
    expect(await sentMail('M1005')).toBe(before.mail);
    expect(await bookingsOf('M1005')).toBe(before.bookings);
  });

  it('insufficient credits for the schedule request: 17228, the mail is not sent either', async () => {
    await setBalances('M1005', 104, 10);
    const before = await sentMail('M1005');
    const slot = await windowSlot('M1005');
    const short = await sendWithSchedule('M1005', slot.time);
    expect(short.body).toMatchObject({
      errno: MailErrno.SCHEDULE_NO_CREDIT,
      errmsg: MailMessages.scheduleNoCredit,
    });
    expect(await balances('M1005')).toEqual({ credit: 104, poststamp: 10 });
    expect(await sentMail('M1005')).toBe(before);
    // Paying the mail with credits would leave too little for the deposit: pay it with stamps.
    await setBalances('M1005', 105 + 79, 10);
    const other = await sendWithSchedule('M1005', slot.time, { click_type: 2 });
    expect(other.body).toMatchObject({
      errno: MailErrno.SEND_NO_CREDITS_HAS_STAMPS,
      errmsg: MailMessages.sendNoCreditsHasStamps,
    });
    const withStamps = await sendWithSchedule('M1005', slot.time, { click_type: 1 });
    expect(withStamps.body.errno).toBe(0);
    expect(await balances('M1005')).toEqual({ credit: 79, poststamp: 9 });
    await setBalances('M1005', 5_000, 10);
  });

  it('a double click sends once, books once and charges once', async () => {
    await setBalances('M1005', 5_000, 10);
    const slot = await windowSlot('M1005', anchorWithBooking, 3);
    const c = await as('M1005');
    const fields = { anchor_id: anchorWithBooking, content: 'Twice?', key: nextKey(), book_time: slot.time };
    const [a, b] = await Promise.all([c.form(MailApi.sendEmf, fields), c.form(MailApi.sendEmf, fields)]);
    expect([a.body.errno, b.body.errno]).toEqual([0, 0]);
    expect(a.body.data).toMatchObject({
      invitation_id: (b.body.data as { invitation_id: string }).invitation_id,
    });
    expect(await balances('M1005')).toEqual({ credit: 5_000 - 105, poststamp: 9 });
  });

  it('she must read the mail first, then accepts; answering again says it is accepted', async () => {
    await setBalances('M1003', 5_000, 3);
    const slot = await windowSlot('M1003', anchorWithBooking, 1);
    const sent = await sendWithSchedule('M1003', slot.time);
    const id = sent.body.data.invitation_id ?? '';
    const lady = await as(anchorWithBooking);
    const early = await lady.form(BookingApi.handleBooking, { invitation_id: id, type: 1 });
    expect(early.body).toMatchObject({
      errno: MailErrno.SCHEDULE_READ_FIRST,
      errmsg: 'request sent by mail must be read first',
    });
    const opened = await lady.call<{ is_read: number; content: string; schedule: { status: string } }>(
      MailApi.ladyReadMail,
      { emf_id: sent.body.data.emf_id },
    );
    expect(opened).toMatchObject({ is_read: 1, content: 'Shall we meet for a One-on-One?' });
    expect(opened.schedule.status).toBe('pending');
    const yes = await lady.form(BookingApi.handleBooking, { invitation_id: id, type: 1 });
    expect(yes.body.errno).toBe(0);
    const again = await lady.form(BookingApi.handleBooking, { invitation_id: id, type: 2 });
    expect(again.body).toMatchObject({
      errno: MailErrno.SCHEDULE_ACCEPTED,
      errmsg: MailMessages.scheduleAccepted,
    });
    const detail = await (await as('M1003')).call<MailDetail>(MailApi.getEmfDetail, {
      emf_id: sent.body.data.emf_id,
    });
    expect(detail.schedule?.status).toBe('accepted');
    // Another broadcaster cannot open it; the member cannot answer his own request.
    const other = await as(anchorWithoutBooking);
    expect((await other.form(MailApi.ladyReadMail, { emf_id: sent.body.data.emf_id })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    // The member cancels the accepted booking: exactly the deposit comes back, once.
    const before = await balances('M1003');
    const cancel = await (await as('M1003')).form(BookingApi.cancelPrivateRequest, { invitation_id: id });
    expect(cancel.body.errno).toBe(0);
    const twice = await (await as('M1003')).form(BookingApi.cancelPrivateRequest, { invitation_id: id });
    expect(twice.body.errno).toBe(Errno.REQUEST_CLOSED);
    expect((await balances('M1003')).credit).toBe(before.credit + 105);
    expect(await ledgerFor(id)).toEqual([
      [-105, 'booking_deposit'],
      [105, 'booking_refund'],
    ]);
  });

  it('a decline refunds exactly the deposit once (the mail charge stays); answering again says declined', async () => {
    await setBalances('M1003', 5_000, 3);
    const slot = await windowSlot('M1003', anchorWithBooking, 2);
    const sent = await sendWithSchedule('M1003', slot.time);
    const id = sent.body.data.invitation_id ?? '';
    expect(await balances('M1003')).toEqual({ credit: 5_000 - 105, poststamp: 2 });
    const lady = await as(anchorWithBooking);
    await lady.call(MailApi.ladyReadMail, { emf_id: sent.body.data.emf_id });
    const [no, no2] = await Promise.all([
      lady.form(BookingApi.handleBooking, { invitation_id: id, type: 2 }),
      lady.form(BookingApi.handleBooking, { invitation_id: id, type: 2 }),
    ]);
    // Two declines at once: one wins, the other finds it closed.
    const codes = [no.body.errno, no2.body.errno].sort((x, y) => x - y);
    expect(codes[0]).toBe(0);
    expect([MailErrno.SCHEDULE_DECLINED, Errno.REQUEST_CLOSED]).toContain(codes[1]);
    const again = await lady.form(BookingApi.handleBooking, { invitation_id: id, type: 1 });
    expect(again.body).toMatchObject({
      errno: MailErrno.SCHEDULE_DECLINED,
      errmsg: MailMessages.scheduleDeclined,
    });
    expect(await balances('M1003')).toEqual({ credit: 5_000, poststamp: 2 });
    expect(await ledgerFor(id)).toEqual([
      [-105, 'booking_deposit'],
      [105, 'booking_refund'],
    ]);
  });

  it('expires unanswered at its start, refunded once; answering then says it expired', async () => {
    await setBalances('M1001', 5_000, 5);
    const slot = await windowSlot('M1001', anchorWithBooking, 4);
    const sent = await sendWithSchedule('M1001', slot.time);
    const id = sent.body.data.invitation_id ?? '';
    const lady = await as(anchorWithBooking);
    await lady.call(MailApi.ladyReadMail, { emf_id: sent.body.data.emf_id });
    const settled = await server.bookingScheduler.tick(slot.time * 1000);
    expect(settled.settled.map((b) => [b.bookingId, b.status])).toContainEqual([id, 'expired']);
    await server.bookingScheduler.tick(slot.time * 1000 + 60_000);
    expect(await ledgerFor(id)).toEqual([
      [-105, 'booking_deposit'],
      [105, 'booking_refund'],
    ]);
    const late = await lady.form(BookingApi.handleBooking, { invitation_id: id, type: 1 });
    expect(late.body).toMatchObject({
      errno: MailErrno.SCHEDULE_EXPIRED,
      errmsg: MailMessages.scheduleExpired,
    });
    const detail = await (await as('M1001')).call<MailDetail>(MailApi.getEmfDetail, {
      emf_id: sent.body.data.emf_id,
    });
    expect(detail.schedule?.status).toBe('expired');
  });
});

describe('paying the other way (click_type)', () => {
  const ladyMail = (manId: string) =>
    server.services.mailHost.send(anchorWithBooking, {
      manId,
      kind: 'emf',
      content: 'A response for you',
      media: [],
    });

  it('reading: credits when chosen although stamps are there; each shortfall names the other way', async () => {
    const read = async (emf_id: string, click_type: number) =>
      (await as('M1005')).form<ReadAnswer>(MailApi.readEmf, { emf_id, click_type });
    await setBalances('M1005', 1_000, 5);
    const one = await ladyMail('M1005');
    const withCredits = await read(one.emf_id, 2);
    expect(withCredits.body.data).toMatchObject({ paid_with: 'credits', credit: 9.2, poststamp: 5 });
    expect(await read(one.emf_id, 2)).toMatchObject({ body: { errno: 0, data: { paid_with: 'none' } } });

    const two = await ladyMail('M1005');
    await setBalances('M1005', 1_000, 0);
    expect((await read(two.emf_id, 1)).body).toMatchObject({
      errno: MailErrno.READ_NO_STAMPS_HAS_CREDITS,
      errmsg: MailMessages.readNoStampsHasCredits,
    });
    await setBalances('M1005', 0, 1);
    expect((await read(two.emf_id, 2)).body).toMatchObject({
      errno: MailErrno.READ_NO_CREDITS_HAS_STAMPS,
      errmsg: MailMessages.readNoCreditsHasStamps,
    });
    expect((await read(two.emf_id, 1)).body.data).toMatchObject({ paid_with: 'stamps', poststamp: 0 });
    const three = await ladyMail('M1005');
    expect((await read(three.emf_id, 1)).body.errno).toBe(MailErrno.NO_MONEY_READ);
    expect((await read(three.emf_id, 0)).body.errno).toBe(MailErrno.NO_MONEY_READ);
    expect(await balances('M1005')).toEqual({ credit: 0, poststamp: 0 });
  });

  it('sending: credits when chosen although stamps are there; each shortfall names the other way', async () => {
    const send = async (click_type: number, key = nextKey()) =>
      (await as('M1005')).form<{ credit: number; poststamp: number }>(MailApi.sendEmf, {
        anchor_id: anchorWithBooking,
        content: 'Hello',
        key,
        click_type,
      });
    await setBalances('M1005', 1_000, 5);
    expect((await send(2)).body.data).toEqual(expect.objectContaining({ credit: 9.2, poststamp: 5 }));
    expect((await send(1)).body.data).toEqual(expect.objectContaining({ credit: 9.2, poststamp: 4 }));
    await setBalances('M1005', 1_000, 0);
    expect((await send(1)).body).toMatchObject({
      errno: MailErrno.SEND_NO_STAMPS_HAS_CREDITS,
      errmsg: MailMessages.sendNoStampsHasCredits,
    });
    await setBalances('M1005', 79, 1);
    expect((await send(2)).body).toMatchObject({
      errno: MailErrno.SEND_NO_CREDITS_HAS_STAMPS,
      errmsg: MailMessages.sendNoCreditsHasStamps,
    });
    await setBalances('M1005', 0, 0);
    expect((await send(1)).body.errno).toBe(MailErrno.NO_MONEY_SEND);
    expect((await send(2)).body.errno).toBe(MailErrno.NO_MONEY_SEND);
    // The old wire (no click_type) still pays stamps first.
    await setBalances('M1005', 1_000, 2);
    const plain = await (await as('M1005')).form<{ poststamp: number }>(MailApi.sendEmf, {
      anchor_id: anchorWithBooking,
      content: 'Hello',
      key: nextKey(),
    });
    expect(plain.body.data).toMatchObject({ credit: 10, poststamp: 1 });
    await setBalances('M1005', 5_000, 10);
  });
});

describe('the mail guide', () => {
  it('shows until finished once, then on no device again', async () => {
    const first = await server.loginAs('M1003');
    expect((await first.call<UserConfig>(Api.getUserConfig)).guide_mail).toBe(0);
    const done = await first.call<UserConfig>(MailApi.setGuideMailDone);
    expect(done.guide_mail).toBe(1);
    // Another login (another device) learns it from getUserConfig.
    const second = await server.loginAs('M1003');
    expect((await second.call<UserConfig>(Api.getUserConfig)).guide_mail).toBe(1);
    expect((await second.call<UserConfig>(MailApi.setGuideMailDone)).guide_mail).toBe(1);
    // A broadcaster has no guide to finish: her config is unchanged.
    const lady = await server.loginAs(anchorWithBooking);
    expect((await lady.form(MailApi.setGuideMailDone)).body.errno).toBe(0);
    expect((await lady.call<UserConfig>(Api.getUserConfig)).guide_mail).toBe(0);
  });
});
