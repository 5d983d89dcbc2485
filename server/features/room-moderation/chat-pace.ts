/**
 * How fast a member may talk in her rooms' chat: the flood limit (always on) and her slow mode.
 * Kept in this process's memory: his lines go through the process that holds his seat, and a
 * restart forgetting a few seconds of pace costs nothing. Only lines that went through count.
 */
import { FLOOD_LINES, FLOOD_WINDOW_MS } from '../../../protocol/live/room-moderation';

export type PaceVerdict =
  | { ok: true }
  | { ok: false; reason: 'flood' }
  | { ok: false; reason: 'slow'; waitMs: number };

/** Entries older than the longest window a check can look back over are dropped. */
const KEEP_MS = 60_000;

export class ChatPace {
  /** His last lines' times, by anchor and member. */
  private readonly said = new Map<string, number[]>();

  /** Whether he may say a line now; when he may, it is counted. */
  take(anchorId: string, memberId: string, slowSeconds: number, now: number): PaceVerdict {
    const key = `${anchorId}\u0000${memberId}`;
    const times = (this.said.get(key) ?? []).filter((t) => now - t < KEEP_MS);
    const last = times.at(-1);
    if (slowSeconds > 0 && last !== undefined && now - last < slowSeconds * 1000)
      return { ok: false, reason: 'slow', waitMs: slowSeconds * 1000 - (now - last) };
    if (times.filter((t) => now - t < FLOOD_WINDOW_MS).length >= FLOOD_LINES)
      return { ok: false, reason: 'flood' };
    times.push(now);
    this.said.set(key, times);
    if (this.said.size > 10_000) this.sweep(now);
    return { ok: true };
  }

  private sweep(now: number) {
    for (const [key, times] of this.said) if (times.every((t) => now - t >= KEEP_MS)) this.said.delete(key);
  }
}
