/**
 * The show screens' rules, pure: which button and label a show gets in a list, in the detail dialog
 * and in the buy-ticket pop-up, when Notify me is locked, the countdown texts and styles, and what
 * each buyTicket answer means (spec 001 §4, §8; 002 §4, §8; 000 §4).
 */
import { SHOW_STATUS, TICKET_STATUS } from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import {
  SHOW_COUNTDOWN_START_S,
  SHOW_FOLLOW_LOCK_S,
  SHOW_ONGOING_UNDER_S,
  SHOW_TIMER_WAIT_S,
  ShowErrno,
  type ShowInfo,
  ShowMessages,
} from '../../../protocol/shows/shows';
import { NETWORK_ERRNO } from '../../api/client';

/** A show as received, with the moment it arrived so the countdown runs on the client's clock. */
export interface LiveShow extends ShowInfo {
  receivedAt: number;
}

export const received = (show: ShowInfo, at = Date.now()): LiveShow => ({ ...show, receivedAt: at });

/** Seconds left to the start now, counted down from the server's left_sec_to_start. */
export const leftSec = (show: LiveShow, now: number) =>
  show.left_sec_to_start - Math.floor((now - show.receivedAt) / 1000);

const isCancelled = (status: number) => status === SHOW_STATUS.cancelled4 || status === SHOW_STATUS.cancelled;
const isFinished = (status: number) => status === SHOW_STATUS.finished;
export const isOngoing = (show: LiveShow, now: number) =>
  !isCancelled(show.status) && !isFinished(show.status) && leftSec(show, now) < SHOW_ONGOING_UNDER_S;

/** Whole minutes to the start, at least 1 while it has not started. */
export const minutesLeft = (left: number) => Math.max(1, Math.ceil(left / 60));

// ---- The start countdown (spec 000 §4).

export type CountdownStyle =
  | { kind: 'countdown'; text: string }
  /** 180 s or less: it reads 'start'. */
  | { kind: 'start'; text: 'start' }
  /** Started: a button takes its place. */
  | { kind: 'button' };

const pad = (n: number) => String(n).padStart(2, '0');

