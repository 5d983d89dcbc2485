/**
 * The invite queue (spec 001 §4): the public, private and hang-out lists refill the stack until
 * 3 bubbles are visible. A random draw mixes in hang-outs (about 4 in 11) and decides between
 * public and private (3 in 7 public first); within a list the highest weight wins (−1 when
 * missing). A server display check then decides; a refusal, an error or a time-out drops the
 * candidate and rolls back its same-anchor mark. Random source, clock and display are injected.
 */
import {
  type BubbleType,
  DEFAULT_WEIGHT,
  HANGOUT_MIX,
  MAX_VISIBLE_BUBBLES,
  PUBLIC_FIRST_MIX,
} from '../../../protocol/realtime';
import { addToList, type Candidate, pruneList } from './auto-lists';
import type { SameAnchorRule } from './rules';

export type QueueKind = 'public' | 'private' | 'hangout';

export const BUBBLE_TYPE_OF: Record<QueueKind, BubbleType> = {
  public: 'autoInvitePublic',
  private: 'autoInvitePrivate',
  hangout: 'hangoutInvite',
};

export interface QueueDeps {
  /** The server display check; true shows the candidate. */
  display: (kind: QueueKind, candidate: Candidate) => Promise<boolean>;
  /** Called with each candidate that passed its check. */
  show: (kind: QueueKind, candidate: Candidate) => void;
  /** How many invite bubbles are on screen (and how many more may come). */
  visibleCount: () => number;
  sameAnchor: SameAnchorRule;
  random?: () => number;
  now?: () => number;
}

export const weightOf = (candidate: Candidate) =>
  typeof candidate.data.weights === 'number' ? candidate.data.weights : DEFAULT_WEIGHT;

/** The highest-weight entry's index; the earliest among equals. -1 for an empty list. */
export function highestWeight(list: readonly Candidate[]): number {
  let best = -1;
  let bestWeight = Number.NEGATIVE_INFINITY;
  list.forEach((candidate, i) => {
    const weight = weightOf(candidate);
    if (best < 0 || weight > bestWeight) {
      best = i;
      bestWeight = weight;
    }
  });
  return best;
}

/** The order in which the lists are asked, from two draws of the random source. */
export function drawOrder(random: () => number): QueueKind[] {
  const hangoutFirst = random() < HANGOUT_MIX;
  const publicFirst = random() < PUBLIC_FIRST_MIX;
  const rooms: QueueKind[] = publicFirst ? ['public', 'private'] : ['private', 'public'];
  return hangoutFirst ? ['hangout', ...rooms] : [...rooms, 'hangout'];
}

export function createInviteQueue(deps: QueueDeps) {
  const random = deps.random ?? Math.random;
  const now = deps.now ?? Date.now;
  const lists: Record<QueueKind, Candidate[]> = { public: [], private: [], hangout: [] };
  let running: Promise<void> | null = null;
  let again = false;

  /** The next candidate not suppressed by the same-anchor rule; suppressed ones are dropped. */
  function take(): { kind: QueueKind; candidate: Candidate } | null {
    const at = now();
    for (const kind of drawOrder(random)) {
      lists[kind] = pruneList(lists[kind], at);
      while (lists[kind].length > 0) {
        const index = highestWeight(lists[kind]);
        const [candidate] = lists[kind].splice(index, 1);
        if (candidate && !deps.sameAnchor.isSuppressed(candidate.data.anchor_id, at))
          return { kind, candidate };
      }
    }
    return null;
  }

  async function refill() {
    while (deps.visibleCount() < MAX_VISIBLE_BUBBLES) {
      const next = take();
      if (!next) return;
      const undo = deps.sameAnchor.mark(next.candidate.data.anchor_id, now());
      let shown = false;
      try {
        shown = await deps.display(next.kind, next.candidate);
      } catch {
        shown = false;
      }
      if (!shown) {
        undo();
        continue;
      }
      if (deps.visibleCount() < MAX_VISIBLE_BUBBLES) {
        deps.show(next.kind, next.candidate);
        continue;
      }
      // Another bubble took the place during the check: the candidate waits for the next one.
      undo();
      lists[next.kind] = addToList(lists[next.kind], next.candidate, now());
      return;
    }
  }

  return {
    add(kind: QueueKind, candidate: Candidate) {
      lists[kind] = addToList(lists[kind], candidate, now());
    },
    /** Drops a candidate (shown or closed in another tab). */
    remove(id: string) {
      for (const kind of Object.keys(lists) as QueueKind[])
        lists[kind] = lists[kind].filter((entry) => entry.id !== id);
    },
    list(kind: QueueKind): readonly Candidate[] {
      return lists[kind];
    },
    /** Fills free places; one run at a time, a call during a run makes it look again at the end. */
    refill(): Promise<void> {
      again = true;
      running ??= (async () => {
        while (again) {
          again = false;
          await refill();
        }
      })().finally(() => {
        running = null;
      });
      return running;
    },
    clear() {
      for (const kind of Object.keys(lists) as QueueKind[]) lists[kind] = [];
    },
  };
}

export type InviteQueue = ReturnType<typeof createInviteQueue>;
