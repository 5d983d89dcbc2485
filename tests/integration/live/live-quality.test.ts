/**
 * His room's picture quality on the embedded SFU, at the API with a real WebRTC viewer (werift):
 * the demo broadcaster's clip goes out in two layers (640x480 and 320x240); a viewer gets the top
 * layer, SD moves him to the small one at its next key frame and HD back, read from the VP8 key
 * frames he receives. A wrong quality or someone else's connection changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { LiveApi, type WatchAnswer } from '../../../protocol/live/live';
import { QualityApi, QualityErrno } from '../../../protocol/live/quality';
import { vp8KeyframeSize } from '../../../server/sfu/vp8-layers';
import { startServer, type TestServer } from '../harness';
import { liveTestConfig } from './live-support';

let server: TestServer;
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => Date.now()) } });
});
afterAll(async () => {
  for (const pc of peers) await pc.close();
  await server?.close();
});

/** A viewer answering the room's offer; `sizes` lists the key frames' sizes he has received. */
async function viewer(offer: string) {
  const pc = new RTCPeerConnection();
  peers.push(pc);
  const sizes: string[] = [];
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => {
      const size = vp8KeyframeSize(rtp.payload);
      if (size) sizes.push(`${size.width}x${size.height}`);
    }),
  );
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  return { answer: pc.localDescription?.sdp ?? '', sizes };
}

const lastOf = (sizes: string[]) => sizes[sizes.length - 1];

describe('quality', () => {
  it('moves a viewer of the demo clip between its HD and SD layers', async () => {
    const member = await server.loginAs('M1003');
    const offer = await member.call<WatchAnswer>(LiveApi.watch, { anchorid: 'A2002', type: 'public' });
    const him = await viewer(offer.sdp);
    await member.call(LiveApi.answer, { viewer_id: offer.viewer_id, sdp: him.answer });
    await expect.poll(() => lastOf(him.sizes), { timeout: 8_000 }).toBe('640x480');

    await member.call(QualityApi.setQuality, { viewer_id: offer.viewer_id, quality: 'sd' });
    await expect.poll(() => lastOf(him.sizes), { timeout: 4_000 }).toBe('320x240');
    const before = him.sizes.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Only the small layer now, key frame after key frame.
    expect(him.sizes.slice(before).every((s) => s === '320x240')).toBe(true);

    await member.call(QualityApi.setQuality, { viewer_id: offer.viewer_id, quality: 'hd' });
    await expect.poll(() => lastOf(him.sizes), { timeout: 4_000 }).toBe('640x480');
    await member.call(LiveApi.leave, { viewer_id: offer.viewer_id });
  });

  it('refuses a quality it does not know, and a connection that is not his', async () => {
    const member = await server.loginAs('M1004');
    const offer = await member.call<WatchAnswer>(LiveApi.watch, { anchorid: 'A2002', type: 'public' });
    const him = await viewer(offer.sdp);
    await member.call(LiveApi.answer, { viewer_id: offer.viewer_id, sdp: him.answer });

    const bad = await member.form(QualityApi.setQuality, { viewer_id: offer.viewer_id, quality: '4k' });
    expect(bad.body.errno).toBe(QualityErrno.UNKNOWN_QUALITY);
    const other = await server.loginAs('M1005');
    const notHis = await other.form(QualityApi.setQuality, { viewer_id: offer.viewer_id, quality: 'sd' });
    expect(notHis.body.errno).toBe(QualityErrno.NO_SUCH_VIEWER);
    // Neither changed his layer: key frame after key frame, still the top one.
    await expect.poll(() => him.sizes.length, { timeout: 8_000 }).toBeGreaterThan(1);
    expect(new Set(him.sizes)).toEqual(new Set(['640x480']));
    await member.call(LiveApi.leave, { viewer_id: offer.viewer_id });
  });
});
