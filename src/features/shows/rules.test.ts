import { describe, expect, it } from 'vitest';
import type { ShowInfo } from '../../../protocol/shows/shows';
import { draftProblem, emptyDraft, gmtFieldValue, secondsFromGmtField } from './lady/publish';
import {
  detailButton,
  followLocked,
  leftSec,
  listState,
  popupButton,
  popupStatusOf,
  received,
  startCountdown,
  startsInText,
  startTimerDelayMs,
  ticketMessage,
} from './rules';

const T0 = 1_800_000_000_000;
const show = (patch: Partial<ShowInfo> = {}) =>
  received(
    {
      live_show_id: 'LS1',
      show_title: 'T',
      show_introduce: '',
      cover: '',
      anchor_id: 'A1',
      anchor_nickname: 'Anna',
      anchor_avatar: '',
      price: 2,
      start_time: T0 / 1000 + 3600,
      duration: 30,
      status: 1,
      ticket_status: 0,
      ticket_is_full: 0,
      has_follow: 0,
      left_sec_to_start: 3600,
      remainMinite: 60,
      ...patch,
    },
    T0,
  );
const at = (seconds: number) => T0 + seconds * 1000;

describe('the countdown', () => {
  it('counts down from the server’s seconds on the client’s clock', () => {
    expect(leftSec(show(), at(0))).toBe(3600);
    expect(leftSec(show(), at(61))).toBe(3539);
  });

  it('reads "Start in N min" and "Ongoing" under 60 s; hours and days for far shows', () => {
    expect(startsInText(40 * 60, 'Start')).toBe('Start in 40 min');
    expect(startsInText(40 * 60 - 30, 'Starting')).toBe('Starting in 40 min');
    expect(startsInText(60, 'Starting')).toBe('Starting in 1 min');
    expect(startsInText(59, 'Starting')).toBe('Ongoing');
    expect(startsInText(-100, 'Start')).toBe('Ongoing');
    expect(startsInText(2 * 3600 + 5 * 60, 'Start')).toBe('Start in 2h 05m');
    expect(startsInText(86_400 + 3600, 'Start')).toBe('Start in 1d 01h 00m');
  });

  it('has the start-countdown styles of spec 000: days, hours, seconds above 180 s, start, a button', () => {
    expect(startCountdown(2 * 86_400 + 3 * 3600 + 4 * 60)).toEqual({ kind: 'countdown', text: '2d 03h 04m' });
    expect(startCountdown(3 * 3600 + 4 * 60 + 5)).toEqual({ kind: 'countdown', text: '3h 04m' });
    expect(startCountdown(181)).toEqual({ kind: 'countdown', text: '3m 01s' });
    expect(startCountdown(180)).toEqual({ kind: 'start', text: 'start' });
    expect(startCountdown(1)).toEqual({ kind: 'start', text: 'start' });
    expect(startCountdown(0)).toEqual({ kind: 'button' });
  });

  it('the start timer waits while more than 1800 s remain, then ticks by the minute', () => {
    expect(startTimerDelayMs(1801 + 600)).toBe(601_000);
    expect(startTimerDelayMs(1800)).toBe(60_000);
  });
});

describe('the list status rules (spec 002 §4)', () => {
  it('cancelled, with Ticket Refunded for a refunded ticket', () => {
    expect(listState(show({ status: 5 }), at(0)).label).toBe('Cancelled');
    expect(listState(show({ status: 5, ticket_status: 2 }), at(0)).label).toBe('Ticket Refunded');
    expect(listState(show({ status: 4 }), at(0)).kind).toBe('cancelled');
  });
  it('finished', () => {
    expect(listState(show({ status: 3 }), at(0))).toEqual({ kind: 'finished', label: 'Finished' });
  });
  it('ongoing under 60 s, "You have reserved" with a ticket', () => {
    expect(listState(show(), at(3541))).toEqual({ kind: 'ongoing', label: 'Ongoing', reserved: false });
    expect(listState(show({ ticket_status: 1 }), at(3541))).toEqual({
      kind: 'ongoing',
      label: 'Ongoing',
      reserved: true,
    });
    expect(listState(show(), at(3540)).kind).toBe('on-sale');
  });
  it('reserved, full, on sale', () => {
    expect(listState(show({ ticket_status: 1, ticket_is_full: 1 }), at(0)).label).toBe('Reserved');
    expect(listState(show({ ticket_is_full: 1 }), at(0)).label).toBe('No tickets left');
    expect(listState(show(), at(0)).label).toBe('Get Ticket');
  });
  it('history: Refunded or Finished', () => {
    expect(listState(show({ status: 3, ticket_status: 2 }), at(0), true).label).toBe('Refunded');
    expect(listState(show({ status: 3, ticket_status: 1 }), at(0), true).label).toBe('Finished');
  });
});

