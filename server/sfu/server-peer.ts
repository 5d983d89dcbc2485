/**
 * A WebRTC peer the server itself publishes with (werift): the demo clip, or a placeholder that
 * sends nothing but holds a room's media lines open until a real source comes. Used where rooms
 * run on Janus, which only takes media over WebRTC.
 *
 * With `layers` it sends simulcast as a browser does (werift's sender has one SSRC, so the layers'
 * packets go straight to the transport): rids h and l in the offer, each layer with its own SSRC
 * and its rid in every packet.
 */
import {
  MediaStreamTrack,
  type RTCPeerConnection,
  RtpPacket,
  serializeSdesMid,
  serializeSdesRTPStreamID,
} from 'werift';
import type { IceServer } from './sfu';
import { gathered, newServerPeer } from './werift-peer';

const MID_URI = 'urn:ietf:params:rtp-hdrext:sdes:mid';
const RID_URI = 'urn:ietf:params:rtp-hdrext:sdes:rtp-stream-id';

const CONNECT_TIMEOUT_MS = 10_000;

export interface ServerPeer {
  pc: RTCPeerConnection;
  video: MediaStreamTrack;
  /** Its offer, with every candidate in it (no trickle). */
  offer: string;
  /** Takes Janus's answer and resolves once the connection is up. */
  connect(answer: string): Promise<void>;
  /** A packet of layer `rid` (a peer made with `layers`; its SSRC is the layer's own). */
  writeLayer(packet: Buffer, rid: string): void;
  close(): void;
}

export async function createServerPeer(options: {
  audio: boolean;
  iceServers?: IceServer[];
  /** Simulcast: layers h and l (the clip and its SD copy). */
  layers?: boolean;
}): Promise<ServerPeer> {
  const pc = newServerPeer(options.iceServers, undefined, { simulcast: options.layers });
  const video = new MediaStreamTrack({ kind: 'video' });
  const transceiver = pc.addTransceiver(video, {
    direction: 'sendonly',
    ...(options.layers && {
      simulcast: [
        { rid: 'h', direction: 'send' as const },
        { rid: 'l', direction: 'send' as const },
      ],
    }),
  });
  if (options.audio) pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  // A simulcast offer names its layers by rid only, as a browser's: no SSRC line for the one sender.
  const offer = options.layers ? (await gathered(pc)).replace(/a=ssrc:.*\r\n/g, '') : await gathered(pc);
  const extension = (uri: string) => transceiver.headerExtensions.find((e) => e.uri === uri)?.id;
  return {
    pc,
    video,
    offer,
    writeLayer(packet, rid) {
      const [midId, ridId] = [extension(MID_URI), extension(RID_URI)];
      if (!midId || !ridId || pc.connectionState !== 'connected') return;
      const { header, payload } = RtpPacket.deSerialize(packet);
      header.payloadType = transceiver.codecs[0]?.payloadType ?? header.payloadType;
      header.extension = true;
      header.extensions = [
        { id: midId, payload: serializeSdesMid(transceiver.mid ?? '0') },
        { id: ridId, payload: serializeSdesRTPStreamID(rid) },
      ];
      void transceiver.dtlsTransport.sendRtp(payload, header).catch(() => {});
    },
    async connect(answer) {
      await pc.setRemoteDescription({ type: 'answer', sdp: answer });
      if (pc.connectionState === 'connected') return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        pc.connectionStateChange.watch((state) => state === 'connected'),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('server peer did not connect to Janus')),
            CONNECT_TIMEOUT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
    },
    close() {
      video.stop();
      void pc.close().catch(() => {});
    },
  };
}
