import { describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { LiveText } from '../../../protocol/live/live';
import {
  DEFAULT_SOUND,
  isPaidRoom,
  needsTicket,
  readSound,
  toggledMute,
  visitMs,
  withVolume,
} from './room-view';

const free = { oneOnOne: false, show: false, creditPerMinute: 0 };

describe('which rooms have End and a summary', () => {
  it('premium, One-on-One and show rooms are paid; a free public room is not', () => {
    expect(isPaidRoom(free)).toBe(false);
    expect(isPaidRoom({ ...free, creditPerMinute: 0.05 })).toBe(true);
    expect(isPaidRoom({ ...free, oneOnOne: true, creditPerMinute: 0.3 })).toBe(true);
    // A show's ticket paid for it: its minutes are free, and it still ends with End and a summary.
    expect(isPaidRoom({ ...free, show: true })).toBe(true);
  });
});

describe('his sound, remembered', () => {
  it('starts muted without a choice, and reads back a stored one', () => {
    expect(readSound(null)).toEqual(DEFAULT_SOUND);
    expect(readSound('not json')).toEqual(DEFAULT_SOUND);
    expect(readSound('{"muted":false,"volume":0.3}')).toEqual({ muted: false, volume: 0.3 });
    expect(readSound('{"muted":false,"volume":7}')).toEqual({ muted: false, volume: 1 });
    expect(readSound('{"muted":false,"volume":"loud"}')).toEqual({
      muted: false,
      volume: DEFAULT_SOUND.volume,
    });
  });
  it('moving the volume asks for sound; nothing mutes; unmuting at nothing comes back audible', () => {
    expect(withVolume(0.4)).toEqual({ muted: false, volume: 0.4 });
    expect(withVolume(0)).toEqual({ muted: true, volume: 0 });
    expect(toggledMute({ muted: true, volume: 0 })).toEqual({ muted: false, volume: DEFAULT_SOUND.volume });
    expect(toggledMute({ muted: false, volume: 0.5 })).toEqual({ muted: true, volume: 0.5 });
  });
});

describe('a visit summed up from the server', () => {
  const visit = { room_id: 'PR2036', started_at: 1000, ended_at: 1065, minutes: 2, credits: 0.1 };
  it('lasts from its start to its end on the server clock', () => {
    expect(visitMs(visit, 5000)).toBe(65_000);
    expect(visitMs({ ...visit, ended_at: 0 }, 1010)).toBe(10_000);
    expect(visitMs({ ...visit, started_at: 0, ended_at: 0 }, 1010)).toBe(0);
  });
});

describe('a show refusal a ticket lifts', () => {
  it('is the show pass refusing for want of a ticket, in a show room only', () => {
    expect(needsTicket(Errno.NO_PRIVILEGE, LiveText.noTicket, 'LS3001')).toBe(true);
    expect(needsTicket(Errno.NO_PRIVILEGE, LiveText.noTicket, undefined)).toBe(false);
    expect(needsTicket(Errno.NO_PRIVILEGE, LiveText.showOver, 'LS3001')).toBe(false);
    expect(needsTicket(Errno.ANCHOR_NOT_LIVE, LiveText.showOver, 'LS3001')).toBe(false);
  });
});
