import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { MediaStreamTrack, ntpTime } from 'werift';
import { newServerPeer, withStartBitrate } from './werift-peer';

describe('withStartBitrate', () => {
  it('adds a start bitrate to VP8 only, once, keeping line ends', () => {
    const sdp = [
      'v=0',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'a=rtpmap:96 VP8/90000',
      'a=rtcp-fb:96 nack',
      '',
    ].join('\r\n');
    const out = withStartBitrate(sdp, 1500);
    expect(out.split('\r\n')).toContain('a=fmtp:96 x-google-start-bitrate=1500');
    expect(withStartBitrate(out, 1500)).toBe(out);
    const audio = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=rtpmap:111 opus/48000/2\r\n';
    expect(withStartBitrate(audio)).toBe(audio);
  });
});

/** A viewer's connection as the SFU offers it: video and audio, each with a transport until bundled. */
function viewerPeer(iceServers?: Parameters<typeof newServerPeer>[0]) {
  const pc = newServerPeer(iceServers);
  pc.addTransceiver(new MediaStreamTrack({ kind: 'video' }), { direction: 'sendonly' });
  pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendonly' });
  return pc;
}

describe('newServerPeer', () => {
  it('asks no STUN server when none is configured: its offer waits for no lookup', async () => {
    const pc = viewerPeer();
    const asked: unknown[] = [];
    pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'gathering') asked.push(...pc.iceTransports.map((t) => t.connection.stunServer));
    });
    await pc.setLocalDescription(await pc.createOffer());
    expect(asked).toEqual([undefined, undefined]);
    const candidates = pc.localDescription?.sdp.split('\r\n').filter((l) => l.startsWith('a=candidate:'));
    expect(candidates?.length).toBeGreaterThan(0);
    expect(candidates?.every((line) => line.includes(' typ host'))).toBe(true);
    await pc.close();
  });

  it('asks the STUN server ICE_URLS names', async () => {
    const stun = createSocket('udp4');
    stun.bind(0, '127.0.0.1');
    await once(stun, 'listening');
    const pc = viewerPeer([{ urls: `stun:127.0.0.1:${stun.address().port}` }]);
    const request = once(stun, 'message');
    void pc.setLocalDescription(await pc.createOffer()).catch(() => {});
    const [message] = (await request) as [Buffer];
    expect(message.readUInt16BE(0)).toBe(0x0001); // a STUN binding request
    await pc.close();
    stun.close();
  });
});

describe("werift's patched send path (patches/werift+0.24.4.patch)", () => {
  it('reads the NTP clock once per millisecond, not once per packet of every viewer', () => {
    const started = performance.now();
    const seen = new Set<bigint>();
    for (let i = 0; i < 2000; i++) seen.add(ntpTime());
    const elapsedMs = performance.now() - started;
    // Unpatched, each call formats the time anew: about one distinct value per call.
    expect(seen.size).toBeLessThanOrEqual(Math.ceil(elapsedMs) + 1);
  });
});
