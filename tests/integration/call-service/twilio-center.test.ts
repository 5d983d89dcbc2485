/**
 * The call service on the Twilio call center, against a local server speaking Twilio's API (never
 * the internet): his verified phone is dialled and gathers one digit; 1 dials her private number
 * (and the translators' desk when she needs one); the legs meet in a conference named by the call,
 * which starts with the last leg needed; the first minute is charged once however often Twilio
 * repeats a callback; a leg's final status ends the call and hangs up the rest. A callback whose
 * signature is wrong is refused (403) and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_MINUTE_HUNDREDTHS,
  CALL_RESERVATION_HUNDREDTHS,
  type CallOrder,
  CallServiceApi,
  type CallStatus,
  type MakeCallAnswer,
  type SendCallAnswer,
} from '../../../protocol/call-service/call-service';
import { TwilioPaths } from '../../../protocol/call-service/twilio-webhooks';
import { ConfigError, loadConfig } from '../../../server/config';
import { type Client, startServer, type TestServer } from '../harness';
import { liveTestConfig, membersLikeM1001 } from '../live/live-support';
import {
  CALLBACK_ORIGIN,
  gatherAction,
  startTwilioStandIn,
  TWILIO_FROM,
  TWILIO_SID,
  TWILIO_TOKEN,
  type TwilioStandIn,
  twilioSignature,
} from './twilio-stand-in';

const TRANSLATOR_DESK = '+447700900999';
let server: TestServer;
let twilio: TwilioStandIn;
const answers: string[] = [];

beforeAll(async () => {
  twilio = await startTwilioStandIn(() => server.url);
  server = await startServer({
    config: {
      live: liveTestConfig(Date.now),
      callCenter: {
        twilio: {
          accountSid: TWILIO_SID,
          authToken: TWILIO_TOKEN,
          fromNumber: TWILIO_FROM,
          callbackBase: CALLBACK_ORIGIN,
          translatorNumber: TRANSLATOR_DESK,
          apiBase: twilio.url,
        },
      },
    },
  });
}, 180_000);
afterAll(async () => {
  // Her private number is never in an answer to the app.
  const everything = answers.join('\n');
  expect(everything).not.toContain('7700900201');
  expect(everything).not.toContain('7700900205');
  await server?.close();
  await twilio?.close();
}, 60_000);

async function call<T>(client: Client, path: string, fields: Record<string, string | number> = {}) {
  const answer = await client.form<T>(path, fields);
  answers.push(JSON.stringify(answer.body));
  if (answer.body.errno !== 0) throw new Error(`${path} failed: ${answer.body.errno} ${answer.body.errmsg}`);
  return answer.body.data;
}

/** A member like M1001 with verified phone +44 <phoneNo>, his accepted request to `anchorId`, the call made. */
async function callPlaced(memberId: string, phoneNo: string, anchorId: string) {
  await membersLikeM1001(server, [memberId]);
  await server.db.query(
    `INSERT INTO member_phones (user_id, country, area_code, phone_no) VALUES ($1, 'United Kingdom', '44', $2)`,
    [memberId, phoneNo],
  );
  const member = await server.loginAs(memberId);
  const lady = await server.sessionOf(anchorId);
  const sent = await call<SendCallAnswer>(member, CallServiceApi.sendInstantCall, { anchor_id: anchorId });
  await call<CallOrder>(lady, CallServiceApi.ladyAccept, { ref_no: sent.ref_no });
  const made = await call<MakeCallAnswer>(member, CallServiceApi.makeCall, {
    ref_no: sent.ref_no,
    phone_type: 1,
    redial: 0,
  });
  const status = () => call<CallStatus>(member, CallServiceApi.getCallStatus, { ref_no: sent.ref_no });
  return { member, refNo: sent.ref_no, callId: made.call_id, status };
}

async function moves(refNo: string): Promise<[number, string][]> {
  const rows = await server.db.query<{ delta: unknown; reason: string }>(
    'SELECT delta, reason FROM ledger WHERE ref = $1 ORDER BY id',
    [refNo],
  );
  return rows.map((r) => [Number(r.delta), r.reason]);
}

