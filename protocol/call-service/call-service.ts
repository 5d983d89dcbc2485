/**
 * The call service (spec 002 §2–§5, §7–§9; 001 §8): a member calls a broadcaster by phone through
 * Glimmer's call center — the center rings him, he presses 1 (or confirms on the page), it rings her
 * (and a translator when her settings need one) and joins them — now (an instant call) or at a time
 * of her call timetable (a scheduled call). She asks members to call her with call-me
 * authorizations, which he accepts, declines, revokes or removes.
 *
 * The spec's nine calls keep their paths; the rest (lists, her side, her settings) are ours, under
 * the same prefixes, and marked. Where the spec is silent the choices are written here:
 * - The reservation fee (CALL_RESERVATION_HUNDREDTHS) is charged when a request is sent, refunded
 *   when she declines it (and charged again if she accepts it again), when it expires unanswered or
 *   uncalled, and when a call ends without her answering. A call-me authorization he granted her
 *   ("authorize her to call you") waives the fee of his instant requests to her, and lets her start a
 *   call to him (the center rings him first, as always); each use counts.
 * - Talking costs CALL_CREDIT_PER_MINUTE per started minute while both are connected, each minute
 *   charged once (ledger key call:<ref>:<call>:minute:<n>); when his credit cannot pay the next
 *   minute the call center hangs up.
 * - 17208 stays mail's "not enough stamps or credits to send" (protocol/mail/mail.ts): the call
 *   service never answers it. Both it and 17302 mean "he cannot pay", which is why the schedule
 *   pop-ups (spec 001 §8) open the add-credits pop-up for either; 17302 is the call service's only
 *   credit-short code.
 */

import type { IceServerInfo } from '../live/live';
import { toHundredths } from '../money';

export const CallServiceApi = {
  // ---- The spec's nine calls (§7).
  /** He sends an instant call request {anchor_id} → {ref_no}. */
  sendInstantCall: '/pman/callService/call/sendInstantCall',
  /** He leaves a message with a request {ref_no, message}. */
  addMessage: '/pman/callService/call/addMessage',
  /** He accepts her call-me invitation (an authorization waiting for him) {ref_no}. */
  acceptRequest: '/pman/callService/call/acceptRequest',
  /** He declines her call-me invitation {ref_no}. */
  declineRequest: '/pman/callService/call/declineRequest',
  /** He removes a call-me authorization from his list {ref_no} (authformstatus removesuccess). */
  removeAuthorization: '/pman/callService/callMe/removeAuthorization',
  /** He revokes (cancels) a call-me authorization he granted {ref_no} (authformstatus cancelsuccess). */
  revokeAuthorization: '/pman/callService/callMe/revokeAuthorization',
  /** The call center rings him for an accepted request {phone_type, ref_no, redial}. */
  makeCall: '/pman/callService/callCenter/makeCall',
  /** He confirms on the page instead of pressing 1 {ref_no}. */
  confirmCall: '/pman/callService/callCenter/confirmCall',
  /** The call's state, polled every CALL_STATUS_POLL_S until is_end {ref_no}. */
  getCallStatus: '/pman/callService/callCenter/getCallStatus',
  // ---- Ours: what the member's pages read and send.
  /** Ours: a scheduled call request {anchor_id, scheduled_time (seconds), message?} → {ref_no}. */
  sendScheduleCall: '/pman/callService/call/sendScheduleCall',
  /** Ours: his requests of one type {call_type} (instantCalls, schedulCalls). */
  callList: '/pman/callService/call/callList',
  /** Ours: one request (calldetail, callprintpage) {ref_no}. */
  callDetail: '/pman/callService/call/callDetail',
  /** Ours: who takes calls (instantAnchorList), with her call_instant / call_schedule. */
  anchorList: '/pman/callService/call/anchorList',
  /** Ours: her call timetable for makecalldetail {anchor_id} → free times (seconds). */
  callTimes: '/pman/callService/call/callTimes',
  /** Ours: his call-me authorizations {status?} (callmelist) with the four counts. */
  callMeList: '/pman/callService/callMe/callMeList',
  /** Ours: one authorization {ref_no} (authformdetail). */
  callMeDetail: '/pman/callService/callMe/callMeDetail',
  /** Ours: the counters call_scheduled_num, call_request_num and the callme_* four. */
  counters: '/pman/callService/call/counters',
  // ---- Ours: her side.
  /** Ours: the requests to her (pending first). */
  ladyRequests: '/lady/v1/callService/requests',
  /** Ours: she accepts a request {ref_no}; a declined one again up to one hour before the call. */
  ladyAccept: '/lady/v1/callService/acceptRequest',
  /** Ours: she declines a request {ref_no}; his fee is refunded. */
  ladyDecline: '/lady/v1/callService/declineRequest',
  /** Ours: she asks a member to call her {man_id, message?} → {ref_no}. */
  ladyAskCallMe: '/lady/v1/callService/askCallMe',
  /** Ours: she starts a call on a call-me authorization he granted {ref_no (CM…)} → {ref_no, call_id}. */
  ladyCallOnAuthorization: '/lady/v1/callService/callOnAuthorization',
  /** Ours: her call settings (private number, translator, timetable) — only she reads them. */
  ladySettings: '/lady/v1/callService/settings',
  ladySaveSettings: '/lady/v1/callService/saveSettings',
} as const;

