/**
 * A clock the test moves by hand for the auto-invite engine: `advance` runs every timer that falls
 * due, in time order, at its own time, and waits for each one's work (database, delivery) before
 * the next, so the engine's timings are checked exactly on any machine.
 */
import type { EngineClock } from '../../server/features/invitations/auto-invite/clock';

interface Timer {
  at: number;
  seq: number;
  task: () => Promise<void>;
  cancelled: boolean;
}

export class ManualClock implements EngineClock {
  private time: number;
  private seq = 0;
  private timers: Timer[] = [];

  constructor(start = Date.now()) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  after(ms: number, task: () => Promise<void>): () => void {
    const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, task, cancelled: false };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** Moves time forward by `ms`, running what falls due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      this.timers = this.timers.filter((t) => !t.cancelled);
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      await next.task();
    }
    this.time = end;
  }

  /** Timers still waiting (not cancelled). */
  pending(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }
}
