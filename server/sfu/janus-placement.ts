/**
 * Where a live room's media runs when rooms go through Janus: rendezvous (highest-random-weight)
 * hashing of the room id over the configured instances. Every product process computes the same
 * answer from the room id and the list alone, with no shared table; adding or removing an instance
 * moves only the rooms that scored highest on it.
 */
import { createHash } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The instance (one of `instances`, e.g. Janus WebSocket URLs) that holds `roomId`. */
export function placeRoom(roomId: string, instances: readonly string[]): string {
  let best: string | undefined;
  let bestScore: bigint | undefined;
  for (const instance of instances) {
    const score = digest(`${instance}\n${roomId}`).readBigUInt64BE(0);
    // Ties (never in practice) go to the smaller name, so every process still agrees.
    if (bestScore === undefined || score > bestScore || (score === bestScore && instance < (best ?? ''))) {
      best = instance;
      bestScore = score;
    }
  }
  if (best === undefined) throw new Error('no Janus instance configured');
  return best;
}

/**
 * Janus names a VideoRoom with a number: ours are strings (PR2002, PV12, PV12:cam). 48 bits of a
 * hash stay an exact JSON number and make a collision between live rooms vanishingly unlikely.
 */
export function janusRoomNumber(roomId: string): number {
  return digest(`glimmer-room\n${roomId}`).readUIntBE(0, 6) || 1;
}