/** Ours: socket events of the call service (the pages still poll getCallStatus, spec §4). */
export const CallEvent = {
  /** To her: a member's new request ({order: CallOrder}). */
  request: 'imMan/callRequestNotice',
  /** To him: she accepted or declined his request ({order: CallOrder}). */
  answered: 'imLady/callAnswerNotice',
  /** To him: she asks him to call her ({authorization: CallMeItem}). */
  callMe: 'imLady/callMeNotice',
} as const;

/**
 * Ours: the local call-center stand-in's phones, which the operator console's phone pages drive (a
 * `dev` operator, development tools only). Once the center joins a call, each phone page talks
 * through the live rooms' SFU: `speak` publishes its microphone (its offer, the SFU's answer),
 * `listen` offers it another leg's voice and `hear` takes its answer to that offer.
 */
export const CallCenterStandInApi = {
  phones: '/dev/call-center/phones',
  answer: '/dev/call-center/answer',
  press: '/dev/call-center/press',
  hangUp: '/dev/call-center/hangUp',
  speak: '/dev/call-center/speak',
  listen: '/dev/call-center/listen',
  hear: '/dev/call-center/hear',
} as const;

/** Spec §9: a call reservation fee is 1 credit. */
export const CALL_RESERVATION_HUNDREDTHS = toHundredths(1);
/**
 * Ours (the spec prices no call minute): 2 credits per started minute. The spec's hidden instant-call
 * text names "2 credits"; a phone call through a call center, often with a translator, costs more
 * than a One-on-One's 0.30.
 */
export const CALL_CREDIT_PER_MINUTE = 2;
export const CALL_MINUTE_HUNDREDTHS = toHundredths(CALL_CREDIT_PER_MINUTE);
/** Spec §9: the page polls getCallStatus every 5 s until is_end. */
export const CALL_STATUS_POLL_S = 5;
/** Spec §4: a declined request can be accepted again up to 1 hour before the call. */
export const CALL_REACCEPT_S = 3600;
/** Ours: the leave-message limit (the spec shows a counter, not the limit): the letter pop-up's 600. */
export const CALL_MESSAGE_MAX = 600;
/** Ours: an instant request unanswered this long expires (and is refunded). */
export const INSTANT_ANSWER_S = 30 * 60;
/** Ours: an accepted instant request must be called within this (else 17709: send a new one). */
export const INSTANT_CALL_WITHIN_S = 3600;
/** Ours: the scheduled calling period, from this before the scheduled time to this after it. */
export const SCHEDULE_EARLY_S = 5 * 60;
export const SCHEDULE_LATE_S = 30 * 60;
/** Ours: a scheduled call is 2 hours to 14 days ahead, on a whole hour of her call timetable. */
export const SCHEDULE_MIN_LEAD_S = 2 * 3600;
export const SCHEDULE_MAX_DAYS = 14;
/** Ours: how long a leg rings before the center gives up on it. */
export const CALL_RING_S = 45;

