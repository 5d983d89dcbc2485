/**
 * Live media as browsers carry it, for the tests that look at packets: a camera sending the demo
 * clip's VP8 once connected, and a receiving side that answers the server's offer and counts the
 * video packets reaching it. Everything opened here is closed by `close()` in the file's afterAll.
 */
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { createServerPeer, type ServerPeer } from '../../server/sfu/server-peer';
import { loadClip, playClip } from '../../server/sfu/vp8-clip';

/** The demo clip every test camera sends (and a room can play as its source). */
export const demoClip = loadClip(new URL('../../server/sfu/demo-live.ivf', import.meta.url).pathname);

export function clipPeers() {
  const peers: RTCPeerConnection[] = [];
  const cameras: ServerPeer[] = [];
  const stops: (() => void)[] = [];
  return {
    /** A camera: its offer, then `take` the server's answer and the clip starts flowing. */
    async camera() {
      const peer = await createServerPeer({ audio: true });
      cameras.push(peer);
      return {
        offer: peer.offer,
        async take(answer: string) {
          await peer.connect(answer);
          stops.push(
            playClip(demoClip, (packets) => {
              for (const packet of packets) peer.video.writeRtp(packet);
            }),
          );
        },
      };
    },
    /** A receiving side: answers the server's offer and counts the video packets that reach it. */
    async receiver(offer: string) {
      const pc = new RTCPeerConnection();
      peers.push(pc);
      const got = { packets: 0 };
      pc.onTrack.subscribe((track) => {
        if (track.kind === 'video') track.onReceiveRtp.subscribe(() => got.packets++);
      });
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
      return { got, answer: pc.localDescription?.sdp ?? '', pc };
    },
    async close() {
      for (const stop of stops.splice(0)) stop();
      for (const camera of cameras.splice(0)) camera.close();
      for (const pc of peers.splice(0)) await pc.close();
    },
  };
}

/** More than `more` video packets arrive from now on, within 10 s. */
export async function receiving(got: { packets: number }, more = 20): Promise<void> {
  const from = got.packets;
  await expect.poll(() => got.packets - from, { timeout: 10_000, interval: 100 }).toBeGreaterThan(more);
}

/** A TCP port free on this machine now (for a Janus started by a test). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
