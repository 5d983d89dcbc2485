import { describe, expect, it } from 'vitest';
import { ROOM_TYPE_PREMIUM, ROOM_TYPE_PUBLIC } from '../../../protocol/live/live';
import { formatElapsed, liveRoomText } from './studio-rules';

describe('formatElapsed', () => {
  it('reads minutes and seconds, then hours', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(9_999)).toBe('0:09');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_600_000 + 62_000)).toBe('1:01:02');
  });
  it('never reads negative or garbage', () => {
    expect(formatElapsed(-5_000)).toBe('0:00');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
  });
});

describe('liveRoomText', () => {
  it('names the room type she chose', () => {
    expect(liveRoomText({ roomType: ROOM_TYPE_PREMIUM })).toBe('You are live in your premium room.');
    expect(liveRoomText({ roomType: ROOM_TYPE_PUBLIC })).toBe('You are live in your public room.');
    expect(liveRoomText({ roomType: ROOM_TYPE_PUBLIC, liveShowId: 's1' })).toBe(
      'You are live in your show room.',
    );
  });
});
