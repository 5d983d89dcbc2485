/**
 * Reminders: a member online is told when a broadcaster he follows comes online (her socket signs
 * in), once for a quick second sign-in, and a member who does not follow her is not told; a ticket
 * holder gets the 30-minute pre-start notice on the socket, once; the unread counters and the Home
 * page's schedule notice answer real counts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MessageApi } from '../../../protocol/messages/messages';
import {
  type AnchorOnlineNotice,
  NOTICE_REMIND_TYPE,
  ReminderApi,
  ReminderEvent,
  type ScheduleListNoReadNum,
  type ShowMsgNotice,
  type TotalUnreadNum,
} from '../../../protocol/reminders/reminders';
import { startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({ config: { showNoticeTickMs: 100 } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const socketOf = async (userid: string) => {
  const socket = await server.socketFor(await server.sessionOf(userid));
  sockets.push(socket);
  return socket;
};

it('tells a follower, and only a follower, when a broadcaster he follows comes online', async () => {
  const follower = await socketOf('M1001');
  const other = await socketOf('M1002');
  await socketOf('A2003');
  const notice = await follower.waitFor((m) => m.route === ReminderEvent.anchorOnline);
  expect(notice.req_data as AnchorOnlineNotice).toMatchObject({
    anchor_id: 'A2003',
    notice_remind_type: NOTICE_REMIND_TYPE.online,
  });
  expect((notice.req_data as AnchorOnlineNotice).anchor_nickname).not.toBe('');
  // A reload of her workspace a moment later does not tell him again.
  await socketOf('A2003');
  await new Promise((r) => setTimeout(r, 300));
  expect(follower.received.filter((m) => m.route === ReminderEvent.anchorOnline)).toHaveLength(1);
  expect(other.received.some((m) => m.route === ReminderEvent.anchorOnline)).toBe(false);
});

it('counts his unread private messages, and his schedules for the Home notice', async () => {
  const member = await server.sessionOf('M1001');
  const before = await member.call<TotalUnreadNum>(ReminderApi.getTotalUnreadNum);
  const lady = await server.sessionOf('A2003');
  const sent = await lady.form(MessageApi.sendPrivateMessage, { to_id: 'M1001', content: 'Are you around?' });
  expect(sent.body.errno).toBe(0);
  const after = await member.call<TotalUnreadNum>(ReminderApi.getTotalUnreadNum);
  expect(after.private_message).toBe(before.private_message + 1);
  expect(after.total).toBe(before.total + 1);

  const start = new Date(Math.ceil((Date.now() + 2 * 3600_000) / 1000) * 1000);
  await server.db.query(
    `INSERT INTO bookings (booking_id, kind, anchor_id, user_id, book_time, time_id, status)
     VALUES ('BKTESTREMIND', 'request', 'A2040', 'M1001', $1, 'T1', 'accepted')`,
    [start],
  );
  const counts = await member.call<ScheduleListNoReadNum>(ReminderApi.getScheduleListNoReadNum);
  expect(counts.sch_num).toBeGreaterThanOrEqual(1);
  expect(counts.sch_time).toBeGreaterThan(0);
  expect(counts.sch_time).toBeLessThanOrEqual(start.getTime() / 1000);
  expect(counts.total).toBe(counts.pending + counts.scheduled + counts.history);
  expect(counts.scheduled).toBeGreaterThanOrEqual(1);
});

it('answers the counters to members only', async () => {
  const lady = await server.sessionOf('A2005');
  const answer = await lady.form(ReminderApi.getTotalUnreadNum, {});
  expect(answer.body.errno).not.toBe(0);
});

it("sends a ticket holder the show's 30-minute pre-start notice on the socket, once", async () => {
  // LS3002: A2003's show, two days away in the seed.
  await server.db.query(
    `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ('LS3002', 'M1004', 1, 100)
     ON CONFLICT (live_show_id, member_id) DO UPDATE SET status = 1`,
  );
  const holder = await socketOf('M1004');
  await server.db.query(
    `UPDATE shows SET start_time = now() + interval '20 minutes' WHERE live_show_id = 'LS3002'`,
  );
  const notice = await holder.waitFor((m) => m.route === ReminderEvent.showMsg);
  expect(notice.req_data as ShowMsgNotice).toMatchObject({
    type: 'preStart',
    live_show_id: 'LS3002',
    anchor_id: 'A2003',
  });
  expect((notice.req_data as ShowMsgNotice).msg).toMatch(/starts in (19|20) minutes\./);
  await new Promise((r) => setTimeout(r, 600));
  expect(holder.received.filter((m) => m.route === ReminderEvent.showMsg)).toHaveLength(1);
});