/** call_type (spec §3: instant or scheduled). */
export const CALL_TYPE = { instant: 1, scheduled: 2 } as const;
export type CallType = (typeof CALL_TYPE)[keyof typeof CALL_TYPE];

/** A request's status (spec §4: accepted, declined, expired), with call_status_val. */
export const CALL_ORDER_STATUS = {
  pending: 0,
  accepted: 1,
  declined: 2,
  expired: 3,
  /** A call connected on it and ended. */
  completed: 4,
  /** A call reached his phone but she did not answer: refunded. */
  missed: 5,
} as const;
export type CallOrderStatus = keyof typeof CALL_ORDER_STATUS;

/** A call-me authorization's status (the callmelist counts: waiting, success, revoked, declined). */
export const CALL_ME_STATUS = { waiting: 0, success: 1, revoked: 2, declined: 3, removed: 4 } as const;
export type CallMeStatus = keyof typeof CALL_ME_STATUS;

/** phone_type of makeCall: his verified phone is the one the center rings. */
export const PHONE_TYPE_VERIFIED = 1;

/**
 * What the display shows (spec §4): not_connected (phone and user icons), transfer (he pressed 1,
 * she is not connected yet; the agent icon when need_transaction), calling, ended (Call Again).
 */
export type CallDisplay = 'not_connected' | 'transfer' | 'calling' | 'ended';

export const CallErrno = {
  /** Spec: credits short (the 'Credits Purchase' pop-up with Purchase Credits). */
  NO_CREDIT: 17302,
  /** Spec: blocked, the server's message with Close — he blocks her, or her account is suspended. */
  BLOCKED: 17707,
  /** Spec: a block notice with OK or Close — she does not take this kind of call (contact via Mail). */
  NOT_AVAILABLE: 17708,
  /** Spec: an instant request that expired: the page sends a new instant call. */
  INSTANT_EXPIRED: 17709,
  /** Spec: a scheduled request outside its calling period (or expired). */
  SCHEDULE_PERIOD: 17710,
  /** Spec: 'Err: 17721' with Call Again — the center could not ring his phone. */
  MEMBER_LEG_FAILED: 17721,
  /** Spec: 'Err: 17722' with Call Again — the center could not ring hers. */
  ANCHOR_LEG_FAILED: 17722,
  /** Spec: a call of this request is going on: keep it, or Redial (redial=1). */
  CALL_IN_PROGRESS: 17723,
  // Ours, above the spec's: 17724..17729.
  /** Ours: she has not accepted the request (yet). */
  NOT_ACCEPTED: 17724,
  /** Ours: a declined request accepted again later than one hour before the call. */
  REACCEPT_TOO_LATE: 17725,
  /** Ours: he has no verified phone for the center to ring. */
  NO_PHONE: 17726,
  /** Ours: the scheduled time is not a free hour of her call timetable 2 hours to 14 days ahead. */
  SCHEDULE_TIME: 17727,
  /** Ours: there is no call of this request to confirm (his phone has not answered). */
  NOTHING_TO_CONFIRM: 17728,
} as const;