const conference = (callId: string, start: boolean) =>
  new RegExp(`<Conference[^>]*startConferenceOnEnter="${start}"[^>]*>${callId}</Conference>`);

describe('the Twilio call center', () => {
  it('dials him, gathers his 1, dials her, bridges them in a conference, charges each minute once', async () => {
    const { refNo, callId, status } = await callPlaced('MTW01', '7700911001', 'A2001');
    // His leg: from our number to his verified one; Twilio is given our signed callback addresses.
    const his = twilio.callTo('+447700911001');
    expect(his.from).toBe(TWILIO_FROM);
    expect(twilio.placed).toHaveLength(1);
    expect(new URL(his.url).pathname).toBe(TwilioPaths.voice);
    expect(new URL(his.statusCallback).pathname).toBe(TwilioPaths.status);

    // He answers: the press-1 step gathers one digit.
    const prompt = await twilio.answer(his);
    expect(prompt).toMatch(/<Gather[^>]*numDigits="1"/);
    expect(new URL(gatherAction(prompt)).pathname).toBe(TwilioPaths.gather);
    expect(await status()).toMatchObject({ display: 'not_connected', man_connected: 1, press1: 0 });

    // A forged press of 1 (wrong signature) is refused and dials no one.
    const fields = { AccountSid: TWILIO_SID, CallSid: his.sid, CallStatus: 'in-progress', Digits: '1' };
    const forged = await twilio.post(
      gatherAction(prompt),
      fields,
      twilioSignature(gatherAction(prompt), { ...fields, Digits: '2' }),
    );
    expect(forged.status).toBe(403);
    expect((await twilio.post(gatherAction(prompt), fields, '')).status).toBe(403);
    expect(twilio.placed).toHaveLength(1);
    expect(await status()).toMatchObject({ man_connected: 1, press1: 0, is_end: 0 });

    // Another key asks again; 1 dials her private number and he waits in the call's conference.
    const again = await twilio.press(his, prompt, '5');
    expect(again).toMatch(/<Gather[^>]*numDigits="1"/);
    expect(twilio.placed).toHaveLength(1);
    const waiting = await twilio.press(his, again, '1');
    expect(waiting).toMatch(conference(callId, false));
    const hers = twilio.callTo('+447700900201');
    expect(hers.from).toBe(TWILIO_FROM);
    expect(twilio.placed).toHaveLength(2);
    expect(await status()).toMatchObject({ display: 'transfer', press1: 1 });

    // She answers: she enters the conference and starts it; the first minute is charged.
    expect(await twilio.answer(hers)).toMatch(conference(callId, true));
    expect(await status()).toMatchObject({ display: 'calling', anchor_connected: 1, is_end: 0 });
    // Twilio repeating her answer and polls at once charge nothing more.
    await Promise.all([twilio.answer(hers), status(), status()]);
    expect(await moves(refNo)).toEqual([
      [-CALL_RESERVATION_HUNDREDTHS, 'call_fee'],
      [-CALL_MINUTE_HUNDREDTHS, 'call_minute'],
    ]);

    // A forged hang-up changes nothing; her real one ends the call and hangs up the rest.
    const forgedEnd = await twilio.post(
      hers.statusCallback,
      { AccountSid: TWILIO_SID, CallSid: hers.sid, CallStatus: 'completed' },
      'bm90IGEgc2lnbmF0dXJl',
    );
    expect(forgedEnd.status).toBe(403);
    expect(await status()).toMatchObject({ display: 'calling', is_end: 0 });
    expect(await twilio.finish(hers, 'completed')).toBe(204);
    expect(await status()).toMatchObject({ display: 'ended', is_end: 1, end_reason: 'completed' });
    expect(twilio.hungUp).toContain(his.sid);
    expect(twilio.hungUp).not.toContain(hers.sid);
    // His leg's own final status after the hang-up changes nothing more.
    expect(await twilio.finish(his, 'completed')).toBe(204);
    expect(await moves(refNo)).toHaveLength(2);
  });

  it('with a translator, confirmed on his page: her desk is dialled too and the conference starts when both answered', async () => {
    const { member, refNo, callId, status } = await callPlaced('MTW02', '7700911002', 'A2005');
    const his = twilio.callTo('+447700911002');
    const prompt = await twilio.answer(his);
    // He confirms on the page instead of pressing 1: her legs are dialled, and his prompt's end
    // (nothing pressed) takes him to the conference to wait.
    await call<CallStatus>(member, CallServiceApi.confirmCall, { ref_no: refNo });
    expect(await twilio.press(his, prompt, '')).toMatch(conference(callId, false));
    const hers = twilio.callTo('+447700900205');
    const desk = twilio.callTo(TRANSLATOR_DESK);
    expect(desk.from).toBe(TWILIO_FROM);
    // She answers first: she waits in the conference; the call is not connected yet.
    expect(await twilio.answer(hers)).toMatch(conference(callId, false));
    expect(await status()).toMatchObject({
      display: 'transfer',
      anchor_connected: 1,
      translator_connected: 0,
    });
    // The translator answers: the conference starts, the call is connected.
    expect(await twilio.answer(desk)).toMatch(conference(callId, true));
    expect(await status()).toMatchObject({ display: 'calling', translator_connected: 1, cost: 2 });
    // He hangs up.
    expect(await twilio.finish(his, 'completed')).toBe(204);
    expect(await status()).toMatchObject({ is_end: 1, end_reason: 'completed' });
    expect(twilio.hungUp).toEqual(expect.arrayContaining([hers.sid, desk.sid]));
  });

  it('his phone not answered ends the call; a leg answering after the end is hung up', async () => {
    const { status } = await callPlaced('MTW03', '7700911003', 'A2001');
    const his = twilio.callTo('+447700911003');
    expect(await twilio.finish(his, 'no-answer')).toBe(204);
    expect(await status()).toMatchObject({ is_end: 1, end_reason: 'member_no_answer' });
    expect(await twilio.answer(his)).toContain('<Hangup/>');
  });
});

