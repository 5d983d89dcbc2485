/**
 * The pure parts of simulcast forwarding: which layer a viewer gets for his chosen quality, and
 * where a VP8 key frame starts in an RTP packet (a viewer moves to another layer only there: a
 * layer's delta frames mean nothing to a decoder that has not had its key frame).
 */
import type { Quality } from '../../protocol/live/quality';

/** Layers by rank, smallest first: a browser's rids (l, m, h) and the clip's (l, h). */
const RANK: Record<string, number> = { l: 0, m: 1, h: 2 };
const rank = (rid: string) => RANK[rid] ?? 1;

/**
 * The layer to forward: HD the top layer flowing, SD the smallest, Auto the top one less `autoDrop`
 * layers (what his connection's losses have cost him, nextAutoDrop). `flowing` may be empty (the
 * source sends no layers yet).
 */
export function chooseLayer(quality: Quality, flowing: readonly string[], autoDrop = 0): string | undefined {
  const sorted = [...flowing].sort((a, b) => rank(a) - rank(b));
  if (quality === 'sd') return sorted[0];
  const drop = quality === 'auto' ? autoDrop : 0;
  return sorted[Math.max(0, sorted.length - 1 - drop)];
}

/** A receiver report losing more than this (of 1) takes an Auto viewer a layer down… */
export const AUTO_LOSSY = 0.1;
/** …and after AUTO_CLIMB_MS of reports under this, he goes a layer up again. */
export const AUTO_CLEAN = 0.02;
const AUTO_SETTLE_MS = 2_000;
const AUTO_CLIMB_MS = 10_000;

export interface AutoState {
  /** Layers below the top he gets. */
  drop: number;
  /** When drop last changed, and when a report last showed losses above AUTO_CLEAN. */
  changedAt: number;
  lossAt: number;
}
export const AUTO_START: AutoState = { drop: 0, changedAt: 0, lossAt: 0 };

/**
 * Auto's step on each receiver report from his connection. Down a layer on heavy loss (at most one
 * step per AUTO_SETTLE_MS: the new layer's key frame takes a moment), up a layer only after
 * AUTO_CLIMB_MS without losses, so a line at its limit does not flap.
 */
export function nextAutoDrop(state: AutoState, fractionLost: number, now: number, layers = 3): AutoState {
  if (fractionLost > AUTO_LOSSY) {
    if (state.drop < layers - 1 && now - state.changedAt >= AUTO_SETTLE_MS)
      return { drop: state.drop + 1, changedAt: now, lossAt: now };
    return { ...state, lossAt: now };
  }
  if (fractionLost > AUTO_CLEAN) return { ...state, lossAt: now };
  if (state.drop > 0 && now - Math.max(state.changedAt, state.lossAt) >= AUTO_CLIMB_MS)
    return { ...state, drop: state.drop - 1, changedAt: now };
  return state;
}

/** Janus VideoRoom's substream for a quality (0 the smallest, 2 the top). */
export const janusSubstream = (quality: Quality) => (quality === 'sd' ? 0 : 2);

/** Where the VP8 payload starts after the payload descriptor (RFC 7741 §4.2), and its S bit. */
function descriptor(payload: Buffer): { start: boolean; at: number } | undefined {
  const first = payload[0];
  if (first === undefined) return undefined;
  let at = 1;
  if (first & 0x80) {
    const ext = payload[at++] ?? 0;
    if (ext & 0x80) at += (payload[at] ?? 0) & 0x80 ? 2 : 1; // PictureID, 7 or 15 bits
    if (ext & 0x40) at += 1; // TL0PICIDX
    if (ext & 0x30) at += 1; // TID / KEYIDX
  }
  // S set and partition index 0: the first packet of a frame.
  return { start: (first & 0x10) !== 0 && (first & 0x0f) === 0, at };
}

/**
 * The picture size if this RTP payload starts a VP8 key frame (RFC 6386 §9.1: the frame tag's
 * lowest bit 0, the start code 9d 01 2a, then 14-bit width and height), else undefined.
 */
export function vp8KeyframeSize(payload: Buffer): { width: number; height: number } | undefined {
  const d = descriptor(payload);
  if (!d?.start || payload.length < d.at + 10) return undefined;
  const frame = payload.subarray(d.at);
  if ((frame[0] as number) & 0x01) return undefined;
  if (frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return undefined;
  return { width: frame.readUInt16LE(6) & 0x3fff, height: frame.readUInt16LE(8) & 0x3fff };
}