export const CallMessages = {
  noCredit: 'You do not have enough credits for this call. Please purchase credits.',
  blocked: 'You cannot call this broadcaster.',
  notAvailable: 'This broadcaster is not available for this service. Please contact her via Mail.',
  instantExpired: 'This call request has expired. A new instant call request is sent.',
  /** Spec §8, verbatim. */
  schedulePeriod: 'Please make a call within the scheduled calling period',
  memberLegFailed: 'The call center could not reach your phone.',
  anchorLegFailed: 'The call center could not reach the broadcaster.',
  callInProgress: 'A call for this request is going on.',
  notAccepted: 'The broadcaster has not accepted this request.',
  reacceptTooLate: 'A declined request can be accepted again only up to one hour before the call.',
  noPhone: 'Please verify your phone number first.',
  scheduleTime: 'Please choose a free time of her call timetable, 2 hours to 14 days ahead.',
  nothingToConfirm: 'The call center has not reached your phone yet.',
  callCenterDown: 'The call center is not available.',
} as const;

/** The broadcaster as a request names her. */
export interface CallAnchorInfo {
  anchor_id: string;
  anchor_nickname: string;
  anchor_avatar: string;
}

/** A call request (spec §3 "Call order"). Never a phone number. */
export interface CallOrder {
  ref_no: string;
  status: CallOrderStatus;
  call_status_val: number;
  call_type: CallType;
  need_transaction: 0 | 1;
  /** Seconds; 0 for an instant request. */
  scheduled_time: number;
  phone_type: number;
  anchor_info: CallAnchorInfo;
  man_id: string;
  message: string;
  /** The request's time (GMT) and the scheduled time, as the pages print them. */
  timeStr: string;
  timeStr2: string;
  /** Seconds: until when she may answer, accept again, or he may call. */
  deadline: number;
  /** 1 when he may press Make Call now. */
  can_call: 0 | 1;
}

export interface SendCallAnswer {
  ref_no: string;
  credit: number;
}

/** getCallStatus (spec §3 "Call status"), never a phone number. */
export interface CallStatus {
  ref_no: string;
  man_connected: 0 | 1;
  press1: 0 | 1;
  anchor_connected: 0 | 1;
  is_end: 0 | 1;
  need_transaction: 0 | 1;
  /** The translator's leg answered (the agent step). */
  translator_connected: 0 | 1;
  display: CallDisplay;
  /** Seconds connected, and what the minutes cost (credits). */
  duration: number;
  cost: number;
  credit: number;
  /** Why it ended: completed, member_no_answer, anchor_no_answer, no_credit, hung_up. */
  end_reason: string;
}

export interface MakeCallAnswer {
  ref_no: string;
  call_id: string;
}

export interface CallMeItem {
  ref_no: string;
  status: CallMeStatus;
  status_val: number;
  anchor_info: CallAnchorInfo;
  message: string;
  /** How many of his requests it waived the fee of. */
  used: number;
  created_time: number;
  answered_time: number;
}

export interface CallMeList {
  list: CallMeItem[];
  callme_waiting: number;
  callme_success: number;
  callme_revoked: number;
  callme_declined: number;
}

export interface CallCounters {
  call_scheduled_num: number;
  call_request_num: number;
  callme_waiting: number;
  callme_success: number;
  callme_revoked: number;
  callme_declined: number;
}

export interface CallAnchorItem extends CallAnchorInfo {
  online: 0 | 1;
  call_instant: 0 | 1;
  call_schedule: 0 | 1;
}

/** Her call settings: only her own calls answer them. */
export interface CallSettings {
  area_code: string;
  phone_no: string;
  need_translator: 0 | 1;
  /** Whole UTC hours (0–23) she takes scheduled calls on. */
  call_hours: number[];
}

/** A phone of the local stand-in (what its pages show). */
export interface StandInPhone {
  leg_id: string;
  call_id: string;
  role: 'member' | 'anchor' | 'translator';
  /** Whose phone: his or her user id, or 'translator'. */
  owner: string;
  state: 'ringing' | 'answered' | 'ended';
  pressed: string;
  /** 1 once the center has joined the call's legs: its phones may talk. */
  bridged: 0 | 1;
}

/** `listen`'s answer: the SFU's offer of another leg's voice, answered through `hear`. */
export interface StandInListenAnswer {
  viewer_id: string;
  sdp: string;
  ice_servers: IceServerInfo[];
}