describe('its configuration', () => {
  const twilioEnv = {
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    TWILIO_FROM_NUMBER: TWILIO_FROM,
    CALL_TRANSLATOR_NUMBER: TRANSLATOR_DESK,
  };

  it('selects Twilio when its account is set, calling back at PUBLIC_ORIGIN unless told otherwise', () => {
    expect(loadConfig({}).callCenter.twilio).toBeUndefined();
    expect(
      loadConfig({ ...twilioEnv, PUBLIC_ORIGIN: 'https://glimmer.example' }).callCenter.twilio,
    ).toMatchObject({
      accountSid: TWILIO_SID,
      fromNumber: TWILIO_FROM,
      callbackBase: 'https://glimmer.example',
      translatorNumber: TRANSLATOR_DESK,
    });
    const own = loadConfig({
      ...twilioEnv,
      PUBLIC_ORIGIN: 'https://glimmer.example',
      TWILIO_CALLBACK_ORIGIN: CALLBACK_ORIGIN,
    });
    expect(own.callCenter.twilio?.callbackBase).toBe(CALLBACK_ORIGIN);
  });

  it('refuses a Twilio account without its token, number, desk or a callback origin', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: TWILIO_SID })).toThrow(ConfigError);
    try {
      loadConfig({ TWILIO_ACCOUNT_SID: TWILIO_SID });
    } catch (e) {
      for (const name of [
        'TWILIO_AUTH_TOKEN',
        'TWILIO_FROM_NUMBER',
        'CALL_TRANSLATOR_NUMBER',
        'TWILIO_CALLBACK_ORIGIN',
      ])
        expect(String(e)).toContain(name);
    }
    expect(() =>
      loadConfig({ ...twilioEnv, PUBLIC_ORIGIN: 'https://glimmer.example', TWILIO_FROM_NUMBER: '5550006' }),
    ).toThrow(/TWILIO_FROM_NUMBER/);
  });
});
