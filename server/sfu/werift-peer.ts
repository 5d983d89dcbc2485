/**
 * What every server-side WebRTC peer (werift) shares: VP8 video with the feedback a browser uses
 * to ask for key frames and lost packets, opus audio, IPv4 host candidates plus loopback (a browser
 * on this machine reaches us there), and the wait for our own candidates before an SDP goes out
 * (no trickle).
 */
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
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
): RTCPeerConnection {
  return new RTCPeerConnection({
    codecs,
    iceServers,
    iceUseIpv4: true,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: extraHostAddresses,
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
