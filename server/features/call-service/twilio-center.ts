/**
 * The Twilio call center: each leg is an outbound Twilio call from our number to his verified phone,
 * her private number or the translators' desk. Twilio fetches a leg's TwiML when it is answered
 * (that is the leg's `answered`), his leg gathers one digit (the press of 1), and the legs meet in a
 * <Conference> named by the call, which starts when the last leg the call needs enters it once the
 * call is connected (so bridge() has nothing to send). Each leg's final status is its `ended`.
 *
 * Every callback names the call and the leg's role in its (signed) query, the answers read the
 * call's state from call_sessions and the legs are kept in call_legs, so any process can take any
 * callback and hang up any call.
 */
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { CALL_RING_S } from '../../../protocol/call-service/call-service';
import { TWILIO_LEG_ROLES, TwilioPaths } from '../../../protocol/call-service/twilio-webhooks';
import type { Db } from '../../storage/contract';
import type { CallCenter, LegEvent, LegRequest, LegRole } from './call-center';
import { callsRepository } from './calls-repository';
import { twilioLegs } from './twilio-legs';
import { conferenceTwiml, GATHER_ATTEMPTS, hangUpTwiml, pressOneTwiml } from './twilio-twiml';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The Twilio number the calls come from (+<country><number>). */
  fromNumber: string;
  /** Where Twilio reaches this server (https://glimmer.example): callback addresses and signatures. */
  callbackBase: string;
  /** The translators' desk: a translator leg rings it (the call flow names the stand-in's desk). */
  translatorNumber: string;
  /** Another Twilio API address (tests run a local stand-in); Twilio's own by default. */
  apiBase?: string;
}

/** What a callback's query names. */
export interface LegQuery {
  callId: string;
  role: LegRole;
  /** The press-1 step's round (his leg only). */
  attempt: number;
}

/** A callback's form fields, as Twilio posts them. */
export type TwilioForm = Record<string, unknown>;

/** The twilio client's requests sent to another address (a local stand-in of Twilio's API). */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: URL) {
    super({ timeout: 15_000 });
  }

  override request<T>(opts: RequestClient.RequestOptions<T>) {
    const uri = new URL(opts.uri);
    const prefix = this.base.pathname.replace(/\/$/, '');
    const rebased = new URL(`${prefix}${uri.pathname}${uri.search}`, this.base.origin);
    return super.request<T>({ ...opts, uri: rebased.href });
  }
}

const PHONE = /^\+\d{5,19}$/;
const FINAL_STATUSES = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled']);

export class TwilioCallCenter implements CallCenter {
  private readonly client: twilio.Twilio;
  private listener: (event: LegEvent) => Promise<void> = async () => undefined;

