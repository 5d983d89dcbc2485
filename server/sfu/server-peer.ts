/**
 * A WebRTC peer the server itself publishes with (werift): the demo clip, or a placeholder that
 * sends nothing but holds a room's media lines open until a real source comes. Used where rooms
 * run on Janus, which only takes media over WebRTC.
 */
import { MediaStreamTrack, type RTCPeerConnection } from 'werift';
import type { IceServer } from './sfu';
import { gathered, newServerPeer } from './werift-peer';

const CONNECT_TIMEOUT_MS = 10_000;

export interface ServerPeer {
  pc: RTCPeerConnection;
  video: MediaStreamTrack;
  /** Its offer, with every candidate in it (no trickle). */
  offer: string;
  /** Takes Janus's answer and resolves once the connection is up. */
  connect(answer: string): Promise<void>;
  close(): void;
}

export async function createServerPeer(options: {
  audio: boolean;
  iceServers?: IceServer[];
}): Promise<ServerPeer> {
  const pc = newServerPeer(options.iceServers);
  const video = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  if (options.audio) pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const offer = await gathered(pc);
  return {
    pc,
    video,
    offer,
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
