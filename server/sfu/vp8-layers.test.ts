import { describe, expect, it } from 'vitest';
import { AUTO_START, chooseLayer, janusSubstream, nextAutoDrop, vp8KeyframeSize } from './vp8-layers';

/** A VP8 key frame's first bytes: frame tag (key), start code, 14-bit width and height. */
function keyframe(width: number, height: number): Buffer {
  const frame = Buffer.from([0x50, 0x2a, 0x00, 0x9d, 0x01, 0x2a, 0, 0, 0, 0, 0xff]);
  frame.writeUInt16LE(width, 6);
  frame.writeUInt16LE(height, 8);
  return frame;
}

describe('chooseLayer', () => {
  it('gives HD and Auto the top layer flowing and SD the smallest', () => {
    expect(chooseLayer('hd', ['l', 'h', 'm'])).toBe('h');
    expect(chooseLayer('auto', ['m', 'l'])).toBe('m');
    expect(chooseLayer('sd', ['h', 'm', 'l'])).toBe('l');
    expect(chooseLayer('sd', ['h'])).toBe('h');
    expect(chooseLayer('hd', [])).toBeUndefined();
  });
  it('maps qualities to Janus substreams', () => {
    expect([janusSubstream('auto'), janusSubstream('hd'), janusSubstream('sd')]).toEqual([2, 2, 0]);
  });
});

describe('vp8KeyframeSize', () => {
  it('reads the size after a one-byte descriptor', () => {
    expect(vp8KeyframeSize(Buffer.concat([Buffer.from([0x10]), keyframe(640, 480)]))).toEqual({
      width: 640,
      height: 480,
    });
  });
  it('skips an extended descriptor with a 15-bit picture id (as browsers send)', () => {
    const header = Buffer.from([0x90, 0x80, 0x81, 0x23]);
    expect(vp8KeyframeSize(Buffer.concat([header, keyframe(1280, 720)]))).toEqual({
      width: 1280,
      height: 720,
    });
  });
  it('says nothing of a delta frame or a frame continued', () => {
    const delta = keyframe(640, 480);
    delta[0] = 0x51;
    expect(vp8KeyframeSize(Buffer.concat([Buffer.from([0x10]), delta]))).toBeUndefined();
    expect(vp8KeyframeSize(Buffer.concat([Buffer.from([0x00]), keyframe(640, 480)]))).toBeUndefined();
  });
});

describe('nextAutoDrop', () => {
  it('goes a layer down on heavy loss, one step per settle time, never below the smallest', () => {
    let state = nextAutoDrop(AUTO_START, 0.3, 10_000);
    expect(state.drop).toBe(1);
    expect(nextAutoDrop(state, 0.3, 11_000).drop).toBe(1);
    state = nextAutoDrop(state, 0.3, 12_000);
    expect(state.drop).toBe(2);
    expect(nextAutoDrop(state, 0.5, 20_000, 3).drop).toBe(2);
    expect(nextAutoDrop(AUTO_START, 0.3, 10_000, 2).drop).toBe(1);
  });
  it('climbs back only after ten seconds without losses', () => {
    const down = nextAutoDrop(AUTO_START, 0.3, 10_000);
    expect(nextAutoDrop(down, 0, 15_000).drop).toBe(1);
    const someLoss = nextAutoDrop(down, 0.05, 18_000);
    expect(nextAutoDrop(someLoss, 0, 21_000).drop).toBe(1);
    expect(nextAutoDrop(someLoss, 0, 28_000).drop).toBe(0);
    expect(nextAutoDrop(AUTO_START, 0, 50_000)).toBe(AUTO_START);
  });
  it('makes Auto take the layer below the top, and leaves HD and SD alone', () => {
    expect(chooseLayer('auto', ['h', 'm', 'l'], 1)).toBe('m');
    expect(chooseLayer('auto', ['h', 'l'], 5)).toBe('l');
    expect(chooseLayer('hd', ['h', 'm', 'l'], 1)).toBe('h');
    expect(chooseLayer('sd', ['h', 'm', 'l'], 1)).toBe('l');
  });
});
