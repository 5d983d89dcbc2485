/**
 * The call service across processes (PostgreSQL + Redis): a double click split over two servers
 * sends one request and charges one fee; her answers on both at once accept it once; the call placed
 * through A's call center is polled on A and B at once, and every started minute is charged once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CALL_MINUTE_HUNDREDTHS,
  CALL_RESERVATION_HUNDREDTHS,
  CallServiceApi,
  type CallStatus,
} from '../../../protocol/call-service/call-service';
import { Errno } from '../../../protocol/errors';
import { type Client, startCluster, type TestCluster, type TestServer } from '../harness';
import { liveTestConfig } from '../live/live-support';

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
let offset = 0;

beforeAll(async () => {
  cluster = await startCluster({ live: liveTestConfig(() => Date.now() + offset) });
  ({ a, b } = cluster);
  // The demo M1001 has no verified phone; the call center rings only a verified one.
  await a.db.query(
    `INSERT INTO member_phones (user_id, country, area_code, phone_no) VALUES ('M1001', 'United Kingdom', '44', '7700900101')`,
  );
}, 180_000);
afterAll(async () => {
  await cluster?.close();
}, 60_000);

const credit = async (userid: string) => {
  const [row] = await a.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
};
/** The same signed-in member on B (his session cookie). */
const onB = (client: Client): Client => {
  const twin = b.client();
  for (const [k, v] of client.cookies) twin.cookies.set(k, v);
  return twin;
};

it('one request, one fee, one accept, each minute charged once over two processes', async () => {
  const before = await credit('M1001');
  const heA = await a.loginAs('M1001');
  const heB = onB(heA);
  const sends = await Promise.all([
    heA.form(CallServiceApi.sendInstantCall, { anchor_id: 'A2001' }),
    heB.form(CallServiceApi.sendInstantCall, { anchor_id: 'A2001' }),
  ]);
  expect(sends.map((s) => s.body.errno).sort()).toEqual([0, Errno.REQUEST_PENDING]);
  const sent = sends.find((s) => s.body.errno === 0)?.body.data as { ref_no: string } | undefined;
  const ref_no = sent?.ref_no ?? '';
  expect(await credit('M1001')).toBe(before - CALL_RESERVATION_HUNDREDTHS);

  const sheA = await a.loginAs('A2001');
  const sheB = onB(sheA);
  const accepts = await Promise.all([
    sheA.form(CallServiceApi.ladyAccept, { ref_no }),
    sheB.form(CallServiceApi.ladyAccept, { ref_no }),
  ]);
  expect(accepts.map((x) => x.body.errno).sort()).toEqual([0, Errno.REQUEST_CLOSED]);

  await heA.call(CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 });
  const center = a.services.calls.standIn;
  const his = center?.phoneOf('M1001');
  if (!center || !his) throw new Error('his phone does not ring on A');
  await center.answer(his.leg_id);
  await center.press(his.leg_id, '1');
  const hers = center.phoneOf('A2001');
  await center.answer(hers?.leg_id ?? '');
  offset += 2 * 60_000 + 1_000;
  const polls = await Promise.all(
    [heA, heB, heA, heB].map((c) => c.call<CallStatus>(CallServiceApi.getCallStatus, { ref_no })),
  );
  for (const p of polls) expect(p).toMatchObject({ display: 'calling', cost: 6 });
  await Promise.all([a.services.calls.flow.tick(), b.services.calls.flow.tick()]);
  await center.hangUpLeg(his.leg_id);
  const ended = await heB.call<CallStatus>(CallServiceApi.getCallStatus, { ref_no });
  expect(ended).toMatchObject({ is_end: 1, end_reason: 'completed', cost: 6 });
  expect(await credit('M1001')).toBe(before - CALL_RESERVATION_HUNDREDTHS - 3 * CALL_MINUTE_HUNDREDTHS);
});
