import { describe, expect, it } from 'vitest';
import { COVER_MAX_SIDE, COVER_MIN_SIDE, coverSize, coverTime } from './cover-frame';

describe('a video cover frame', () => {
  it('keeps a clip of a usual size as it is', () => {
    expect(coverSize(640, 360)).toEqual({ width: 640, height: 360 });
    expect(coverSize(320, 240)).toEqual({ width: 320, height: 240 });
  });

  it('scales a small clip up so the photo rules accept it (more than 120 px each way)', () => {
    expect(coverSize(160, 120)).toEqual({ width: 320, height: COVER_MIN_SIDE });
  });

  it('scales a large clip down, keeping its shape', () => {
    expect(coverSize(3840, 2160)).toEqual({ width: COVER_MAX_SIDE, height: 720 });
    expect(coverSize(1080, 1920)).toEqual({ width: 720, height: COVER_MAX_SIDE });
  });

  it('answers a default for a clip without a size', () => {
    expect(coverSize(0, 0)).toEqual({ width: 320, height: 240 });
  });

  it('takes the frame a third of the way in, at most 1 s', () => {
    expect(coverTime(4)).toBe(1);
    expect(coverTime(1.5)).toBe(0.5);
    expect(coverTime(Number.NaN)).toBe(0);
    expect(coverTime(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
