import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRinging } from './ringer';

/** A Web Audio stand-in that records the tones played and whether the context closed. */
class FakeAudioContext {
  static last: FakeAudioContext | undefined;
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  currentTime = 0;
  destination = {};
  tones: number[] = [];
  constructor() {
    FakeAudioContext.last = this;
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  close() {
    this.state = 'closed';
    return Promise.resolve();
  }
  createGain() {
    return { gain: { value: 1 }, connect() {} };
  }
  createOscillator() {
    const tone = {
      frequency: { value: 0 },
      connect() {},
      start: () => this.tones.push(tone.frequency.value),
      stop() {},
    };
    return tone;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', {
    AudioContext: FakeAudioContext,
    addEventListener() {},
    removeEventListener() {},
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a ringing phone', () => {
  it('rings the two-tone ring at once and every six seconds, and falls silent when stopped', async () => {
    const stop = startRinging();
    await vi.advanceTimersByTimeAsync(0);
    const context = FakeAudioContext.last as FakeAudioContext;
    expect(context.tones).toEqual([440, 480]);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(context.tones).toEqual([440, 480, 440, 480]);
    stop();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(context.tones).toHaveLength(4);
    expect(context.state).toBe('closed');
  });
});
