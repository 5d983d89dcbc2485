/**
 * The SFU inside the Node process, on werift (WebRTC in TypeScript): it installs from npm with no
 * other download and runs on Node 20. @roamhq/wrtc (libwebrtc bindings) would decode nothing we
 * need and ships a 30 MB native binary per platform; mediasoup does not build here.
 *
 * A room has one source (a publisher's connection or a clip) and any number of viewers. Each RTP
 * packet is copied to every viewer's track; werift rewrites the SSRC, payload type and sequence per
 * connection. A viewer that joins asks the publisher for a key frame so his picture starts at once,
 * and a viewer's own key-frame requests (PLI) go on to her: one who came before the source, or lost
 * its first key frame, would otherwise wait forever (a browser camera sends key frames only when asked).
 */
import { randomUUID } from 'node:crypto';
import { MediaStreamTrack, type RTCPeerConnection, type RTCRtpTransceiver } from 'werift';
import type { IceServer, Sfu } from './sfu';
import { playClip } from './vp8-clip';
import { gathered, newServerPeer } from './werift-peer';

type Kind = 'video' | 'audio';

interface Viewer {
  roomId: string;
  pc: RTCPeerConnection;
  tracks: Record<Kind, MediaStreamTrack>;
}

interface Room {
  viewers: Set<Viewer>;
  publisher?: RTCPeerConnection;
  stopClip?: () => void;
  /** Asks the source for a key frame (a no-op for a clip: it has one every second). */
  requestKeyframe: () => void;
  /** When the source was last asked, so a crowd of viewers' requests reaches her as one. */
  lastKeyframeRequest: number;
  forwarded: number;
}

const KEYFRAME_REQUEST_GAP_MS = 300;

export interface EmbeddedSfuOptions {
  iceServers?: IceServer[];
  /** Addresses offered besides the machine's interfaces (127.0.0.1 lets a browser on this machine in). */
  extraHostAddresses?: string[];
}

export function createEmbeddedSfu(options: EmbeddedSfuOptions = {}): Sfu {
  const rooms = new Map<string, Room>();
  const viewers = new Map<string, Viewer>();

  const newPeer = () => newServerPeer(options.iceServers, options.extraHostAddresses);

  function roomOf(roomId: string): Room {
    let room = rooms.get(roomId);
    if (!room) {
      room = { viewers: new Set(), requestKeyframe: () => {}, lastKeyframeRequest: 0, forwarded: 0 };
      rooms.set(roomId, room);
    }
    return room;
  }

  /** A viewer's request for a key frame, passed on at most every KEYFRAME_REQUEST_GAP_MS. */
  function keyframeFor(roomId: string) {
    const room = rooms.get(roomId);
    const now = Date.now();
    if (!room || now - room.lastKeyframeRequest < KEYFRAME_REQUEST_GAP_MS) return;
    room.lastKeyframeRequest = now;
    room.requestKeyframe();
  }

  function forward(room: Room, kind: Kind, packet: Buffer) {
    for (const viewer of room.viewers) {
      room.forwarded++;
      viewer.tracks[kind].writeRtp(packet);
    }
  }

  /** The room's source stops (a new one replaces it, or it leaves); its viewers stay. */
  function stopSource(room: Room) {
    room.stopClip?.();
    room.stopClip = undefined;
    void room.publisher?.close().catch(() => {});
    room.publisher = undefined;
    room.requestKeyframe = () => {};
  }

  function closeViewer(viewer: Viewer) {
    for (const [id, v] of viewers) if (v === viewer) viewers.delete(id);
    rooms.get(viewer.roomId)?.viewers.delete(viewer);
    for (const track of Object.values(viewer.tracks)) track.stop();
    void viewer.pc.close().catch(() => {});
  }

  return {
    async publish(roomId, offer, onGone) {
      const room = roomOf(roomId);
      stopSource(room);
      const pc = newPeer();
      room.publisher = pc;
      const current = () => rooms.get(roomId) === room && room.publisher === pc;
      pc.connectionStateChange.subscribe((state) => {
        if ((state === 'failed' || state === 'closed') && current()) onGone?.();
      });
      pc.onTrack.subscribe((track) => {
        const kind = track.kind as Kind;
        const transceiver = pc.getTransceivers().find((t: RTCRtpTransceiver) => t.receiver.track === track);
        if (kind === 'video' && transceiver) {
          room.requestKeyframe = () => {
            if (track.ssrc) void transceiver.receiver.sendRtcpPLI(track.ssrc).catch(() => {});
          };
        }
        track.onReceiveRtp.subscribe((rtp) => {
          if (current()) forward(room, kind, rtp.serialize());
        });
      });
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
      return gathered(pc);
    },

    publishClip(roomId, clip) {
      const room = roomOf(roomId);
      stopSource(room);
      room.stopClip = playClip(clip, (packets) => {
        for (const packet of packets) forward(room, 'video', packet);
      });
    },

    async watch(roomId, onGone) {
      // A viewer may come before the source (a One-on-One she has not joined yet).
      roomOf(roomId);
      const pc = newPeer();
      const tracks = {
        video: new MediaStreamTrack({ kind: 'video' }),
        audio: new MediaStreamTrack({ kind: 'audio' }),
      };
      const video = pc.addTransceiver(tracks.video, { direction: 'sendonly' });
      pc.addTransceiver(tracks.audio, { direction: 'sendonly' });
      video.sender.onPictureLossIndication.subscribe(() => keyframeFor(roomId));
      const viewer: Viewer = { roomId, pc, tracks };
      const viewerId = randomUUID();
      viewers.set(viewerId, viewer);
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') keyframeFor(roomId);
        if (state !== 'failed' && state !== 'closed') return;
        // Still listed: the close came from his side, not from leave() or close().
        const fromHisSide = viewers.has(viewerId);
        closeViewer(viewer);
        if (fromHisSide) onGone?.();
      });
      await pc.setLocalDescription(await pc.createOffer());
      return { viewerId, offer: await gathered(pc) };
    },

    async answer(viewerId, sdp) {
      const viewer = viewers.get(viewerId);
      if (!viewer) throw new Error('no such viewer');
      await viewer.pc.setRemoteDescription({ type: 'answer', sdp });
      // Forwarding starts once he has answered: before that his tracks have nowhere to go.
      rooms.get(viewer.roomId)?.viewers.add(viewer);
    },

    leave(viewerId) {
      const viewer = viewers.get(viewerId);
      if (viewer) closeViewer(viewer);
    },

    close(roomId) {
      const room = rooms.get(roomId);
      if (!room) return;
      rooms.delete(roomId);
      room.stopClip?.();
      for (const viewer of [...room.viewers]) closeViewer(viewer);
      for (const [id, viewer] of viewers)
        if (viewer.roomId === roomId) closeViewer(viewers.get(id) as Viewer);
      void room.publisher?.close().catch(() => {});
    },

    async hasSource(roomId) {
      const room = rooms.get(roomId);
      return Boolean(room && (room.publisher || room.stopClip));
    },
    unpublish: (roomId) => {
      const room = rooms.get(roomId);
      if (room) stopSource(room);
    },
    viewerCount: async (roomId) => rooms.get(roomId)?.viewers.size ?? 0,
    forwarded: (roomId) => rooms.get(roomId)?.forwarded ?? 0,

    async stop() {
      for (const roomId of [...rooms.keys()]) this.close(roomId);
    },
  };
}
