import { describe, expect, it } from 'vitest';
import { withStartBitrate } from './werift-peer';

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
