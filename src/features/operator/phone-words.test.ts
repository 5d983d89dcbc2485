import { describe, expect, it } from 'vitest';
import type { StandInPhone } from '../../../protocol/call-service/call-service';
import { phoneStateText, phoneTitle } from './phone-words';

const phone = (over: Partial<StandInPhone>): StandInPhone => ({
  leg_id: 'L0123456789',
  call_id: 'CC1',
  role: 'member',
  owner: 'M1001',
  state: 'ringing',
  pressed: '',
  bridged: 0,
  ...over,
});

describe("a stand-in phone's card", () => {
  it('names whose phone it is', () => {
    expect(phoneTitle(phone({}))).toBe('His phone (M1001)');
    expect(phoneTitle(phone({ role: 'anchor', owner: 'A2005' }))).toBe('Her phone (A2005)');
    expect(phoneTitle(phone({ role: 'translator', owner: 'translator' }))).toBe("The translator's phone");
  });

  it('walks his phone from ringing to talking, asking for 1 until he presses it', () => {
    expect(phoneStateText(phone({}))).toBe('Ringing…');
    expect(phoneStateText(phone({ state: 'answered' }))).toBe('Answered: press 1 to be connected');
    expect(phoneStateText(phone({ state: 'answered', pressed: '51' }))).toBe('Connecting her…');
    expect(phoneStateText(phone({ state: 'answered', pressed: '1', bridged: 1 }))).toBe('Talking');
    expect(phoneStateText(phone({ role: 'anchor', state: 'answered' }))).toBe(
      'Answered: waiting for the others',
    );
  });
});
