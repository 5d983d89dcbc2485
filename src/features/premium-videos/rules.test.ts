import { describe, expect, it } from 'vitest';
import { PROFILE_PREMIUM_VIDEOS_SHOWN, PremiumErrno } from '../../../protocol/premium-videos/premium-videos';
import { durationLabel, durationText, isGone, visibleVideos } from './rules';

describe('premium video rules', () => {
  it('writes durations as a player does', () => {
    expect(durationText(4)).toBe('0:04');
    expect(durationText(75)).toBe('1:15');
    expect(durationText(3725)).toBe('1:02:05');
    expect(durationLabel(4)).toBe('Duration 4 seconds');
    expect(durationLabel(60)).toBe('Duration 1 minute');
    expect(durationLabel(121)).toBe('Duration 2 minutes 1 second');
  });

  it('shows 4 on the profile until expanded (spec 002 §9)', () => {
    const list = [1, 2, 3, 4, 5, 6, 7];
    expect(visibleVideos(list, PROFILE_PREMIUM_VIDEOS_SHOWN, false)).toEqual([1, 2, 3, 4]);
    expect(visibleVideos(list, PROFILE_PREMIUM_VIDEOS_SHOWN, true)).toEqual(list);
  });

  it('treats only the not-found code as a gone video', () => {
    expect(isGone(PremiumErrno.NOT_FOUND)).toBe(true);
    expect(isGone(PremiumErrno.NO_CREDIT)).toBe(false);
  });
});