/** Days first, then hours and minutes, then minutes and seconds while above 180 s; 'start'; a button. */
export function startCountdown(left: number): CountdownStyle {
  if (left <= 0) return { kind: 'button' };
  if (left <= SHOW_COUNTDOWN_START_S) return { kind: 'start', text: 'start' };
  const d = Math.floor(left / 86_400);
  const h = Math.floor((left % 86_400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  if (d > 0) return { kind: 'countdown', text: `${d}d ${pad(h)}h ${pad(m)}m` };
  if (h > 0) return { kind: 'countdown', text: `${h}h ${pad(m)}m` };
  return { kind: 'countdown', text: `${m}m ${pad(s)}s` };
}

/** The start timer waits while more than 1800 s remain, then ticks by the minute (spec 000 §4). */
export function startTimerDelayMs(left: number): number {
  if (left > SHOW_TIMER_WAIT_S) return (left - SHOW_TIMER_WAIT_S) * 1000;
  return 60_000;
}

/**
 * 'Starting in N min' (the detail, spec 001) or 'Start in N min' (lists, spec 002); 'Ongoing' once
 * the time runs out. Our choice for shows an hour or more away: the countdown's days and hours
 * ('Starting in 1d 02h 30m'), since hundreds of minutes read badly.
 */
export function startsInText(left: number, word: 'Starting' | 'Start'): string {
  if (left < SHOW_ONGOING_UNDER_S) return 'Ongoing';
  if (left < 3600) return `${word} in ${minutesLeft(left)} min`;
  const style = startCountdown(left);
  return style.kind === 'countdown' ? `${word} in ${style.text}` : `${word} in ${minutesLeft(left)} min`;
}

// ---- Lists (spec 002 §4 "Show list status rules").

export type ListState =
  | { kind: 'cancelled'; label: 'Cancelled' | 'Ticket Refunded' }
  | { kind: 'finished'; label: 'Finished' | 'Refunded' }
  | { kind: 'ongoing'; label: 'Ongoing'; reserved: boolean }
  | { kind: 'reserved'; label: 'Reserved' }
  | { kind: 'full'; label: 'No tickets left' }
  | { kind: 'on-sale'; label: 'Get Ticket' };

/** The list rules in the spec's order; `history` is My tickets' past view. */
export function listState(show: LiveShow, now: number, history = false): ListState {
  const refunded = show.ticket_status === TICKET_STATUS.refunded;
  if (history) {
    if (isCancelled(show.status))
      return { kind: 'cancelled', label: refunded ? 'Ticket Refunded' : 'Cancelled' };
    return { kind: 'finished', label: refunded ? 'Refunded' : 'Finished' };
  }
  if (isCancelled(show.status))
    return { kind: 'cancelled', label: refunded ? 'Ticket Refunded' : 'Cancelled' };
  if (isFinished(show.status)) return { kind: 'finished', label: 'Finished' };
  if (leftSec(show, now) < SHOW_ONGOING_UNDER_S)
    return { kind: 'ongoing', label: 'Ongoing', reserved: show.ticket_status === TICKET_STATUS.bought };
  if (show.ticket_status === TICKET_STATUS.bought) return { kind: 'reserved', label: 'Reserved' };
  if (show.ticket_is_full === 1) return { kind: 'full', label: 'No tickets left' };
  return { kind: 'on-sale', label: 'Get Ticket' };
}

// ---- The detail dialog (spec 001 §2, §4).

export type DetailButton =
  | 'Get Ticket'
  | 'Reserved'
  | 'Watch Now'
  | 'No tickets left'
  | 'Finished'
  | 'Cancelled';

export function detailButton(show: LiveShow, now: number): DetailButton {
  if (isCancelled(show.status)) return 'Cancelled';
  if (isFinished(show.status)) return 'Finished';
  if (isOngoing(show, now)) return 'Watch Now';
  if (show.ticket_status === TICKET_STATUS.bought) return 'Reserved';
  if (show.ticket_is_full === 1) return 'No tickets left';
  return 'Get Ticket';
}

/** Notify me is locked at 240 s or less before the start, or unless the show is upcoming. */
export const followLocked = (show: LiveShow, now: number) =>
  show.status !== SHOW_STATUS.upcoming || leftSec(show, now) <= SHOW_FOLLOW_LOCK_S;

// ---- The buy-ticket pop-up (spec 002 §4) and the ticket answers (001 §8, 002 §8).

/** 1 initial, 2 sold out, 3 no credit, 4 already bought, 5–7 server messages, 8 success, 0 other. */
export type PopupStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

const POPUP_STATUS_OF: Readonly<Record<number, PopupStatus>> = {
  [Errno.OK]: 8,
  [ShowErrno.SOLD_OUT]: 2,
  [ShowErrno.NO_CREDIT]: 3,
  [ShowErrno.ALREADY_BOUGHT]: 4,
  [ShowErrno.CANCELLED]: 5,
  [ShowErrno.ONGOING]: 6,
  [ShowErrno.FINISHED]: 7,
};

export const popupStatusOf = (errno: number): PopupStatus => POPUP_STATUS_OF[errno] ?? 0;

/** The pop-up's button by status (spec 002 §4 table). */
export function popupButton(status: PopupStatus): DetailButton {
  switch (status) {
    case 2:
      return 'No tickets left';
    case 4:
    case 8:
      return 'Reserved';
    case 5:
      return 'Cancelled';
    case 6:
      return 'Watch Now';
    case 7:
      return 'Finished';
    default:
      return 'Get Ticket';
  }
}

export interface TicketMessage {
  tone: 'success' | 'error';
  text: string;
  /** 10025: an add-credits link. */
  addCredits?: boolean;
  /** 13015: a link to My tickets. */
  myTickets?: boolean;
}

/**
 * What a buyTicket answer shows: the spec's text for its codes, the server's errmsg for 13025–13027,
 * the network text when nothing usable came back (no network, time-out 408). Any other code: the
 * pop-up shows the network text (spec 002 §8 "other"), the detail dialog the server's errmsg (001 §8).
 */
export function ticketMessage(errno: number, errmsg: string, where: 'popup' | 'dialog'): TicketMessage {
  switch (errno) {
    case Errno.OK:
      return { tone: 'success', text: ShowMessages.success };
    case ShowErrno.SOLD_OUT:
      return { tone: 'error', text: ShowMessages.soldOut };
    case ShowErrno.NO_CREDIT:
      return { tone: 'error', text: ShowMessages.noCredit, addCredits: true };
    case ShowErrno.ALREADY_BOUGHT:
      return { tone: 'error', text: errmsg || ShowMessages.alreadyBought, myTickets: true };
    case ShowErrno.CANCELLED:
    case ShowErrno.ONGOING:
    case ShowErrno.FINISHED:
      return { tone: 'error', text: errmsg || ShowMessages.network };
    case Errno.TIMEOUT:
    case NETWORK_ERRNO:
      return { tone: 'error', text: ShowMessages.network };
    default:
      return { tone: 'error', text: where === 'dialog' && errmsg ? errmsg : ShowMessages.network };
  }
}
