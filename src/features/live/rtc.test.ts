import { describe, expect, it, vi } from 'vitest';
import { LiveText } from '../../../protocol/live/live';
import { mediaArrived, receiveRetried, VIDEO_RETRIES } from './rtc';

/** A received connection as far as the retry reads it: its state, its video stats, close(). */
function fakePc(state: RTCPeerConnectionState, framesDecoded = 0) {
  const stats = new Map([['in', { type: 'inbound-rtp', kind: 'video', framesDecoded, packetsReceived: 0 }]]);
  return {
    connectionState: state,
    getStats: async () => stats,
    close: vi.fn(),
  } as unknown as RTCPeerConnection & { close: ReturnType<typeof vi.fn> };
}

describe('mediaArrived', () => {
  it('is true once a frame was decoded, false at once when the connection failed', async () => {
    expect(await mediaArrived(fakePc('connected', 3))).toBe(true);
    expect(await mediaArrived(fakePc('failed'))).toBe(false);
  });
  it('is false when nothing was decoded in time', async () => {
    expect(await mediaArrived(fakePc('connected', 0), 300)).toBe(false);
  });
});

describe('receiveRetried', () => {
  it('opens the connection again while its video does not arrive, saying so, and keeps the one that works', async () => {
    const pcs = [fakePc('failed'), fakePc('failed'), fakePc('connected', 5)];
    const onRetry = vi.fn();
    let n = 0;
    const got = await receiveRetried(async () => ({ pc: pcs[n++] as RTCPeerConnection }), onRetry);
    expect(got.pc).toBe(pcs[2]);
    expect(onRetry).toHaveBeenCalledTimes(2);
    expect(pcs[0]?.close).toHaveBeenCalled();
    expect(pcs[1]?.close).toHaveBeenCalled();
  });

  it('gives up with a clear message after its retries', async () => {
    const open = vi.fn(async () => ({ pc: fakePc('failed') as RTCPeerConnection }));
    await expect(receiveRetried(open, () => {})).rejects.toThrow(LiveText.videoFailed);
    expect(open).toHaveBeenCalledTimes(VIDEO_RETRIES + 1);
  });
});
