/**
 * The make-call pop-up's logic (spec 002 §4 "Make-call flow", "Display"; §8 "Call service"): what
 * each error code leads to, the steps the display shows for a call status, and the pop-up's phases
 * (ready → dialing → live, polled every CALL_STATUS_POLL_S, → ended; any error stops it).
 */
import {
  CALL_TYPE,
  CallErrno,
  CallMessages,
  type CallOrder,
  type CallStatus,
} from '../../../protocol/call-service/call-service';
import { MailErrno } from '../../../protocol/mail/mail';

/** What the pop-up does with a failed answer. */
export type CallOutcome =
  /** 17302 (and mail's 17208, spec 001 §8): 'Credits Purchase' with Purchase Credits. */
  | { kind: 'credits'; text: string }
  /** 17709: the instant request expired; a new one is sent. */
  | { kind: 'resend'; text: string }
  /** 17721, 17722: 'Err: {code}' with Call Again. */
  | { kind: 'retry'; code: number; text: string }
  /** 17723: keep the call going on, or Redial. */
  | { kind: 'in-progress'; text: string }
  /** 17726 (ours): no verified phone; a link to verify one. */
  | { kind: 'verify-phone'; text: string }
  /** 17708: a block notice with OK or Close. */
  | { kind: 'notice'; text: string }
  /** 17707, 17710, the rest: the message (with 'Err: {code}' for unknown codes) and Close. */
  | { kind: 'closed'; text: string; code?: number };

export function callOutcomeOf(errno: number, message: string): CallOutcome {
  switch (errno) {
    case CallErrno.NO_CREDIT:
    case MailErrno.NO_MONEY_SEND:
      return { kind: 'credits', text: message || CallMessages.noCredit };
    case CallErrno.INSTANT_EXPIRED:
      return { kind: 'resend', text: message || CallMessages.instantExpired };
    case CallErrno.MEMBER_LEG_FAILED:
    case CallErrno.ANCHOR_LEG_FAILED:
      return { kind: 'retry', code: errno, text: message };
    case CallErrno.CALL_IN_PROGRESS:
      return { kind: 'in-progress', text: message || CallMessages.callInProgress };
    case CallErrno.NO_PHONE:
      return { kind: 'verify-phone', text: message || CallMessages.noPhone };
    case CallErrno.NOT_AVAILABLE:
      return { kind: 'notice', text: message || CallMessages.notAvailable };
    case CallErrno.SCHEDULE_PERIOD:
      // Spec §8 verbatim, whatever the answer's text.
      return { kind: 'closed', text: CallMessages.schedulePeriod };
    case CallErrno.BLOCKED:
    case CallErrno.NOT_ACCEPTED:
    case CallErrno.REACCEPT_TOO_LATE:
    case CallErrno.SCHEDULE_TIME:
    case CallErrno.NOTHING_TO_CONFIRM:
      return { kind: 'closed', text: message };
    default:
      return { kind: 'closed', text: message, code: errno };
  }
}

export type StepIcon = 'phone' | 'user' | 'agent' | 'anchor';

/** What the display shows for a call status (spec §4 "Display"). */
export interface CallView {
  display: CallStatus['display'];
  icons: StepIcon[];
  text: string;
  /** He answered but has not pressed 1: the page offers Confirm instead. */
  canConfirm: boolean;
}

export function callViewOf(s: CallStatus | undefined): CallView {
  if (!s) return { display: 'not_connected', icons: ['phone', 'user'], text: RINGING_YOU, canConfirm: false };
  switch (s.display) {
    case 'not_connected':
      return {
        display: 'not_connected',
        icons: ['phone', 'user'],
        text: s.man_connected ? 'Press 1 on your phone, or Confirm here, to be put through.' : RINGING_YOU,
        canConfirm: s.man_connected === 1 && s.press1 === 0,
      };
    case 'transfer':
      return {
        display: 'transfer',
        icons: s.need_transaction ? ['user', 'agent', 'anchor'] : ['user', 'anchor'],
        text: s.need_transaction
          ? 'Connecting you with the broadcaster and a translator…'
          : 'Connecting you with the broadcaster…',
        canConfirm: false,
      };
    case 'calling':
      return { display: 'calling', icons: [], text: 'Calling', canConfirm: false };
    default:
      return { display: 'ended', icons: [], text: 'The call has ended.', canConfirm: false };
  }
}

const RINGING_YOU = 'The call center is calling your phone. Please answer it.';

/** The pop-up's phase. */
export type CallPhase =
  | { step: 'ready' }
  | { step: 'dialing'; redial: boolean }
  | { step: 'live'; status?: CallStatus }
  | { step: 'ended'; status: CallStatus }
  | { step: 'failed'; outcome: CallOutcome; status?: CallStatus };

export type CallEvent =
  | { type: 'dial'; redial?: boolean }
  /** makeCall answered (or 17723 "keep": the call going on is polled). */
  | { type: 'dialed' }
  | { type: 'status'; status: CallStatus }
  | { type: 'error'; errno: number; message: string };

export function callPhaseAfter(phase: CallPhase, event: CallEvent): CallPhase {
  switch (event.type) {
    case 'dial':
      return { step: 'dialing', redial: Boolean(event.redial) };
    case 'dialed':
      return { step: 'live' };
    case 'status':
      // A late answer after the pop-up stopped (ended, failed) changes nothing.
      if (phase.step !== 'live') return phase;
      return event.status.is_end
        ? { step: 'ended', status: event.status }
        : { step: 'live', status: event.status };
    case 'error':
      return {
        step: 'failed',
        outcome: callOutcomeOf(event.errno, event.message),
        status: phase.step === 'live' ? phase.status : undefined,
      };
  }
}

/** Polling runs only while a call is live (errors and the end stop it). */
export const isPolling = (phase: CallPhase) => phase.step === 'live';

/** Seconds as '3:07'. */
export function talkTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What the leave-message box counts down (spec §5: leading whitespace stripped). */
export const remainingChars = (text: string, max: number) => max - text.replace(/^\s+/, '').length;

/**
 * Whether his request offers Make Call: when he may call now, and on an accepted scheduled request
 * outside its calling period too, where the server's answer (17710) tells him when he may (spec §4
 * "Make-call flow" step 2).
 */
export const offersMakeCall = (order: Pick<CallOrder, 'can_call' | 'status' | 'call_type'>) =>
  order.can_call === 1 || (order.status === 'accepted' && order.call_type === CALL_TYPE.scheduled);
