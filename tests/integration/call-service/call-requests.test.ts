/**
 * Call requests: he sends an instant or a scheduled request (the 1-credit reservation fee, once),
 * leaves a message, she accepts or declines (refunded), accepts a declined one again within the hour
 * and not after; requests expire and are refunded; every refusal changes nothing; and her private
 * number is in no answer. Runs on PGlite, or on PostgreSQL + Redis with DATABASE_URL and REDIS_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_MESSAGE_MAX,
  CALL_RESERVATION_HUNDREDTHS,
  type CallCounters,
  CallErrno,
  CallEvent,
  type CallOrder,
  CallServiceApi,
  type SendCallAnswer,
} from '../../../protocol/call-service/call-service';
import { Errno } from '../../../protocol/errors';
import { SafetyApi } from '../../../protocol/safety/safety';
import { type CallWorld, callWorld } from './call-support';

let w: CallWorld;
beforeAll(async () => {
  w = await callWorld();
}, 180_000);
afterAll(async () => {
  if (!w) return;
  // Her private numbers (the demo's) appear in no answer any test got.
  const everything = w.answers.join('\n');
  expect(w.answers.length).toBeGreaterThan(50);
  expect(everything).not.toContain('7700900201');
  expect(everything).not.toContain('7700900205');
  await w?.close();
}, 60_000);

const H = 3600_000;
const orders = async (ref: string) =>
  Number(
    (
      await w.server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM call_orders WHERE ref_no = $1', [
        ref,
      ])
    )[0]?.n,
  );
const ordersOf = async (memberId: string) =>
  Number(
    (
      await w.server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM call_orders WHERE member_id = $1', [
        memberId,
      ])
    )[0]?.n,
  );

describe('an instant call request', () => {
  it('charges the reservation fee once, lists the request and counts it', async () => {
    const m = await w.member('MC101');
    const sent = await w.call<SendCallAnswer>(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2001' });
    expect(sent.ref_no).toMatch(/^CO/);
    expect(sent.credit).toBe(9);
    expect(await w.moves(sent.ref_no)).toEqual([[-CALL_RESERVATION_HUNDREDTHS, 'call_fee']]);
    const detail = await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no: sent.ref_no });
    expect(detail).toMatchObject({ status: 'pending', call_type: 1, need_transaction: 0, can_call: 0 });
    expect(detail.anchor_info.anchor_id).toBe('A2001');
    const list = await w.call<{ list: CallOrder[] }>(m, CallServiceApi.callList, { call_type: 1 });
    expect(list.list.map((o) => o.ref_no)).toEqual([sent.ref_no]);
    const counters = await w.call<CallCounters>(m, CallServiceApi.counters);
    expect(counters).toMatchObject({ call_request_num: 1, call_scheduled_num: 0 });
    // Her workspace lists it, pending first; her own settings are the only answer with her number.
    const lady = await w.lady('A2001');
    const hers = await w.call<{ list: CallOrder[] }>(lady, CallServiceApi.ladyRequests);
    expect(hers.list[0]).toMatchObject({ ref_no: sent.ref_no, status: 'pending' });
  });

  it('under concurrent sends opens one request and charges one fee', async () => {
    const m = await w.member('MC102');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => m.form(CallServiceApi.sendInstantCall, { anchor_id: 'A2001' })),
    );
    const errnos = answers.map((a) => a.body.errno).sort();
    expect(errnos).toEqual([
      0,
      Errno.REQUEST_PENDING,
      Errno.REQUEST_PENDING,
      Errno.REQUEST_PENDING,
      Errno.REQUEST_PENDING,
    ]);
    expect(await w.hundredths('MC102')).toBe(1000 - CALL_RESERVATION_HUNDREDTHS);
    expect(await ordersOf('MC102')).toBe(1);
  });

  it('refuses with the spec codes and changes nothing', async () => {
    const m = await w.member('MC103');
    const before = await w.hundredths('MC103');
    // 17707: he blocks her, or her account is suspended (A2064).
    await w.call(m, SafetyApi.block, { anchor_id: 'A2005', block: 1 });
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2005' })).toBe(CallErrno.BLOCKED);
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2064' })).toBe(CallErrno.BLOCKED);
    // 17708: she does not take instant calls.
    await w.server.db.query(
      `UPDATE anchors SET priv = priv || '{"call_instant": 0}'::jsonb WHERE userid = 'A2002'`,
    );
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2002' })).toBe(
      CallErrno.NOT_AVAILABLE,
    );
    // No such broadcaster; bad input.
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A9999' })).toBe(Errno.NOT_FOUND);
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A 2001;' })).toBe(
      Errno.INVALID_PARAMS,
    );
    expect(await w.errno(m, CallServiceApi.sendInstantCall, {})).toBe(Errno.INVALID_PARAMS);
    // 17302: credits short.
    await w.server.db.query(`UPDATE members SET credit = 50 WHERE userid = 'MC103'`);
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2001' })).toBe(
      CallErrno.NO_CREDIT,
    );
    expect(await w.hundredths('MC103')).toBe(50);
    await w.server.db.query(`UPDATE members SET credit = $1 WHERE userid = 'MC103'`, [before]);
    // No verified phone (17726), no call privilege (10010).
    await w.server.db.query(`DELETE FROM member_phones WHERE user_id = 'MC103'`);
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2001' })).toBe(CallErrno.NO_PHONE);
    await w.server.db.query(`UPDATE members SET priv = priv || '{"call": 0}'::jsonb WHERE userid = 'MC103'`);
    expect(await w.errno(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2001' })).toBe(Errno.NO_PRIVILEGE);
    expect(await ordersOf('MC103')).toBe(0);
    expect(await w.hundredths('MC103')).toBe(before);
    // A broadcaster cannot send one; nobody signed out can.
    const lady = await w.lady('A2001');
    expect(await w.errno(lady, CallServiceApi.sendInstantCall, { anchor_id: 'A2001' })).toBe(Errno.FORBIDDEN);
    expect(await w.errno(w.server.client(), CallServiceApi.sendInstantCall, { anchor_id: 'A2001' })).toBe(
      Errno.LOGIN_TIMEOUT,
    );
  });

  it('takes his message (leading spaces stripped), refuses too long or empty ones and keeps the last', async () => {
    const m = await w.member('MC104');
    const { ref_no } = await w.call<SendCallAnswer>(m, CallServiceApi.sendInstantCall, {
      anchor_id: 'A2001',
    });
    await w.call(m, CallServiceApi.addMessage, { ref_no, message: '   Call me after six, please' });
    expect(
      await w.errno(m, CallServiceApi.addMessage, { ref_no, message: 'x'.repeat(CALL_MESSAGE_MAX + 1) }),
    ).toBe(Errno.INVALID_PARAMS);
    expect(await w.errno(m, CallServiceApi.addMessage, { ref_no, message: '   ' })).toBe(
      Errno.INVALID_PARAMS,
    );
    expect(await w.errno(m, CallServiceApi.addMessage, { ref_no: 'CO123', message: 'hi' })).toBe(
      Errno.INVALID_PARAMS,
    );
    const other = await w.member('MC105');
    expect(await w.errno(other, CallServiceApi.addMessage, { ref_no, message: 'mine?' })).toBe(
      Errno.NOT_FOUND,
    );
    const detail = await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no });
    expect(detail.message).toBe('Call me after six, please');
  });
});

describe('her answer', () => {
  it('a decline refunds the fee; accepted again within the hour charges it again; not after', async () => {
    const m = await w.member('MC110');
    const lady = await w.lady('A2001');
    const { ref_no } = await w.call<SendCallAnswer>(m, CallServiceApi.sendInstantCall, {
      anchor_id: 'A2001',
    });
    // Twice at once: declined once, refunded once.
    const declines = await Promise.all([
      lady.form(CallServiceApi.ladyDecline, { ref_no }),
      lady.form(CallServiceApi.ladyDecline, { ref_no }),
    ]);
    expect(declines.map((a) => a.body.errno).sort()).toEqual([0, Errno.REQUEST_CLOSED]);
    expect(await w.hundredths('MC110')).toBe(1000);
    expect((await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no })).status).toBe('declined');
    // Accepted again within the hour: the fee again (round 2), once under concurrent accepts.
    w.move(30 * 60_000);
    const accepts = await Promise.all([
      lady.form(CallServiceApi.ladyAccept, { ref_no }),
      lady.form(CallServiceApi.ladyAccept, { ref_no }),
    ]);
    expect(accepts.map((a) => a.body.errno).sort()).toEqual([0, Errno.REQUEST_CLOSED]);
    expect(await w.moves(ref_no)).toEqual([
      [-100, 'call_fee'],
      [100, 'call_fee_refund'],
      [-100, 'call_fee'],
    ]);
    expect((await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no })).can_call).toBe(1);
    // Declined again, then more than an hour later: refused, nothing moves.
    await w.call(lady, CallServiceApi.ladyDecline, { ref_no });
    w.move(61 * 60_000);
    expect(await w.errno(lady, CallServiceApi.ladyAccept, { ref_no })).toBe(CallErrno.REACCEPT_TOO_LATE);
    expect(await w.hundredths('MC110')).toBe(1000);
    expect((await w.moves(ref_no)).length).toBe(4);
    // Another broadcaster cannot answer it; a member cannot use her calls.
    const other = await w.lady('A2005');
    expect(await w.errno(other, CallServiceApi.ladyAccept, { ref_no })).toBe(Errno.NOT_FOUND);
    expect(await w.errno(m, CallServiceApi.ladyAccept, { ref_no })).toBe(Errno.FORBIDDEN);
  });

  it('an unanswered request expires and is refunded once; an accepted one not called expires too', async () => {
    const m = await w.member('MC111');
    const lady = await w.lady('A2005');
    const { ref_no } = await w.call<SendCallAnswer>(m, CallServiceApi.sendInstantCall, {
      anchor_id: 'A2005',
    });
    w.move(31 * 60_000);
    const [a, b] = await Promise.all([
      w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no }),
      w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no }),
    ]);
    expect([a.status, b.status]).toEqual(['expired', 'expired']);
    expect(await w.hundredths('MC111')).toBe(1000);
    expect(await w.errno(lady, CallServiceApi.ladyAccept, { ref_no })).toBe(Errno.REQUEST_CLOSED);
    // 17709: an instant request accepted but not called within the hour; the page sends a new one.
    const again = await w.accepted(m, lady, 'A2005');
    w.move(61 * 60_000);
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no: again, phone_type: 1, redial: 0 })).toBe(
      CallErrno.INSTANT_EXPIRED,
    );
    expect(await w.hundredths('MC111')).toBe(1000);
    expect(await orders(again)).toBe(1);
  });
});

describe('a scheduled call request', () => {
  it('is made for a free hour of her timetable, and called only within its period', async () => {
    const m = await w.member('MC120');
    const lady = await w.lady('A2001');
    const { times } = await w.call<{ times: number[] }>(m, CallServiceApi.callTimes, { anchor_id: 'A2001' });
    expect(times.length).toBeGreaterThan(20);
    for (const t of times) expect(new Date(t * 1000).getUTCHours()).toBeGreaterThanOrEqual(6);
    const at = times[0] as number;
    expect(
      await w.errno(m, CallServiceApi.sendScheduleCall, { anchor_id: 'A2001', scheduled_time: at + 60 }),
    ).toBe(CallErrno.SCHEDULE_TIME);
    const sent = await w.call<SendCallAnswer>(m, CallServiceApi.sendScheduleCall, {
      anchor_id: 'A2001',
      scheduled_time: at,
      message: 'Looking forward to it',
    });
    expect(await w.moves(sent.ref_no)).toEqual([[-100, 'call_fee']]);
    // The time is taken now.
    const after = await w.call<{ times: number[] }>(m, CallServiceApi.callTimes, { anchor_id: 'A2001' });
    expect(after.times).not.toContain(at);
    expect((await w.call<CallCounters>(m, CallServiceApi.counters)).call_scheduled_num).toBe(1);
    await w.call(lady, CallServiceApi.ladyAccept, { ref_no: sent.ref_no });
    const detail = await w.call<CallOrder>(m, CallServiceApi.callDetail, { ref_no: sent.ref_no });
    expect(detail).toMatchObject({ status: 'accepted', call_type: 2, scheduled_time: at, can_call: 0 });
    expect(detail.timeStr2).toMatch(/GMT$/);
    // 17710 before the period.
    expect(await w.errno(m, CallServiceApi.makeCall, { ref_no: sent.ref_no, phone_type: 1, redial: 0 })).toBe(
      CallErrno.SCHEDULE_PERIOD,
    );
    // A declined scheduled request may be accepted again until an hour before the call.
    await w.call(lady, CallServiceApi.ladyDecline, { ref_no: sent.ref_no });
    w.move(at * 1000 - Date.now() - H + 60_000);
    expect(await w.errno(lady, CallServiceApi.ladyAccept, { ref_no: sent.ref_no })).toBe(
      CallErrno.REACCEPT_TOO_LATE,
    );
  });

  it('goes to one of two members asking for the same hour at once', async () => {
    const [one, two] = [await w.member('MC121'), await w.member('MC122')];
    const { times } = await w.call<{ times: number[] }>(one, CallServiceApi.callTimes, {
      anchor_id: 'A2005',
    });
    const at = times[3] as number;
    const answers = await Promise.all(
      [one, two].map((m) =>
        m.form(CallServiceApi.sendScheduleCall, { anchor_id: 'A2005', scheduled_time: at }),
      ),
    );
    expect(answers.map((a) => a.body.errno).sort()).toEqual([0, CallErrno.SCHEDULE_TIME]);
    expect((await w.hundredths('MC121')) + (await w.hundredths('MC122'))).toBe(
      2000 - CALL_RESERVATION_HUNDREDTHS,
    );
  });
});

describe('call-me authorizations', () => {
  it('are asked for, granted (his instant requests to her then cost no fee), revoked and removed', async () => {
    const m = await w.member('MC130');
    const lady = await w.lady('A2005');
    const { ref_no } = await w.call<{ ref_no: string }>(lady, CallServiceApi.ladyAskCallMe, {
      man_id: 'MC130',
      message: 'Call me!',
    });
    expect(await w.errno(lady, CallServiceApi.ladyAskCallMe, { man_id: 'MC130' })).toBe(
      Errno.REQUEST_PENDING,
    );
    expect(await w.errno(lady, CallServiceApi.ladyAskCallMe, { man_id: 'M9999' })).toBe(Errno.NOT_FOUND);
    let list = await w.call<{ callme_waiting: number; list: { ref_no: string }[] }>(
      m,
      CallServiceApi.callMeList,
    );
    expect(list.callme_waiting).toBe(1);
    const other = await w.member('MC131');
    expect(await w.errno(other, CallServiceApi.acceptRequest, { ref_no })).toBe(Errno.NOT_FOUND);
    // Granted once, under two presses.
    const accepts = await Promise.all([
      m.form(CallServiceApi.acceptRequest, { ref_no }),
      m.form(CallServiceApi.acceptRequest, { ref_no }),
    ]);
    expect(accepts.map((a) => a.body.errno).sort()).toEqual([0, Errno.REQUEST_CLOSED]);
    // Used: his instant request to her costs no reservation fee.
    const sent = await w.call<SendCallAnswer>(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2005' });
    expect(await w.moves(sent.ref_no)).toEqual([]);
    expect(await w.hundredths('MC130')).toBe(1000);
    const detail = await w.call<{ status: string; used: number }>(m, CallServiceApi.callMeDetail, { ref_no });
    expect(detail).toMatchObject({ status: 'success', used: 1 });
    // A granted one is revoked before it can be removed.
    expect(await w.errno(m, CallServiceApi.removeAuthorization, { ref_no })).toBe(Errno.REQUEST_CLOSED);
    await w.call(m, CallServiceApi.revokeAuthorization, { ref_no });
    list = await w.call(m, CallServiceApi.callMeList);
    expect(list).toMatchObject({ callme_waiting: 0, callme_success: 0, callme_revoked: 1 });
    await w.call(m, CallServiceApi.removeAuthorization, { ref_no });
    list = await w.call(m, CallServiceApi.callMeList);
    expect(list.list).toEqual([]);
    expect(await w.errno(m, CallServiceApi.callMeDetail, { ref_no })).toBe(Errno.NOT_FOUND);
    // Revoked: the fee again.
    await w.call(lady, CallServiceApi.ladyDecline, { ref_no: sent.ref_no });
    const paid = await w.call<SendCallAnswer>(m, CallServiceApi.sendInstantCall, { anchor_id: 'A2005' });
    expect(await w.moves(paid.ref_no)).toEqual([[-100, 'call_fee']]);
  });

  it('are declined, and the declined counted', async () => {
    const m = await w.member('MC132');
    const lady = await w.lady('A2001');
    const { ref_no } = await w.call<{ ref_no: string }>(lady, CallServiceApi.ladyAskCallMe, {
      man_id: 'MC132',
    });
    await w.call(m, CallServiceApi.declineRequest, { ref_no });
    expect(await w.errno(m, CallServiceApi.acceptRequest, { ref_no })).toBe(Errno.REQUEST_CLOSED);
    expect(await w.errno(m, CallServiceApi.revokeAuthorization, { ref_no })).toBe(Errno.REQUEST_CLOSED);
    const counts = await w.call<CallCounters>(m, CallServiceApi.counters);
    expect(counts).toMatchObject({ callme_declined: 1, callme_waiting: 0 });
    expect(await w.errno(m, CallServiceApi.acceptRequest, { ref_no: 'nonsense' })).toBe(Errno.INVALID_PARAMS);
  });
});

describe('socket notices', () => {
  it('tell her of a request and him of her answer and of her call-me ask, with no number', async () => {
    const m = await w.member('MC150');
    const lady = await w.lady('A2002');
    await lady.call(CallServiceApi.ladySaveSettings, {
      area_code: '44',
      phone_no: '7700900298',
      need_translator: 0,
      call_hours: '',
    });
    await w.server.db.query(
      `UPDATE anchors SET priv = priv || '{"call_instant": 1}'::jsonb WHERE userid = 'A2002'`,
    );
    const hers = await w.server.socketFor(lady);
    const his = await w.server.socketFor(m);
    try {
      const { ref_no } = await w.call<SendCallAnswer>(m, CallServiceApi.sendInstantCall, {
        anchor_id: 'A2002',
      });
      const request = await hers.waitFor((msg) => msg.route === CallEvent.request);
      expect(request.req_data).toMatchObject({ order: { ref_no, status: 'pending', man_id: 'MC150' } });
      await w.call(lady, CallServiceApi.ladyAccept, { ref_no });
      const answer = await his.waitFor((msg) => msg.route === CallEvent.answered);
      expect(answer.req_data).toMatchObject({ order: { ref_no, status: 'accepted', can_call: 1 } });
      const asked = await w.call<{ ref_no: string }>(lady, CallServiceApi.ladyAskCallMe, { man_id: 'MC150' });
      const callMe = await his.waitFor((msg) => msg.route === CallEvent.callMe);
      expect(callMe.req_data).toMatchObject({ authorization: { ref_no: asked.ref_no, status: 'waiting' } });
      const sent = JSON.stringify([...hers.received, ...his.received]);
      expect(sent).not.toContain('7700900298');
    } finally {
      hers.close();
      his.close();
      await w.server.db.query(
        `UPDATE anchors SET priv = priv || '{"call_instant": 0}'::jsonb WHERE userid = 'A2002'`,
      );
    }
  });
});

describe('who takes calls', () => {
  it('lists the broadcasters with either call flag, with the flags', async () => {
    const m = await w.member('MC140');
    const { list } = await w.call<{
      list: { anchor_id: string; call_instant: number; call_schedule: number }[];
    }>(m, CallServiceApi.anchorList);
    expect(list.find((a) => a.anchor_id === 'A2001')).toMatchObject({ call_instant: 1, call_schedule: 1 });
    expect(list.some((a) => a.anchor_id === 'A2064')).toBe(false);
  });
});