  constructor(
    readonly settings: TwilioSettings,
    private readonly db: Db,
  ) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.client = twilio(settings.accountSid, settings.authToken, {
      ...(base && { httpClient: new RebasedRequestClient(base) }),
    });
  }

  onEvent(listener: (event: LegEvent) => Promise<void>): void {
    this.listener = listener;
  }

  async ring(leg: LegRequest): Promise<string> {
    const number = leg.role === 'translator' ? this.settings.translatorNumber : leg.number;
    if (!PHONE.test(number)) throw new Error('call center: not a phone number');
    const query: LegQuery = { callId: leg.callId, role: leg.role, attempt: 0 };
    const call = await this.client.calls.create({
      to: number,
      from: this.settings.fromNumber,
      url: this.callbackUrl(TwilioPaths.voice, query),
      method: 'POST',
      statusCallback: this.callbackUrl(TwilioPaths.status, query),
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['completed'],
      timeout: CALL_RING_S,
    });
    await twilioLegs(this.db).placed(call.sid, leg.callId, leg.role);
    return call.sid;
  }

  /** The conference starts itself when the last leg the call needs enters it (conferenceTwiml). */
  async bridge(_callId: string): Promise<void> {}

  /** Every leg of the call not ended yet is hung up (ringing or answered); the conference ends with them. */
  async hangUp(callId: string): Promise<void> {
    const legIds = await twilioLegs(this.db).endAll(callId);
    const results = await Promise.allSettled(
      legIds.map((sid) => this.client.calls(sid).update({ status: 'completed' })),
    );
    const failed = results.find((r) => r.status === 'rejected');
    if (failed?.status === 'rejected') throw failed.reason;
  }

  /** Twilio fetches an answered leg's TwiML: his press-1 step, or the conference. */
  async voice(leg: LegQuery, form: TwilioForm): Promise<string> {
    await this.listener({
      kind: 'answered',
      callId: leg.callId,
      legId: field(form, 'CallSid'),
      role: leg.role,
    });
    const stage = await this.stageOf(leg.callId);
    if (!stage.going) return hangUpTwiml();
    if (leg.role === 'member' && !stage.pressed)
      return pressOneTwiml(this.callbackUrl(TwilioPaths.gather, leg));
    const greeting = leg.role === 'member' ? undefined : 'A Glimmer call for you. Connecting.';
    return conferenceTwiml(leg.callId, stage.connected, greeting);
  }

  /** His press-1 step's result: 1 rings her and he waits in the conference; another key asks again. */
  async gather(leg: LegQuery, form: TwilioForm): Promise<string> {
    const digit = field(form, 'Digits').slice(0, 1);
    if (digit) {
      const legId = field(form, 'CallSid');
      await this.listener({ kind: 'pressed', callId: leg.callId, legId, role: leg.role, digit });
    }
    const stage = await this.stageOf(leg.callId);
    if (!stage.going) return hangUpTwiml('Your call could not be connected. Goodbye.');
    // Pressed here or confirmed on his page: he waits for her in the call's conference.
    if (stage.pressed) return conferenceTwiml(leg.callId, stage.connected, 'Connecting you. Please hold.');
    const attempt = leg.attempt + 1;
    if (attempt >= GATHER_ATTEMPTS) return hangUpTwiml('No key was pressed. Goodbye.');
    return pressOneTwiml(this.callbackUrl(TwilioPaths.gather, { ...leg, attempt }));
  }

  /** A leg's status: its final one ends the call (unanswered, failed or hung up). */
  async status(leg: LegQuery, form: TwilioForm): Promise<void> {
    const status = field(form, 'CallStatus');
    if (!FINAL_STATUSES.has(status)) return;
    const legId = field(form, 'CallSid');
    await twilioLegs(this.db).ended(legId);
    const reason = status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'no-answer';
    await this.listener({ kind: 'ended', callId: leg.callId, legId, role: leg.role, reason });
  }

  /** A callback's address as Twilio is given it (and signs it). */
  callbackUrl(path: string, leg: LegQuery): string {
    const url = new URL(path, this.settings.callbackBase);
    url.searchParams.set('call', leg.callId);
    url.searchParams.set('role', leg.role);
    if (leg.attempt > 0) url.searchParams.set('attempt', String(leg.attempt));
    return url.href;
  }

  private async stageOf(callId: string) {
    const s = await callsRepository(this.db).session(callId);
    return {
      going: Boolean(s && !s.endedAt),
      pressed: Boolean(s?.press1),
      connected: Boolean(s?.connectedAt),
    };
  }
}

/** A callback's query, or undefined when it does not name a call and a role. */
export function legQueryOf(query: unknown): LegQuery | undefined {
  const q = (query ?? {}) as Record<string, unknown>;
  const callId = typeof q.call === 'string' ? q.call : '';
  const role = TWILIO_LEG_ROLES.find((r) => r === q.role);
  const attempt = typeof q.attempt === 'string' ? Number(q.attempt) : 0;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(callId) || !role || !Number.isInteger(attempt) || attempt < 0)
    return undefined;
  return { callId, role, attempt };
}

function field(form: TwilioForm, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}
