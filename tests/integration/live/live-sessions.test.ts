/**
 * The member's One-on-One sessions (GET /man/v1/live/mysessions): his own private-room visits
 * only, newest first and at most 20, each with her name and photo, when, how long and what it cost
 * (what the ledger says he paid: the minutes, and the hold or deposit that paid ahead). A
 * broadcaster is refused; no session is an empty list.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { LiveSessionsApi, type MySessionsAnswer } from '../../../protocol/live/live-sessions';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const base = Date.parse('2026-11-24T12:00:00Z');
let seq = 0;
/**
 * One visit as the billing leaves it: `minutes` paid (or prepaid), ended `minutes` later unless
 * open, with its ledger: each minute past the prepaid ones, and `ahead` (a request's hold or a
 * booking's deposit, in hundredths) that paid the prepaid ones.
 */
async function seed(
  member: string,
  anchor: string,
  roomType: number,
  fields: {
    rate?: number;
    minutes?: number;
    prepaid?: number;
    at?: number;
    open?: boolean;
    ahead?: { reason: 'request_hold' | 'booking_deposit'; hundredths: number };
  } = {},
) {
  const { rate = 30, minutes = 1, prepaid = 0, at = base, open = false, ahead } = fields;
  const id = `LStest${++seq}`;
  await server.db.query(
    `INSERT INTO live_sessions (session_id, member_id, anchor_id, room_id, room_type, rate,
       prepaid_minutes, started_at, minutes_paid, ended_at, end_status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      member,
      anchor,
      `${roomType % 2 === 0 ? 'PV' : 'PR'}${seq}`,
      roomType,
      rate,
      prepaid,
      new Date(at),
      minutes,
      open ? null : new Date(at + minutes * 60_000 - 20_000),
      open ? null : 'end',
    ],
  );
  const move = (delta: number, reason: string, ref: string, key: string) =>
    server.db.query(
      `INSERT INTO ledger (user_id, delta, balance_after, reason, ref, idem_key) VALUES ($1, $2, 0, $3, $4, $5)`,
      [member, delta, reason, ref, key],
    );
  if (rate > 0)
    for (let n = prepaid + 1; n <= minutes; n++) await move(-rate, 'live_minute', id, `live:${id}:${n}`);
  if (ahead) await move(-ahead.hundredths, ahead.reason, String(seq), `ahead:${id}`);
  return id;
}

async function mine(userid: string, query: Record<string, string> = {}) {
  const client = await server.sessionOf(userid);
  const response = await client.get(
    `${LiveSessionsApi.mine}?${new URLSearchParams({ ...query, is_ajax: '1', _: String(Date.now()) })}`,
  );
  return (await response.json()) as { errno: number; errmsg: string; data: MySessionsAnswer };
}

it('lists his own One-on-One sessions, newest first, with her name, the time and the cost', async () => {
  const plain = await seed('M1001', 'A2001', 2, { rate: 30, minutes: 3, at: base });
  // A booking: its deposit (1.50) paid the first 5 minutes, then 2 more at 0.30.
  const booked = await seed('M1001', 'A2002', 4, {
    rate: 30,
    minutes: 7,
    prepaid: 5,
    at: base + 3_600_000,
    ahead: { reason: 'booking_deposit', hundredths: 150 },
  });
  // Open now, its 2 minutes paid: the billing tick has nothing to charge it while the test runs.
  const open = await seed('M1001', 'A2003', 2, { minutes: 2, at: Date.now() - 30_000, open: true });
  // Not listed: a public and a premium room, and another member's One-on-One.
  await seed('M1001', 'A2001', 1, { rate: 0, minutes: 0, at: base + 9_000_000 });
  await seed('M1001', 'A2002', 3, { rate: 5, minutes: 4, at: base + 9_000_000 });
  await seed('M1002', 'A2001', 2, { minutes: 9, at: base + 9_000_000 });

  const answer = await mine('M1001');
  expect(answer.errno).toBe(0);
  const { list } = answer.data;
  expect(list.map((s) => s.session_id)).toEqual([open, booked, plain]);
  expect(list[0]).toMatchObject({ ended_at: 0, end_status: '', minutes: 2, credits: 0.6 });
  expect(list[1]).toMatchObject({
    room_id: expect.stringMatching(/^PV/),
    anchor: { anchor_id: 'A2002', nickname: expect.any(String), photourl: expect.any(String) },
    minutes: 7,
    credits: 2.1,
    end_status: 'end',
  });
  expect(list[2]).toMatchObject({
    anchor: { anchor_id: 'A2001', nickname: 'Olena' },
    started_at: base / 1000,
    ended_at: (base + 3 * 60_000 - 20_000) / 1000,
    minutes: 3,
    credits: 0.9,
  });
  expect(list[2]?.anchor.photourl).not.toBe('');

  // The other member sees his own only.
  const other = await mine('M1002');
  expect(other.data.list.map((s) => s.anchor.anchor_id)).toEqual(['A2001']);
  expect(other.data.list[0]?.credits).toBe(2.7);
});

it("counts a request's hold with the minutes after it: a 2 min 08 s call cost 0.90", async () => {
  // The hold paid minute 1; minutes 2 and 3 were charged as they started.
  const call = await seed('M1005', 'A2005', 2, {
    minutes: 3,
    prepaid: 1,
    ahead: { reason: 'request_hold', hundredths: 30 },
  });
  // A later visit of the same room: its hold was used by the first, so only its own minutes count.
  await server.db.query(
    `INSERT INTO live_sessions (session_id, member_id, anchor_id, room_id, room_type, rate,
       prepaid_minutes, started_at, minutes_paid, ended_at, end_status)
     SELECT 'LSagain', member_id, anchor_id, room_id, room_type, rate, 1, started_at + interval '5 minutes',
            2, started_at + interval '6 minutes', 'end' FROM live_sessions WHERE session_id = $1`,
    [call],
  );
  await server.db.query(
    `INSERT INTO ledger (user_id, delta, balance_after, reason, ref, idem_key)
     VALUES ('M1005', -30, 0, 'live_minute', 'LSagain', 'live:LSagain:2')`,
  );
  const { list } = (await mine('M1005')).data;
  expect(list.map((s) => [s.session_id, s.credits])).toEqual([
    ['LSagain', 0.3],
    [call, 0.9],
  ]);
});

it('keeps the newest 20, and takes a smaller limit', async () => {
  for (let i = 0; i < 22; i++) await seed('M1004', 'A2004', 2, { at: base - i * 60_000 });
  const all = await mine('M1004');
  expect(all.data.list).toHaveLength(20);
  expect(all.data.list[0]?.started_at).toBe(base / 1000);
  expect(all.data.list.at(-1)?.started_at).toBe((base - 19 * 60_000) / 1000);
  expect((await mine('M1004', { limit: '3' })).data.list).toHaveLength(3);
  for (const limit of ['0', '21', 'abc', '1.5']) {
    expect((await mine('M1004', { limit })).errno, limit).toBe(Errno.INVALID_PARAMS);
  }
});

it('is an empty list for a member who has had no One-on-One', async () => {
  const answer = await mine('M1003');
  expect(answer).toMatchObject({ errno: 0, data: { list: [] } });
});

it('refuses a broadcaster and a visitor', async () => {
  const lady = await mine('A2001');
  expect(lady.errno).toBe(Errno.FORBIDDEN);
  const visitor = await server.client().get(`${LiveSessionsApi.mine}?is_ajax=1`);
  expect(((await visitor.json()) as { errno: number }).errno).toBe(Errno.LOGIN_TIMEOUT);
});
