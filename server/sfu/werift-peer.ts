/**
 * What every server-side WebRTC peer (werift) shares: VP8 video with the feedback a browser uses
 * to ask for key frames and lost packets, opus audio, IPv4 host candidates plus loopback (a browser
 * on this machine reaches us there), a server-reflexive candidate only from a STUN server ICE_URLS
 * names, and the wait for our own candidates before an SDP goes out (no trickle).
 */
import { RTCPeerConnection, RTCRtpCodecParameters, useSdesMid, useSdesRTPStreamId } from 'werift';
import type { IceServer } from './sfu';

const codecs = {
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/VP8',
      clockRate: 90_000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }],
    }),
  ],
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
};

/** How long the server waits for its own ICE candidates before it sends its SDP without the rest. */
const GATHER_TIMEOUT_MS = 3000;

export function newServerPeer(
  iceServers: IceServer[] = [],
  extraHostAddresses: string[] = ['127.0.0.1'],
  { simulcast = false } = {},
): RTCPeerConnection {
  const pc = new RTCPeerConnection({
    codecs,
    // A publisher's layers are told apart by their rid, which needs these two RTP header extensions.
    ...(simulcast && { headerExtensions: { video: [useSdesMid(), useSdesRTPStreamId()], audio: [] } }),
    iceServers,
    iceUseIpv4: true,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: extraHostAddresses,
  });
  if (!iceServers.some(namesStun)) withoutDefaultStun(pc);
  return pc;
}

const namesStun = (server: IceServer) =>
  (Array.isArray(server.urls) ? server.urls : [server.urls]).some((url) => /^stuns?:/i.test(url));

/**
 * Given no STUN server, werift asks stun.l.google.com for every connection it gathers, and the SDP
 * waits for the answer: the name's lookup alone takes 5 s whenever the resolver retries (the
 * viewers who waited 5 s for their first packet), and the server would tell Google of every viewer.
 * So a peer without one gathers host candidates only, as Janus does. Cleared as gathering starts,
 * when every transport of the connection exists (an unbundled offer has one per media).
 */
function withoutDefaultStun(pc: RTCPeerConnection) {
  pc.iceGatheringStateChange.subscribe((state) => {
    if (state !== 'gathering') return;
    for (const transport of pc.iceTransports) transport.connection.stunServer = undefined;
  });
}

/** The local description once its candidates are in (or the wait is over). */
export async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await Promise.race([
      pc.iceGatheringStateChange.watch((state) => state === 'complete'),
      new Promise((resolve) => setTimeout(resolve, GATHER_TIMEOUT_MS).unref()),
    ]);
  }
  return pc.localDescription?.sdp ?? '';
}

/**
 * Her browser's bandwidth estimate starts here rather than at its 300 kbps default: werift sends no
 * congestion feedback (REMB, transport-cc) for it to climb on, and without it her top layer would
 * never turn on. Losses reported in RTCP still bring it down. Added to the VP8 payload types of an
 * answer that has no fmtp line for them.
 */
export const START_BITRATE_KBPS = 2_000;

export function withStartBitrate(sdp: string, kbps = START_BITRATE_KBPS): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol);
  const out: string[] = [];
  for (const line of lines) {
    out.push(line);
    const vp8 = /^a=rtpmap:(\d+) VP8\/90000/i.exec(line);
    if (vp8 && !lines.some((l) => l.startsWith(`a=fmtp:${vp8[1]} `)))
      out.push(`a=fmtp:${vp8[1]} x-google-start-bitrate=${kbps}`);
  }
  return out.join(eol);
}
