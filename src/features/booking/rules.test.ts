import { describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import { countries } from './countries';
import {
  anchorIdError,
  bookingErrorOf,
  canStartNow,
  defaultGiftNum,
  depositOf,
  inScheduleWindow,
  inviteErrorOf,
  phoneCodeErrorOf,
  phoneError,
  phoneSubmitErrorOf,
  SCHEDULE_REQUEST_DAYS,
  slotDays,
  windowDays,
  withoutSlot,
} from './rules';

const at = (d: Date) => Math.floor(d.getTime() / 1000);

describe('booking slots', () => {
  it('offers only free slots on today and the next 2 days, in order, grouped by local day', () => {
    const now = new Date(2026, 10, 22, 9, 30).getTime();
    const slot = (day: number, hour: number, status = 0) => ({
      status,
      time: at(new Date(2026, 10, 22 + day, hour)),
      time_id: `A-${day}-${hour}`,
    });
    const days = slotDays(
      [slot(1, 12), slot(0, 8), slot(0, 11), slot(1, 10, 1), slot(2, 9), slot(3, 9)],
      now,
    );
    expect(days.map((d) => d.label.split(' ')[0])).toEqual(['Today', 'Tomorrow', expect.any(String)]);
    expect(days.map((d) => d.slots.map((s) => s.time_id))).toEqual([['A-0-11'], ['A-1-12'], ['A-2-9']]);
    expect(withoutSlot([slot(0, 11), slot(1, 12)], 'A-0-11').map((s) => s.time_id)).toEqual(['A-1-12']);
  });

  it('offers a schedule request only her free slots 24 hours to 14 days ahead, by local day', () => {
    const now = new Date(2026, 10, 22, 9, 30).getTime();
    const slot = (day: number, hour: number, status = 0) => ({
      status,
      time: at(new Date(2026, 10, 22 + day, hour)),
      time_id: `A-${day}-${hour}`,
    });
    const days = windowDays(
      [slot(0, 20), slot(1, 9), slot(1, 11), slot(1, 12, 1), slot(2, 8), slot(14, 9), slot(15, 9)],
      now,
    );
    expect(days.map((d) => d.slots.map((s) => s.time_id))).toEqual([['A-1-11'], ['A-2-8'], ['A-14-9']]);
    expect(days[0]?.label).toBe(
      new Date(2026, 10, 23).toLocaleDateString('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }),
    );
    expect(SCHEDULE_REQUEST_DAYS).toBe(15);
  });

  it('starts a gift at its default quantity and adds it to the deposit', () => {
    const gift = {
      giftid: 'G107',
      name: 'Teddy Bear',
      small_imgurl: '',
      credit: 1.5,
      send_num_list: [
        { num: 1, is_default: 0 as const },
        { num: 3, is_default: 1 as const },
      ],
    };
    expect(defaultGiftNum(gift)).toBe(3);
    expect(depositOf(1.5, gift, 3)).toBe(6);
    expect(depositOf(1.5, undefined, 0)).toBe(1.5);
    // His backpack's gifts pay first.
    expect(depositOf(1.5, { ...gift, held: 2 }, 3)).toBe(3);
    expect(depositOf(1.5, { ...gift, held: 5 }, 3)).toBe(1.5);
  });
});

describe('booking texts', () => {
  it('maps every member-side code to the spec text', () => {
    expect(bookingErrorOf(10043, 'x').message).toBe(
      'You already have a scheduled at this time, please select another time.',
    );
    for (const errno of [10035, 10042])
      expect(bookingErrorOf(errno, 'x').message).toBe(
        'The broadcaster is not available at this time. Please select another time.',
      );
    for (const errno of [10025, 10027]) expect(bookingErrorOf(errno, '').addCredits).toBe(true);
    expect(bookingErrorOf(13009, 'server says').message).toBe('server says');
    expect(bookingErrorOf(17003, 'server says').message).toBe('server says');
    expect(bookingErrorOf(10063, Messages.bookDuplicate).message).toMatch(
      /^You already have a booking with this broadcaster at this time/,
    );
    expect(bookingErrorOf(99999, 'x').message).toBe('Request could not be sent. Please try again later.');
    expect(bookingErrorOf(-1, '').message).toBe('Request could not be sent. Please try again later.');
  });

  it('maps the broadcaster-side codes', () => {
    expect(inviteErrorOf(Errno.INVITE_QUOTA, '')).toBe(Messages.inviteQuota);
    expect(inviteErrorOf(16606, 'no authority')).toBe('no authority');
    expect(inviteErrorOf(17007, 'no priv')).toBe('no priv');
    expect(inviteErrorOf(1, 'x')).toBe('Your invitation could not be sent. Please try again later.');
  });

  it('maps the phone codes and validates the fields', () => {
    expect(phoneCodeErrorOf(10065)).toBe('Too many attempts. Please re-try 30 seconds later.');
    expect(phoneCodeErrorOf(10064)).toBe(
      'This phone number has been verified or been taken by other user, please try another number.',
    );
    expect(phoneCodeErrorOf(1)).toBe('Failed to send the verification code.');
    expect(phoneSubmitErrorOf(10068)).toBe('The verification code you entered is incorrect or has expired.');
    expect(phoneSubmitErrorOf(1)).toBe(
      'Failed to connect to the verification server. Please try again later.',
    );
    expect(phoneError('France', '')).toBe('Please enter a valid phone number.');
    expect(phoneError('France', '12a4')).toBe('Please enter a valid phone number.');
    expect(phoneError('', '1234')).toBe('Please select your country code.');
    expect(phoneError('France', '612345678')).toBeNull();
  });

  it('validates the schedule request page', () => {
    expect(anchorIdError('  ', 'M1001')).toBe("Please enter a valid broadcaster's ID");
    expect(anchorIdError(' m1001 ', 'M1001')).toBe("Please enter a valid broadcaster's ID");
    expect(anchorIdError(' A2002 ', 'M1001')).toBeNull();
    const now = Date.now();
    expect(inScheduleWindow(now / 1000 + 23 * 3600, now)).toBe(false);
    expect(inScheduleWindow(now / 1000 + 25 * 3600, now)).toBe(true);
    expect(inScheduleWindow(now / 1000 + 15 * 86400, now)).toBe(false);
    expect(canStartNow({ status: 'accepted', book_time: now / 1000 + 30 }, now)).toBe(true);
    expect(canStartNow({ status: 'accepted', book_time: now / 1000 + 120 }, now)).toBe(false);
  });

  it('has a country list of about 240 entries, each with a dial code', () => {
    const list = countries();
    expect(list.length).toBeGreaterThanOrEqual(230);
    expect(list.every((c) => /^\d{1,4}$/.test(c.dial))).toBe(true);
    expect(list.find((c) => c.code === 'GB')?.dial).toBe('44');
  });
});
