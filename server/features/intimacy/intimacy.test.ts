import { describe, expect, it } from 'vitest';
import { ROOM_TYPE_HANGOUT } from '../../../protocol/hangouts/hangout';
import { ROOM_TYPE_PREMIUM, ROOM_TYPE_PUBLIC } from '../../../protocol/live/live';
import {
  INTIMACY_GAIN,
  INTIMACY_LEVELS,
  intimacyLevel,
  WATCH_MIN_MINUTES,
} from '../../../protocol/messages/messages';
import { roomEarning } from './intimacy';

describe('Intimacy levels', () => {
  it('puts each boundary in its level and none below level 1 without experience', () => {
    expect(intimacyLevel(0)).toBe(0);
    for (const range of INTIMACY_LEVELS) {
      expect(intimacyLevel(range.min)).toBe(range.level);
      expect(intimacyLevel(range.max)).toBe(range.level);
      expect(intimacyLevel(range.min - 1)).toBe(range.level - 1);
    }
  });

  it('has levels that follow each other without a gap', () => {
    for (let i = 1; i < INTIMACY_LEVELS.length; i++)
      expect(INTIMACY_LEVELS[i]?.min).toBe((INTIMACY_LEVELS[i - 1]?.max ?? 0) + 1);
  });
});

describe('what a room visit earns', () => {
  it('gives nothing for a glimpse of her free room, then level 1 after WATCH_MIN_MINUTES', () => {
    expect(roomEarning(ROOM_TYPE_PUBLIC, 0, WATCH_MIN_MINUTES - 1)).toEqual({
      source: 'freeRoomMinute',
      units: 0,
    });
    const stayed = roomEarning(ROOM_TYPE_PUBLIC, 0, WATCH_MIN_MINUTES);
    expect(intimacyLevel(stayed.units * INTIMACY_GAIN[stayed.source])).toBe(1);
  });

  it('counts paid rooms from the first whole minute, each at its own rate', () => {
    expect(roomEarning(ROOM_TYPE_PREMIUM, 5, 1)).toEqual({ source: 'premiumRoomMinute', units: 1 });
    expect(roomEarning(2, 30, 3.9)).toEqual({ source: 'oneOnOneMinute', units: 3 });
    expect(roomEarning(4, 30, 1)).toEqual({ source: 'oneOnOneMinute', units: 1 });
    expect(roomEarning(ROOM_TYPE_HANGOUT, 10, 2)).toEqual({ source: 'hangoutMinute', units: 2 });
  });

  it('lets every kind of interaction reach level 1 on its own', () => {
    for (const gain of Object.values(INTIMACY_GAIN)) expect(gain).toBeGreaterThan(0);
    expect(intimacyLevel(INTIMACY_GAIN.liveChatMinute)).toBe(1);
    expect(intimacyLevel(INTIMACY_GAIN.mail)).toBe(1);
  });
});
