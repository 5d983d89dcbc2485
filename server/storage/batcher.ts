/**
 * Group commit for hot single-row statements. Calls that arrive together (in one turn of the event
 * loop, or while the previous batch is still running) go to the database as one multi-row statement:
 * on PGlite each statement costs a fixed ~0.5-1 ms whatever its size, so ten invitations in one
 * INSERT cost about what two cost one by one; on PostgreSQL it saves round trips and pool slots.
 *
 * Each caller's promise settles only when the statement holding its row has finished (autocommit),
 * so nothing is answered before it is stored. If a batch fails, its calls are retried one by one,
 * so a bad row fails its own caller only.
 *
 * `gatherMs` lets a statement that nobody waits on closely (the row's event went out already, see
 * InvitationService.instantInvite) wait for company: a lone call waits that long, and statements
 * start at most that often unless a full batch waits, so at a few hundred calls a second each
 * holds five to ten rows instead of the one to three that came while the previous one ran (most
 * of a statement's cost, the driver's work, a round trip and PostgreSQL's commit, is per
 * statement). No call waits longer than gatherMs, or than the statement before it takes.
 */

/** Upper bound on rows per statement (bounds parameter size and the latency of one batch). */
export const BATCH_MAX = 256;

interface Waiting<In, Out> {
  item: In;
  resolve(out: Out): void;
  reject(error: unknown): void;
}

export class Batcher<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private running = false;
  private scheduled = false;
  /** When the last statement started (performance.now()), for gatherMs. */
  private startedAt = Number.NEGATIVE_INFINITY;

  /**
   * @param runMany one statement for all items; answers one result per item, in the same order.
   * @param runOne the same for one item, used when a batch fails (and for a batch of one).
   * @param max rows per statement at most.
   * @param gatherMs how long a call to an idle batcher waits for others, and the least time between
   *   the starts of two statements while fewer than `max` items wait (0: as soon as possible, with
   *   the calls of the same turn of the event loop).
   */
  constructor(
    private readonly runMany: (items: In[]) => Promise<Out[]>,
    private readonly runOne: (item: In) => Promise<Out>,
    private readonly max = BATCH_MAX,
    private readonly gatherMs = 0,
  ) {}

  run(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /**
   * One batch at a time, with all that queued meanwhile. A call to an idle batcher waits gatherMs
   * for company; after a batch the next starts once gatherMs has passed since that one started.
   * A full batch goes at once.
   */
  private schedule(afterBatch = false) {
    if (this.running || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      void this.flush();
    };
    // setImmediate: requests parsed in the same I/O phase join the batch.
    const wait =
      this.queue.length >= this.max
        ? 0
        : afterBatch
          ? this.startedAt + this.gatherMs - performance.now()
          : this.gatherMs;
    if (this.gatherMs > 0 && wait > 0) setTimeout(go, wait);
    else setImmediate(go);
  }

  private async flush() {
    const batch = this.queue.splice(0, this.max);
    if (batch.length === 0) return;
    this.running = true;
    this.startedAt = performance.now();
    try {
      if (batch.length === 1) {
        await settle(batch[0] as Waiting<In, Out>, () => this.runOne((batch[0] as Waiting<In, Out>).item));
      } else {
        let results: Out[] | undefined;
        try {
          results = await this.runMany(batch.map((w) => w.item));
        } catch {
          // One bad row fails the whole statement: find it by running each on its own.
          await Promise.all(batch.map((w) => settle(w, () => this.runOne(w.item))));
        }
        if (results) {
          for (const [i, w] of batch.entries()) w.resolve(results[i] as Out);
        }
      }
    } finally {
      this.running = false;
      this.schedule(true);
    }
  }
}

async function settle<In, Out>(waiting: Waiting<In, Out>, work: () => Promise<Out>) {
  try {
    waiting.resolve(await work());
  } catch (error) {
    waiting.reject(error);
  }
}
