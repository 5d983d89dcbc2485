/**
 * Simulcast through both SFUs, as a browser sends it: a publisher offers two layers by rid (h
 * 640x480, l 320x240: the demo clip and its SD copy, frame for frame) and sends each layer's packets
 * with its own SSRC and rid; a viewer gets the top layer, SD moves him to the small one and HD back
 * (read from the VP8 key frames he receives). On the embedded SFU and on a real Janus (its
 * VideoRoom `configure` with `substream`), and for the demo clip on Janus (publishClip sends it in
 * layers). Fails, not skips, when Janus is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { createEmbeddedSfu } from '../../../server/sfu/embedded-sfu';
import { type JanusProcess, startJanus } from '../../../server/sfu/janus-process';
import { createJanusSfu } from '../../../server/sfu/janus-sfu';
import { createServerPeer } from '../../../server/sfu/server-peer';
import type { Sfu } from '../../../server/sfu/sfu';
import { loadClip, playClipLayers } from '../../../server/sfu/vp8-clip';
import { vp8KeyframeSize } from '../../../server/sfu/vp8-layers';
import { freePort } from '../clip-peers';

const path = (name: string) => new URL(`../../../server/sfu/${name}`, import.meta.url).pathname;
const clip = loadClip(path('demo-live.ivf'), path('demo-live-sd.ivf'));

let janus: JanusProcess;
const sfus: Record<string, Sfu> = {};
const closing: (() => unknown)[] = [];

beforeAll(async () => {
  janus = await startJanus({ port: await freePort() });
  sfus.embedded = createEmbeddedSfu();
  sfus.janus = createJanusSfu({ urls: [janus.url] });
});
afterAll(async () => {
  for (const close of closing) await close();
  for (const sfu of Object.values(sfus)) await sfu.stop();
  await janus?.stop();
});

/** A simulcast camera (the server's own simulcast peer, as Janus rooms' clips use it). */
async function simulcastCamera(sfu: Sfu, roomId: string) {
  const peer = await createServerPeer({ audio: false, layers: true });
  closing.push(() => peer.close());
  await peer.connect(await sfu.publish(roomId, peer.offer));
  closing.push(
    playClipLayers(clip, (packets, rid) => {
      for (const packet of packets) peer.writeLayer(packet, rid);
    }),
  );
}

/** A viewer: `sizes` lists the key frames' sizes he has received. */
async function viewer(sfu: Sfu, roomId: string) {
  const { viewerId, offer } = await sfu.watch(roomId);
  const pc = new RTCPeerConnection();
  closing.push(() => pc.close());
  const sizes: string[] = [];
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => {
      const size = vp8KeyframeSize(rtp.payload);
      if (size) sizes.push(`${size.width}x${size.height}`);
    }),
  );
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  await sfu.answer(viewerId, pc.localDescription?.sdp ?? '');
  return { viewerId, sizes };
}

const lastOf = (sizes: string[]) => sizes[sizes.length - 1];

async function switches(sfu: Sfu, roomId: string) {
  const him = await viewer(sfu, roomId);
  await expect.poll(() => lastOf(him.sizes), { timeout: 10_000 }).toBe('640x480');
  expect(await sfu.setQuality(him.viewerId, 'sd')).toBe(true);
  await expect.poll(() => lastOf(him.sizes), { timeout: 5_000 }).toBe('320x240');
  expect(await sfu.setQuality(him.viewerId, 'hd')).toBe(true);
  await expect.poll(() => lastOf(him.sizes), { timeout: 5_000 }).toBe('640x480');
  expect(await sfu.setQuality('no-such-viewer', 'sd')).toBe(false);
}

describe.each(['embedded', 'janus'])('simulcast on the %s SFU', (name) => {
  it("gives a viewer of a browser-like camera's layers the one he chooses", async () => {
    const sfu = sfus[name] as Sfu;
    await simulcastCamera(sfu, `PR${name}1`);
    await switches(sfu, `PR${name}1`);
  });
});

describe('the demo clip on Janus', () => {
  it('goes in as two layers, and a viewer gets the one he chooses', async () => {
    const sfu = sfus.janus as Sfu;
    sfu.publishClip('PRclip', clip);
    await switches(sfu, 'PRclip');
  });
});
