/**
 * The SFU inside the Node process, on werift (WebRTC in TypeScript): it installs from npm with no
 * other download and runs on Node 20. @roamhq/wrtc (libwebrtc bindings) would decode nothing we
 * need and ships a 30 MB native binary per platform; mediasoup does not build here.
 *
 * A room has one source (a publisher's connection or a clip) and any number of viewers. Each RTP
 * packet is parsed once and each viewer's track gets a copy of its header (werift rewrites the SSRC,
 * payload type and sequence per connection, and keeps the packet for a resend) over the same payload. A viewer that joins asks the publisher for a key frame so his picture starts at once,
 * and a viewer's own key-frame requests (PLI) go on to her: one who came before the source, or lost
 * its first key frame, would otherwise wait forever (a browser camera sends key frames only when asked).
 *
 * A source may send layers (simulcast: her browser's rids h/m/l, the demo clip's h/l): each viewer
 * gets one, the one his quality chooses among the layers flowing (vp8-layers.ts). He moves to another
 * layer at its next key frame (asked for at once), and his sender's sequence and timestamp run on
 * across the move, so his decoder sees one stream whose picture changes size.
 */
import { randomUUID } from 'node:crypto';
import {
  MediaStreamTrack,
  type RTCPeerConnection,
  type RTCRtpSender,
  type RTCRtpTransceiver,
  RtcpRrPacket,
  RtcpSrPacket,
  RtpPacket,
} from 'werift';
import type { Quality } from '../../protocol/live/quality';
import type { IceServer, Sfu } from './sfu';
import { playClipLayers } from './vp8-clip';
import { AUTO_START, type AutoState, chooseLayer, nextAutoDrop, vp8KeyframeSize } from './vp8-layers';
import { gathered, newServerPeer, withStartBitrate } from './werift-peer';

type Kind = 'video' | 'audio';

interface Viewer {
  roomId: string;
  pc: RTCPeerConnection;
  tracks: Record<Kind, MediaStreamTrack>;
  video: RTCRtpSender;
  quality: Quality;
  /** Auto: how far below the top layer his connection's losses have put him. */
  auto: AutoState;
  /** The layer he gets now (a layered source), from its key frame on. */
  layer?: string;
}

interface Layer {
  lastAt: number;
  ssrc?: number;
  lastKeyframeRequest: number;
  requestKeyframe: (ssrc: number) => void;
}

interface Room {
  viewers: Set<Viewer>;
  publisher?: RTCPeerConnection;
  stopClip?: () => void;
  /** Asks the source for a key frame (a no-op for a clip: it has one every second). */
  requestKeyframe: () => void;
  /** When the source was last asked, so a crowd of viewers' requests reaches her as one. */
  lastKeyframeRequest: number;
  /** A layered source's layers by rid (empty for a single stream). */
  layers: Map<string, Layer>;
  forwarded: number;
}

