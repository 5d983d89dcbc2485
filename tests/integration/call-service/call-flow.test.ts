/**
 * Making the call through the local call center: his phone rings, he answers and presses 1 (or
 * confirms on the page), hers rings (and the translator's desk for a broadcaster who needs one), she
 * answers and they talk; getCallStatus answers each step (not connected → pressed 1 → calling →
 * ended); every started minute is charged once however many polls come at once; she not answering
 * refunds the fee; a call going on is kept or redialled; his credit running out hangs up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_MINUTE_HUNDREDTHS,
  CALL_RESERVATION_HUNDREDTHS,
  CallCenterStandInApi,
  CallErrno,
  type CallOrder,
  CallServiceApi,
  type CallStatus,
  type MakeCallAnswer,
} from '../../../protocol/call-service/call-service';
import { Errno } from '../../../protocol/errors';
import type { Client } from '../harness';
import { type CallWorld, callWorld } from './call-support';

let w: CallWorld;
beforeAll(async () => {
  w = await callWorld();
}, 180_000);
afterAll(async () => {
  if (!w) return;
  const everything = w.answers.join('\n');
  expect(everything).not.toContain('7700900201');
  expect(everything).not.toContain('7700900205');
  await w.close();
}, 60_000);

const status = (m: Client, ref_no: string) => w.call<CallStatus>(m, CallServiceApi.getCallStatus, { ref_no });
const make = (m: Client, ref_no: string, redial = 0) =>
  w.call<MakeCallAnswer>(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial });

describe('a call', () => {
  it('goes not connected → pressed 1 → calling → ended, each started minute charged once', async () => {
    const m = await w.member('MF101');
    const lady = await w.lady('A2001');
    const ref_no = await w.accepted(m, lady, 'A2001');
    await make(m, ref_no);
    expect(await status(m, ref_no)).toMatchObject({
      display: 'not_connected',
      man_connected: 0,
      press1: 0,
      anchor_connected: 0,
      is_end: 0,
    });
    // The page cannot confirm before his phone answered.
    expect(await w.errno(m, CallServiceApi.confirmCall, { ref_no })).toBe(CallErrno.NOTHING_TO_CONFIRM);
    const his = w.phoneOf('MF101');
    expect(his).toMatchObject({ role: 'member', state: 'ringing' });
    await w.standIn.answer(his.leg_id);
    expect(await status(m, ref_no)).toMatchObject({ display: 'not_connected', man_connected: 1, press1: 0 });
    // Another key does nothing; 1 rings her.
    await w.standIn.press(his.leg_id, '5');
    expect(w.standIn.phoneOf('A2001')).toBeUndefined();
    await w.standIn.press(his.leg_id, '1');
    expect(await status(m, ref_no)).toMatchObject({ display: 'transfer', press1: 1, need_transaction: 0 });
    const hers = w.phoneOf('A2001');
    expect(hers.state).toBe('ringing');
    await w.standIn.answer(hers.leg_id);
    const calling = await status(m, ref_no);
    expect(calling).toMatchObject({ display: 'calling', anchor_connected: 1, is_end: 0, cost: 2 });
    expect(w.standIn.bridged.has(w.phoneOf('A2001').call_id)).toBe(true);
    // A minute later, four polls at once: the second minute is charged once.
    w.move(61_000);
    const polls = await Promise.all([1, 2, 3, 4].map(() => status(m, ref_no)));
    for (const p of polls) expect(p.cost).toBe(4);
    // 17723 while it goes on.
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.CALL_IN_PROGRESS,
    );
    // She hangs up: ended, the order completed, the fee kept.
    await w.standIn.hangUpLeg(hers.leg_id);
    const ended = await status(m, ref_no);
    expect(ended).toMatchObject({ display: 'ended', is_end: 1, end_reason: 'completed', cost: 4 });
    expect(ended.duration).toBeGreaterThanOrEqual(60);
    expect(w.standIn.phoneOf('MF101')).toBeUndefined();
    expect(await w.moves(ref_no)).toEqual([
      [-CALL_RESERVATION_HUNDREDTHS, 'call_fee'],
      [-CALL_MINUTE_HUNDREDTHS, 'call_minute'],
      [-CALL_MINUTE_HUNDREDTHS, 'call_minute'],
    ]);
    expect((await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no })).status).toBe('completed');
    // Call Again on a completed instant request: 17709 (the page sends a new instant call).
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.INSTANT_EXPIRED,
    );
  });

  it('with a translator: the agent step until the translator answers too; the page confirms for 1', async () => {
    const m = await w.member('MF102');
    const lady = await w.lady('A2005');
    const ref_no = await w.accepted(m, lady, 'A2005');
    await make(m, ref_no);
    await w.standIn.answer(w.phoneOf('MF102').leg_id);
    const confirmed = await w.call<CallStatus>(m, CallServiceApi.confirmCall, { ref_no });
    expect(confirmed).toMatchObject({ display: 'transfer', press1: 1, need_transaction: 1 });
    await w.standIn.answer(w.phoneOf('A2005').leg_id);
    expect(await status(m, ref_no)).toMatchObject({ display: 'transfer', anchor_connected: 1, cost: 0 });
    const desk = w.standIn
      .phones()
      .find((p) => p.role === 'translator' && p.call_id === w.phoneOf('A2005').call_id);
    expect(desk?.state).toBe('ringing');
    await w.standIn.answer(desk?.leg_id ?? '');
    expect(await status(m, ref_no)).toMatchObject({ display: 'calling', translator_connected: 1, cost: 2 });
    // He hangs up.
    await w.standIn.hangUpLeg(w.phoneOf('MF102').leg_id);
    expect(await status(m, ref_no)).toMatchObject({ is_end: 1, end_reason: 'completed' });
  });

  it('she not answering ends it and refunds the fee once; the request is closed', async () => {
    const m = await w.member('MF103');
    const lady = await w.lady('A2001');
    const ref_no = await w.accepted(m, lady, 'A2001');
    await make(m, ref_no);
    const his = w.phoneOf('MF103');
    await w.standIn.answer(his.leg_id);
    await w.standIn.press(his.leg_id, '1');
    await w.standIn.hangUpLeg(w.phoneOf('A2001').leg_id);
    expect(await status(m, ref_no)).toMatchObject({ is_end: 1, end_reason: 'anchor_no_answer', cost: 0 });
    expect(await w.hundredths('MF103')).toBe(1000);
    expect((await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no })).status).toBe('missed');
  });

  it('he not answering ends it and he may call again; redial replaces a call going on', async () => {
    const m = await w.member('MF104');
    const lady = await w.lady('A2001');
    const ref_no = await w.accepted(m, lady, 'A2001');
    const first = await make(m, ref_no);
    // Keep the current call or Redial (17723 then redial=1).
    const second = await make(m, ref_no, 1);
    expect(second.call_id).not.toBe(first.call_id);
    expect(w.standIn.phones().filter((p) => p.owner === 'MF104')).toHaveLength(1);
    w.move(46_000);
    await w.server.services.calls.flow.tick();
    expect(await status(m, ref_no)).toMatchObject({ is_end: 1, end_reason: 'member_no_answer' });
    expect((await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no })).can_call).toBe(1);
    expect(await w.hundredths('MF104')).toBe(1000 - CALL_RESERVATION_HUNDREDTHS);
    await make(m, ref_no);
    await w.standIn.hangUpLeg(w.phoneOf('MF104').leg_id);
  });

  it('hangs up when his credit cannot pay the next minute', async () => {
    const m = await w.member('MF105');
    const lady = await w.lady('A2001');
    const ref_no = await w.accepted(m, lady, 'A2001');
    await w.server.db.query(`UPDATE members SET credit = $1 WHERE userid = 'MF105'`, [
      CALL_MINUTE_HUNDREDTHS + 50,
    ]);
    await make(m, ref_no);
    const his = w.phoneOf('MF105');
    await w.standIn.answer(his.leg_id);
    await w.standIn.press(his.leg_id, '1');
    await w.standIn.answer(w.phoneOf('A2001').leg_id);
    expect((await status(m, ref_no)).credit).toBe(0.5);
    w.move(60_000);
    await w.server.services.calls.flow.tick();
    expect(await status(m, ref_no)).toMatchObject({
      is_end: 1,
      end_reason: 'no_credit',
      cost: 2,
      credit: 0.5,
    });
    expect(w.standIn.phoneOf('A2001')).toBeUndefined();
  });

  it('refuses what cannot be called, and bad input, changing nothing', async () => {
    const m = await w.member('MF106');
    const lady = await w.lady('A2001');
    const { ref_no } = await w.call<{ ref_no: string }>(m, CallServiceApi.sendInstantCall, {
      anchor_id: 'A2001',
    });
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.NOT_ACCEPTED,
    );
    await w.call(lady, CallServiceApi.ladyAccept, { ref_no });
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 7, redial: 0 })).toBe(
      Errno.INVALID_PARAMS,
    );
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 3 })).toBe(
      Errno.INVALID_PARAMS,
    );
    // 17302: not a minute's credit.
    await w.server.db.query(`UPDATE members SET credit = 100 WHERE userid = 'MF106'`);
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.NO_CREDIT,
    );
    // 17721: his phone is gone.
    await w.server.db.query(`UPDATE members SET credit = 1000 WHERE userid = 'MF106'`);
    await w.server.db.query(`DELETE FROM member_phones WHERE user_id = 'MF106'`);
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.MEMBER_LEG_FAILED,
    );
    // 17722: her number is gone.
    const other = await w.member('MF107');
    const theirs = await w.accepted(other, lady, 'A2001');
    await w.server.db.query(`UPDATE anchor_call_settings SET phone_no = '' WHERE anchor_id = 'A2001'`);
    try {
      expect(
        await w.errno(other, CallServiceApi.makeCall, { ref_no: theirs, phone_type: 1, redial: 0 }),
      ).toBe(CallErrno.ANCHOR_LEG_FAILED);
    } finally {
      await w.server.db.query(
        `UPDATE anchor_call_settings SET phone_no = '7700900201' WHERE anchor_id = 'A2001'`,
      );
    }
    // Someone else's request is not found; no call was placed.
    expect(await w.errno(other, CallServiceApi.getCallStatus, { ref_no })).toBe(Errno.NOT_FOUND);
    const rows = await w.server.db.query('SELECT 1 FROM call_sessions WHERE ref_no = ANY($1)', [
      [ref_no, theirs],
    ]);
    expect(rows).toHaveLength(0);
  });

  it('a scheduled call rings only within its calling period', async () => {
    const m = await w.member('MF109');
    const lady = await w.lady('A2001');
    const { times } = await w.call<{ times: number[] }>(m, CallServiceApi.callTimes, { anchor_id: 'A2001' });
    const at = times[times.length - 1] as number;
    const { ref_no } = await w.call<{ ref_no: string }>(m, CallServiceApi.sendScheduleCall, {
      anchor_id: 'A2001',
      scheduled_time: at,
    });
    await w.call(lady, CallServiceApi.ladyAccept, { ref_no });
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.SCHEDULE_PERIOD,
    );
    w.move(at * 1000 - 2 * 60_000 - w.now());
    expect((await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no })).can_call).toBe(1);
    await make(m, ref_no);
    // The stand-in's phone pages (a `dev` operator's) drive it over HTTP: list, answer, hang up.
    const dev = await w.server.loginAs('M9001');
    const { list } = await w.call<{ list: { leg_id: string; owner: string }[] }>(
      dev,
      CallCenterStandInApi.phones,
    );
    const his = list.find((p) => p.owner === 'MF109');
    expect(his).toBeDefined();
    expect(JSON.stringify(list)).not.toMatch(/7700900/);
    await w.call(dev, CallCenterStandInApi.answer, { leg_id: his?.leg_id ?? '' });
    expect(await w.errno(dev, CallCenterStandInApi.answer, { leg_id: his?.leg_id ?? '' })).toBe(
      Errno.NOT_FOUND,
    );
    await w.call(dev, CallCenterStandInApi.hangUp, { leg_id: his?.leg_id ?? '' });
    expect(await status(m, ref_no)).toMatchObject({ is_end: 1, end_reason: 'hung_up' });
    // After the period: 17710, and the request expires with its fee refunded.
    w.move(40 * 60_000);
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.SCHEDULE_PERIOD,
    );
    expect((await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no })).status).toBe('expired');
    expect(await w.hundredths('MF109')).toBe(1000);
  });

  it('on a call-me authorization he granted, she starts the call: his phone rings first, no fee', async () => {
    const m = await w.member('MF110');
    const lady = await w.lady('A2001');
    const { ref_no: auth } = await w.call<{ ref_no: string }>(lady, CallServiceApi.ladyAskCallMe, {
      man_id: 'MF110',
    });
    expect(await w.errno(lady, CallServiceApi.ladyCallOnAuthorization, { ref_no: auth })).toBe(
      Errno.REQUEST_CLOSED,
    );
    await w.call(m, CallServiceApi.acceptRequest, { ref_no: auth });
    const other = await w.lady('A2005');
    expect(await w.errno(other, CallServiceApi.ladyCallOnAuthorization, { ref_no: auth })).toBe(
      Errno.NOT_FOUND,
    );
    const placed = await w.call<MakeCallAnswer>(lady, CallServiceApi.ladyCallOnAuthorization, {
      ref_no: auth,
    });
    const his = w.phoneOf('MF110');
    await w.standIn.answer(his.leg_id);
    await w.standIn.press(his.leg_id, '1');
    await w.standIn.answer(w.phoneOf('A2001').leg_id);
    expect(await status(m, placed.ref_no)).toMatchObject({ display: 'calling', cost: 2 });
    await w.standIn.hangUpLeg(his.leg_id);
    expect(await w.moves(placed.ref_no)).toEqual([[-CALL_MINUTE_HUNDREDTHS, 'call_minute']]);
    const used = await w.call<{ used: number }>(m, CallServiceApi.callMeDetail, { ref_no: auth });
    expect(used.used).toBe(1);
    // Revoked: she can no longer call him on it.
    await w.call(m, CallServiceApi.revokeAuthorization, { ref_no: auth });
    expect(await w.errno(lady, CallServiceApi.ladyCallOnAuthorization, { ref_no: auth })).toBe(
      Errno.REQUEST_CLOSED,
    );
  });

  it('her settings are hers alone: a member cannot read them, she saves a valid one only', async () => {
    const lady = await w.lady('A2002');
    const m = await w.member('MF108');
    expect(await w.errno(m, CallServiceApi.ladySettings)).toBe(Errno.FORBIDDEN);
    const saved = await lady.call(CallServiceApi.ladySaveSettings, {
      area_code: '+44',
      phone_no: '7700900299',
      need_translator: 1,
      call_hours: [9, 10, 9],
    });
    expect(saved).toEqual({
      area_code: '44',
      phone_no: '7700900299',
      need_translator: 1,
      call_hours: [9, 10],
    });
    const bad = await lady.form(CallServiceApi.ladySaveSettings, {
      area_code: '44',
      phone_no: 'call me',
      need_translator: 1,
      call_hours: [9],
    });
    expect(bad.body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await lady.call<{ phone_no: string }>(CallServiceApi.ladySettings)).phone_no).toBe('7700900299');
  });
});
