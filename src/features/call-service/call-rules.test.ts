import { describe, expect, it } from 'vitest';
import {
  CALL_TYPE,
  CallErrno,
  CallMessages,
  type CallStatus,
} from '../../../protocol/call-service/call-service';
import { MailErrno } from '../../../protocol/mail/mail';
import {
  type CallPhase,
  callOutcomeOf,
  callPhaseAfter,
  callViewOf,
  isPolling,
  offersMakeCall,
  remainingChars,
  talkTime,
} from './call-rules';

const status = (over: Partial<CallStatus> = {}): CallStatus => ({
  ref_no: 'CO0123456789',
  man_connected: 0,
  press1: 0,
  anchor_connected: 0,
  is_end: 0,
  need_transaction: 0,
  translator_connected: 0,
  display: 'not_connected',
  duration: 0,
  cost: 0,
  credit: 10,
  end_reason: '',
  ...over,
});

describe('what each error code leads to', () => {
  it('17302 and mail’s 17208 open the Credits Purchase pop-up', () => {
    expect(callOutcomeOf(CallErrno.NO_CREDIT, 'short').kind).toBe('credits');
    expect(callOutcomeOf(MailErrno.NO_MONEY_SEND, '').kind).toBe('credits');
  });
  it('17709 sends a new instant request; 17710 asks for the scheduled calling period', () => {
    expect(callOutcomeOf(CallErrno.INSTANT_EXPIRED, 'x').kind).toBe('resend');
    expect(callOutcomeOf(CallErrno.SCHEDULE_PERIOD, 'whatever')).toEqual({
      kind: 'closed',
      text: 'Please make a call within the scheduled calling period',
    });
  });
  it('17721 and 17722 show Err: code with Call Again; 17723 keeps or redials', () => {
    expect(callOutcomeOf(CallErrno.MEMBER_LEG_FAILED, 'm')).toEqual({
      kind: 'retry',
      code: 17721,
      text: 'm',
    });
    expect(callOutcomeOf(CallErrno.ANCHOR_LEG_FAILED, 'a')).toEqual({
      kind: 'retry',
      code: 17722,
      text: 'a',
    });
    expect(callOutcomeOf(CallErrno.CALL_IN_PROGRESS, '').kind).toBe('in-progress');
  });
  it('17726 leads to verifying his phone; 17708 is a notice; an unknown code shows Err: code', () => {
    expect(callOutcomeOf(CallErrno.NO_PHONE, '')).toEqual({
      kind: 'verify-phone',
      text: CallMessages.noPhone,
    });
    expect(callOutcomeOf(CallErrno.NOT_AVAILABLE, 'n').kind).toBe('notice');
    expect(callOutcomeOf(CallErrno.BLOCKED, 'b')).toEqual({ kind: 'closed', text: 'b' });
    expect(callOutcomeOf(99999, 'odd')).toEqual({ kind: 'closed', text: 'odd', code: 99999 });
  });
});

describe('the display of a call status', () => {
  it('not connected: phone and user; Confirm once his phone answered and 1 is not pressed', () => {
    expect(callViewOf(status())).toMatchObject({ icons: ['phone', 'user'], canConfirm: false });
    expect(callViewOf(status({ man_connected: 1 })).canConfirm).toBe(true);
    expect(callViewOf(status({ man_connected: 1, press1: 1 })).canConfirm).toBe(false);
  });
  it('transfer shows the agent step only when the call needs a translator', () => {
    expect(callViewOf(status({ display: 'transfer' })).icons).toEqual(['user', 'anchor']);
    expect(callViewOf(status({ display: 'transfer', need_transaction: 1 })).icons).toEqual([
      'user',
      'agent',
      'anchor',
    ]);
  });
  it('calling, then ended with the display cleared', () => {
    expect(callViewOf(status({ display: 'calling' }))).toMatchObject({ display: 'calling', text: 'Calling' });
    expect(callViewOf(status({ display: 'ended', is_end: 1 }))).toMatchObject({
      display: 'ended',
      icons: [],
    });
  });
});

describe('the pop-up’s phases', () => {
  const run = (events: Parameters<typeof callPhaseAfter>[1][]) =>
    events.reduce<CallPhase>(callPhaseAfter, { step: 'ready' });

  it('polls from makeCall until is_end', () => {
    const live = run([
      { type: 'dial' },
      { type: 'dialed' },
      { type: 'status', status: status({ display: 'calling' }) },
    ]);
    expect(live.step).toBe('live');
    expect(isPolling(live)).toBe(true);
    const ended = callPhaseAfter(live, { type: 'status', status: status({ display: 'ended', is_end: 1 }) });
    expect(ended.step).toBe('ended');
    expect(isPolling(ended)).toBe(false);
  });
  it('an error stops polling, and a late status changes nothing after it', () => {
    const failed = run([{ type: 'dial' }, { type: 'dialed' }, { type: 'error', errno: 17721, message: 'm' }]);
    expect(failed).toMatchObject({ step: 'failed', outcome: { kind: 'retry', code: 17721 } });
    expect(isPolling(failed)).toBe(false);
    expect(callPhaseAfter(failed, { type: 'status', status: status() })).toBe(failed);
  });
  it('Call Again and Redial dial again; keeping a call going on polls it', () => {
    const failed = run([{ type: 'dial' }, { type: 'error', errno: CallErrno.CALL_IN_PROGRESS, message: '' }]);
    expect(callPhaseAfter(failed, { type: 'dial', redial: true })).toEqual({ step: 'dialing', redial: true });
    expect(isPolling(callPhaseAfter(failed, { type: 'dialed' }))).toBe(true);
  });
});

describe('small helpers', () => {
  it('counts the characters left without leading whitespace, and shows talk time', () => {
    expect(remainingChars('  hi', 600)).toBe(598);
    expect(talkTime(187)).toBe('3:07');
  });
});

describe('offersMakeCall', () => {
  const scheduled = CALL_TYPE.scheduled;
  it('offers it on a request he may call now', () => {
    expect(offersMakeCall({ can_call: 1, status: 'accepted', call_type: CALL_TYPE.instant })).toBe(true);
  });
  it('offers it on an accepted scheduled request outside its calling period (the server says when)', () => {
    expect(offersMakeCall({ can_call: 0, status: 'accepted', call_type: scheduled })).toBe(true);
  });
  it('does not offer it before she accepts, after she declines, or on an accepted instant request gone by', () => {
    expect(offersMakeCall({ can_call: 0, status: 'pending', call_type: scheduled })).toBe(false);
    expect(offersMakeCall({ can_call: 0, status: 'declined', call_type: scheduled })).toBe(false);
    expect(offersMakeCall({ can_call: 0, status: 'accepted', call_type: CALL_TYPE.instant })).toBe(false);
  });
});