const KEYFRAME_REQUEST_GAP_MS = 300;
/** A layer silent this long is not flowing (her browser dropped it for want of bandwidth or pixels). */
const LAYER_IDLE_MS = 1_000;
/** The gap a layer move leaves in his timestamps: one frame at 30 fps. */
const MOVE_TICKS = 3_000;

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
      room = {
        viewers: new Set(),
        requestKeyframe: () => {},
        lastKeyframeRequest: 0,
        layers: new Map(),
        forwarded: 0,
      };
      rooms.set(roomId, room);
    }
    return room;
  }

  /** A viewer's request for a key frame, passed on at most every KEYFRAME_REQUEST_GAP_MS. */
  function keyframeFor(roomId: string, viewer?: Viewer) {
    const room = rooms.get(roomId);
    const now = Date.now();
    if (!room) return;
    if (room.layers.size > 0) {
      const layer = viewer?.layer ?? (viewer && want(viewer, flowing(room, now)));
      if (layer) layerKeyframe(room, layer, now);
      return;
    }
    if (now - room.lastKeyframeRequest < KEYFRAME_REQUEST_GAP_MS) return;
    room.lastKeyframeRequest = now;
    room.requestKeyframe();
  }

  function layerKeyframe(room: Room, rid: string, now: number) {
    const layer = room.layers.get(rid);
    if (!layer?.ssrc || now - layer.lastKeyframeRequest < KEYFRAME_REQUEST_GAP_MS) return;
    layer.lastKeyframeRequest = now;
    layer.requestKeyframe(layer.ssrc);
  }

  function layerOf(room: Room, rid: string): Layer {
    let layer = room.layers.get(rid);
    if (!layer) {
      layer = { lastAt: 0, lastKeyframeRequest: 0, requestKeyframe: () => {} };
      room.layers.set(rid, layer);
    }
    return layer;
  }

  const want = (viewer: Viewer, layers: string[]) => chooseLayer(viewer.quality, layers, viewer.auto.drop);

  const flowing = (room: Room, now: number) =>
    [...room.layers].filter(([, layer]) => now - layer.lastAt < LAYER_IDLE_MS).map(([rid]) => rid);

  /** A layered source's packet: to the viewers on its layer, and to those moving to it at a key frame. */
  function forwardLayer(room: Room, rid: string, packet: RtpPacket) {
    const now = Date.now();
    const layer = layerOf(room, rid);
    layer.lastAt = now;
    layer.ssrc = packet.header.ssrc;
    const layers = flowing(room, now);
    let keyframe: boolean | undefined;
    for (const viewer of room.viewers) {
      if (viewer.layer !== rid) {
        if (want(viewer, layers) !== rid) continue;
        keyframe ??= vp8KeyframeSize(packet.payload) !== undefined;
        if (!keyframe) {
          layerKeyframe(room, rid, now);
          continue;
        }
        // His stream runs on: the new layer's first packet follows his last one.
        viewer.video.replaceRTP({
          sequenceNumber: (packet.header.sequenceNumber - 1) & 0xffff,
          timestamp: (packet.header.timestamp - MOVE_TICKS) >>> 0,
        });
        viewer.layer = rid;
      }
      room.forwarded++;
      viewer.tracks.video.writeRtp(packet.clone());
    }
  }

  /**
   * A packet to every viewer: a copy of its header each (his sender rewrites it), not its bytes, which
   * werift would parse again per viewer (the parse was the largest share of the SFU's own work).
   */
  function forward(room: Room, kind: Kind, packet: RtpPacket) {
    for (const viewer of room.viewers) {
      room.forwarded++;
      viewer.tracks[kind].writeRtp(packet.clone());
    }
  }

  /** The room's source stops (a new one replaces it, or it leaves); its viewers stay. */
  function stopSource(room: Room) {
    room.stopClip?.();
    room.stopClip = undefined;
    room.layers.clear();
    for (const viewer of room.viewers) viewer.layer = undefined;
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
      const pc = newServerPeer(options.iceServers, options.extraHostAddresses, { simulcast: true });
      room.publisher = pc;
      const current = () => rooms.get(roomId) === room && room.publisher === pc;
      pc.connectionStateChange.subscribe((state) => {
        if ((state === 'failed' || state === 'closed') && current()) onGone?.();
      });
      pc.onTrack.subscribe((track) => {
        if (track.rid) return;
        const kind = track.kind as Kind;
        const transceiver = pc.getTransceivers().find((t: RTCRtpTransceiver) => t.receiver.track === track);
        if (kind === 'video' && transceiver) {
          room.requestKeyframe = () => {
            if (track.ssrc) void transceiver.receiver.sendRtcpPLI(track.ssrc).catch(() => {});
          };
        }
        track.onReceiveRtp.subscribe((rtp) => {
          if (current()) forward(room, kind, rtp);
        });
      });
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      // Her simulcast layers: one track per rid, made as her offer is read.
      for (const transceiver of pc.getTransceivers()) {
        for (const [rid, track] of Object.entries(transceiver.receiver.trackByRID)) {
          layerOf(room, rid).requestKeyframe = (ssrc) =>
            void transceiver.receiver.sendRtcpPLI(ssrc).catch(() => {});
          track.onReceiveRtp.subscribe((rtp) => {
            if (current()) forwardLayer(room, rid, rtp);
          });
        }
      }
      await pc.setLocalDescription(await pc.createAnswer());
      const answer = await gathered(pc);
      return room.layers.size > 0 ? withStartBitrate(answer) : answer;
    },

    publishClip(roomId, clip) {
      const room = roomOf(roomId);
      stopSource(room);
      room.stopClip = playClipLayers(clip, (packets, rid) => {
        for (const packet of packets) {
          if (!clip.low) forward(room, 'video', RtpPacket.deSerialize(packet));
          else forwardLayer(room, rid, RtpPacket.deSerialize(packet));
        }
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
      const viewer: Viewer = { roomId, pc, tracks, video: video.sender, quality: 'auto', auto: AUTO_START };
      video.sender.onPictureLossIndication.subscribe(() => keyframeFor(roomId, viewer));
      // His receiver reports: Auto takes him a layer down on heavy loss, and back up once it clears.
      video.sender.onRtcp.subscribe((packet) => {
        if (packet.type !== RtcpRrPacket.type && packet.type !== RtcpSrPacket.type) return;
        const report = (packet as RtcpRrPacket).reports.find((r) => r.ssrc === video.sender.ssrc);
        const room = rooms.get(roomId);
        if (!report || !room?.layers.size) return;
        viewer.auto = nextAutoDrop(viewer.auto, report.fractionLost / 256, Date.now(), room.layers.size);
      });
      const viewerId = randomUUID();
      viewers.set(viewerId, viewer);
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') keyframeFor(roomId, viewer);
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

    async setQuality(viewerId, quality) {
      const viewer = viewers.get(viewerId);
      if (!viewer) return false;
      viewer.quality = quality;
      // His next layer's key frame, asked for now rather than at its next packet.
      const room = rooms.get(viewer.roomId);
      const layer = room && want(viewer, flowing(room, Date.now()));
      if (room && layer && layer !== viewer.layer) layerKeyframe(room, layer, Date.now());
      return true;
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
