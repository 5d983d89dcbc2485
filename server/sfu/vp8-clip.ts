/**
 * A VP8 clip played as a live camera: frames read from an IVF file (the simplest VP8 container: a
 * 32-byte header, then a 12-byte header before each frame), cut into RTP packets as RFC 7741 says,
 * and sent at the clip's frame rate, looping. The demo broadcasters stream it through the SFU.
 */
import { readFileSync } from 'node:fs';
import { RtpHeader, RtpPacket } from 'werift';

export interface Vp8Frame {
  data: Buffer;
  keyframe: boolean;
}

export interface Vp8Clip {
  width: number;
  height: number;
  frameRate: number;
  frames: Vp8Frame[];
  /** The same clip smaller, frame for frame (key frames at the same places): its SD layer. */
  low?: Vp8Clip;
}

export function readIvf(bytes: Buffer): Vp8Clip {
  if (bytes.toString('ascii', 0, 4) !== 'DKIF' || bytes.toString('ascii', 8, 12) !== 'VP80') {
    throw new Error('not a VP8 IVF file');
  }
  const headerSize = bytes.readUInt16LE(6);
  const width = bytes.readUInt16LE(12);
  const height = bytes.readUInt16LE(14);
  const rate = bytes.readUInt32LE(16);
  const scale = bytes.readUInt32LE(20);
  const frames: Vp8Frame[] = [];
  for (let at = headerSize; at + 12 <= bytes.length; ) {
    const size = bytes.readUInt32LE(at);
    const data = bytes.subarray(at + 12, at + 12 + size);
    if (data.length < size) break;
    // The VP8 frame tag's lowest bit is 0 on a key frame (RFC 6386 §9.1).
    frames.push({ data, keyframe: (data[0] ?? 1) % 2 === 0 });
    at += 12 + size;
  }
  if (frames.length === 0 || !frames[0]?.keyframe) throw new Error('the clip must start with a key frame');
  return { width, height, frameRate: rate / scale, frames };
}

/** A clip, and with `lowPath` its small layer (dropped if its frames do not match the clip's). */
export function loadClip(path: string, lowPath?: string): Vp8Clip {
  const clip = readIvf(readFileSync(path));
  if (!lowPath) return clip;
  const low = readIvf(readFileSync(lowPath));
  const matches =
    low.frames.length === clip.frames.length &&
    low.frames.every((f, i) => f.keyframe === clip.frames[i]?.keyframe);
  return matches ? { ...clip, low } : clip;
}

/** Payload bytes per packet: well under a 1200-byte path MTU with headers and SRTP's tag. */
const MAX_PAYLOAD = 1100;
export const VP8_CLOCK_RATE = 90_000;

/** One frame as RTP packets: a 1-byte payload descriptor (S on the first), the marker on the last. */
export function packetize(frame: Buffer, timestamp: number, firstSequence: number, ssrc: number): Buffer[] {
  const packets: Buffer[] = [];
  for (let at = 0, i = 0; at < frame.length; at += MAX_PAYLOAD, i++) {
    const chunk = frame.subarray(at, at + MAX_PAYLOAD);
    const descriptor = Buffer.from([at === 0 ? 0x10 : 0x00]);
    const header = new RtpHeader({
      payloadType: 96,
      sequenceNumber: (firstSequence + i) & 0xffff,
      timestamp: timestamp >>> 0,
      ssrc,
      marker: at + MAX_PAYLOAD >= frame.length,
    });
    packets.push(new RtpPacket(header, Buffer.concat([descriptor, chunk])).serialize());
  }
  return packets;
}

/**
 * Plays a clip in a loop, handing each frame's packets to `send`. Timestamps and sequence numbers
 * run on across loops, as a camera's would. Stops when the returned function is called.
 */
export function playClip(clip: Vp8Clip, send: (packets: Buffer[], keyframe: boolean) => void): () => void {
  return playClipLayers({ ...clip, low: undefined }, (packets, _layer, keyframe) => send(packets, keyframe));
}

/** The clip's layers as rids: `h` the clip, `l` its small copy. */
export type ClipLayer = 'h' | 'l';

/**
 * Plays a clip and its small layer (if it has one) in step: frame i of each at the same tick and
 * timestamp, each layer with its own SSRC and sequence, as a browser's simulcast sends them.
 */
export function playClipLayers(
  clip: Vp8Clip,
  send: (packets: Buffer[], layer: ClipLayer, keyframe: boolean) => void,
): () => void {
  const layers = [
    { rid: 'h' as const, clip },
    ...(clip.low ? [{ rid: 'l' as const, clip: clip.low }] : []),
  ].map((layer) => ({ ...layer, ssrc: (Math.random() * 0xffffffff) >>> 0, sequence: 0 }));
  const step = VP8_CLOCK_RATE / clip.frameRate;
  let index = 0;
  let timestamp = 0;
  const timer = setInterval(() => {
    for (const layer of layers) {
      const frame = layer.clip.frames[index % layer.clip.frames.length] as Vp8Frame;
      const packets = packetize(frame.data, timestamp, layer.sequence, layer.ssrc);
      layer.sequence = (layer.sequence + packets.length) & 0xffff;
      send(packets, layer.rid, frame.keyframe);
    }
    timestamp = (timestamp + step) >>> 0;
    index++;
  }, 1000 / clip.frameRate);
  timer.unref();
  return () => clearInterval(timer);
}