describe('the detail dialog and Notify me', () => {
  it('picks one button', () => {
    expect(detailButton(show(), at(0))).toBe('Get Ticket');
    expect(detailButton(show({ ticket_status: 1 }), at(0))).toBe('Reserved');
    expect(detailButton(show({ ticket_is_full: 1 }), at(0))).toBe('No tickets left');
    expect(detailButton(show({ ticket_status: 1 }), at(3545))).toBe('Watch Now');
    expect(detailButton(show({ status: 3 }), at(0))).toBe('Finished');
    expect(detailButton(show({ status: 5 }), at(0))).toBe('Cancelled');
  });
  it('locks Notify me at 240 s or less and unless upcoming', () => {
    expect(followLocked(show(), at(3600 - 241))).toBe(false);
    expect(followLocked(show(), at(3600 - 240))).toBe(true);
    expect(followLocked(show({ status: 3 }), at(0))).toBe(true);
    expect(followLocked(show({ status: 5 }), at(0))).toBe(true);
  });
});

describe('the buy-ticket pop-up', () => {
  it('maps each answer to its status and button', () => {
    const cases: [number, number, string][] = [
      [0, 8, 'Reserved'],
      [13013, 2, 'No tickets left'],
      [10025, 3, 'Get Ticket'],
      [13015, 4, 'Reserved'],
      [13025, 5, 'Cancelled'],
      [13026, 6, 'Watch Now'],
      [13027, 7, 'Finished'],
      [408, 0, 'Get Ticket'],
    ];
    for (const [errno, status, button] of cases) {
      expect(popupStatusOf(errno)).toBe(status);
      expect(popupButton(popupStatusOf(errno))).toBe(button);
    }
  });

  it('shows the spec’s texts and links', () => {
    expect(ticketMessage(0, '', 'popup').text).toBe(
      'Ticket has been successfully added to your account. Enjoy the show!',
    );
    expect(ticketMessage(13013, 'x', 'popup').text).toBe(
      'Tickets has been sold out. Please chose another show.',
    );
    expect(ticketMessage(10025, 'x', 'popup')).toMatchObject({
      text: 'You have insufficient credits to buy the show ticket.',
      addCredits: true,
    });
    expect(ticketMessage(13015, 'Already.', 'popup')).toMatchObject({ text: 'Already.', myTickets: true });
    expect(ticketMessage(13026, 'Server says.', 'popup').text).toBe('Server says.');
    const network = 'Trouble connecting to the server, please try again later.';
    expect(ticketMessage(408, 'x', 'popup').text).toBe(network);
    expect(ticketMessage(-1, '', 'dialog').text).toBe(network);
    expect(ticketMessage(10500, 'Oops.', 'popup').text).toBe(network);
    expect(ticketMessage(10500, 'Oops.', 'dialog').text).toBe('Oops.');
  });
});

describe('the publish form', () => {
  it('reads the start field as GMT', () => {
    const ms = Date.UTC(2026, 10, 22, 4, 45);
    expect(gmtFieldValue(ms)).toBe('2026-11-22T04:45');
    expect(secondsFromGmtField('2026-11-22T04:45')).toBe(ms / 1000);
    expect(secondsFromGmtField('nope')).toBeNaN();
  });
  it('says what is wrong before sending', () => {
    const draft = { ...emptyDraft(T0), title: 'Tea' };
    expect(draftProblem(draft, T0)).toBe('');
    expect(draftProblem({ ...draft, title: ' ' }, T0)).toMatch(/title/);
    expect(draftProblem({ ...draft, start: gmtFieldValue(T0 + 60_000) }, T0)).toMatch(/10 minutes/);
    expect(draftProblem({ ...draft, price: '1.234' }, T0)).toMatch(/price/);
    expect(draftProblem({ ...draft, duration: 5 }, T0)).toMatch(/duration/);
  });
});
