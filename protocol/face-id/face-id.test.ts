import { describe, expect, it } from 'vitest';
import { FACE_ID_VALID_S, underADay, validityText, verifyRoomTypeOf } from './face-id';

describe('face-ID validity text', () => {
  it('reads in days, hours and minutes, largest first, counting started minutes', () => {
    expect(validityText(FACE_ID_VALID_S)).toBe('7 days');
    expect(validityText(FACE_ID_VALID_S - 2)).toBe('7 days');
    expect(validityText(FACE_ID_VALID_S - 3600)).toBe('6 days 23 hours');
    expect(validityText(86_400 + 60)).toBe('1 day');
    expect(validityText(5 * 3600 + 12 * 60)).toBe('5 hours 12 minutes');
    expect(validityText(3600)).toBe('1 hour');
    expect(validityText(8 * 60 - 30)).toBe('8 minutes');
    expect(validityText(1)).toBe('1 minute');
  });

  it('flags under a day', () => {
    expect(underADay(86_399)).toBe(true);
    expect(underADay(86_400)).toBe(false);
  });

  it('asks the check for the room type the spec names', () => {
    expect([1, 3, 2, 4, 'hangout' as const].map(verifyRoomTypeOf)).toEqual([1, 1, 2, 2, 3]);
  });
});
