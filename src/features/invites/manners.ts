/**
 * Which bubbles the member sees now (protocol/notices/notices.ts), over the spec's own rules (the
 * store keeps at most 3, their lifetimes and priorities): none while a screen holds the quiet
 * moment or he asked not to be disturbed; otherwise each waiting bubble takes its turn under the
 * frequency cap (3 a minute, the window doubling after each bubble he ignored: expired or closed
 * with x; a tap on a bubble's button resets it). On a phone one shows, with the count of the others.
 * Pure and on an injected clock; `ignored` is kept through `memory` (per member, this device).
 */
import { capAllows, INVITE_CAP } from '../../../protocol/notices/notices';

export interface MannersMemory {
  load(): number;
  save(ignored: number): void;
}

export const memoryOnly = (): MannersMemory => {
  let kept = 0;
  return {
    load: () => kept,
    save: (n) => {
      kept = n;
    },
  };
};

export interface Moment {
  /** A screen holds the quiet moment (a live room, a call, a payment, a composer in use). */
  quiet: boolean;
  /** The broadcaster whose room he is in: her bubbles pass a quiet moment. */
  roomOf?: string;
  /** Do not disturb is on. */
  dnd: boolean;
  /** A phone (< 760 px): one bubble, with the count of the others. */
  narrow: boolean;
  now: number;
}

export interface Presented<B> {
  visible: B[];
  /** Bubbles in the store not shown now (waiting their turn, or hidden on a phone). */
  others: number;
}

export function createManners(memory: MannersMemory = memoryOnly()) {
  /** When each bubble first showed (ms), by id. */
  const released = new Map<string, number>();
  /** Show times still inside the longest window (the cap counts them). */
  let history: number[] = [];
  const accepted = new Set<string>();
  let ignored = Math.min(INVITE_CAP.maxIgnored, Math.max(0, memory.load()));

  const setIgnored = (n: number) => {
    ignored = Math.min(INVITE_CAP.maxIgnored, n);
    memory.save(ignored);
  };

  return {
    present<B extends { id: string; from?: string }>(bubbles: readonly B[], moment: Moment): Presented<B> {
      const here = new Set(bubbles.map((b) => b.id));
      // A shown bubble that went without a tap on its button was ignored (expired or closed).
      const held = moment.quiet || moment.dnd;
      const blocked = (b: B) => moment.dnd || (moment.quiet && !(moment.roomOf && b.from === moment.roomOf));
      for (const id of [...released.keys()]) {
        if (here.has(id)) continue;
        released.delete(id);
        // One that ran out while hidden (a quiet moment, do not disturb) was not his to ignore.
        if (accepted.delete(id) || held) continue;
        setIgnored(ignored + 1);
      }
      for (const bubble of bubbles) {
        if (blocked(bubble) || released.has(bubble.id)) continue;
        if (!capAllows(history, ignored, moment.now)) break;
        released.set(bubble.id, moment.now);
        history = [...history.slice(-(INVITE_CAP.perWindow * 2)), moment.now];
      }
      const shown = bubbles.filter((b) => !blocked(b) && released.has(b.id));
      const visible = moment.narrow ? shown.slice(0, 1) : shown;
      return { visible, others: bubbles.length - visible.length };
    },
    /** He tapped a bubble's button: the backoff starts over. */
    accept(id: string) {
      accepted.add(id);
      setIgnored(0);
    },
    get ignored() {
      return ignored;
    },
    /** Whether a waiting bubble is held by the cap alone (the host then looks again shortly). */
    waiting<B extends { id: string }>(bubbles: readonly B[]): boolean {
      return bubbles.some((b) => !released.has(b.id));
    },
  };
}

export type Manners = ReturnType<typeof createManners>;
