/**
 * The reminder queue's rules (spec 002 §4 "Notice remind", §9): one reminder shows at a time for
 * REMINDER_SHOW_MS, then the next queued; a broadcaster's online notice is not shown again within
 * ONLINE_REMIND_REPEAT_S (remembered across reloads through `memory`). A burst keeps at most
 * REMINDER_QUEUE_MAX waiting, dropping the oldest. The clock is injected, so tests move time.
 */
import {
  NOTICE_REMIND_TYPE,
  ONLINE_REMIND_REPEAT_S,
  REMINDER_QUEUE_MAX,
  REMINDER_SHOW_MS,
  type Reminder,
} from '../../../protocol/reminders/reminders';

/**
 * What the toast shows: the spec's three reminder types, and ours in the same queue (his Intimacy
 * level-up, a show's 30-minute notice, which is a schedule reminder).
 */
export interface QueuedReminder extends Reminder {
  kind: 'mail' | 'online' | 'schedule' | 'levelUp';
  text: string;
  /** Where a tap on it goes (a hash route). */
  href: string;
}

export interface Clock {
  now(): number;
}

/** Where the last online notice of each broadcaster was shown (ms), kept across reloads. */
export interface OnlineMemory {
  load(): Record<string, number>;
  save(seen: Record<string, number>): void;
}

export const memoryOnly = (): OnlineMemory => {
  let kept: Record<string, number> = {};
  return {
    load: () => ({ ...kept }),
    save: (seen) => {
      kept = { ...seen };
    },
  };
};

export class ReminderQueue {
  private waiting: QueuedReminder[] = [];
  private shown?: { reminder: QueuedReminder; since: number };

  constructor(
    private readonly clock: Clock,
    private readonly memory: OnlineMemory = memoryOnly(),
  ) {}

  /** Queues a reminder; false when the repeat rule drops it. */
  offer(reminder: QueuedReminder): boolean {
    const now = this.clock.now();
    if (reminder.notice_remind_type === NOTICE_REMIND_TYPE.online && reminder.kind === 'online') {
      const seen = this.memory.load();
      const last = seen[reminder.anchor_id];
      if (last !== undefined && now - last < ONLINE_REMIND_REPEAT_S * 1000) return false;
      // The same broadcaster already waiting is not queued twice either.
      if (this.all().some((r) => r.kind === 'online' && r.anchor_id === reminder.anchor_id)) return false;
      for (const [id, at] of Object.entries(seen))
        if (now - at >= ONLINE_REMIND_REPEAT_S * 1000) delete seen[id];
      seen[reminder.anchor_id] = now;
      this.memory.save(seen);
    }
    this.waiting.push(reminder);
    if (this.waiting.length > REMINDER_QUEUE_MAX) this.waiting.shift();
    this.advance();
    return true;
  }

  /** The reminder showing now (after moving on from one whose time is up). */
  current(): QueuedReminder | undefined {
    this.advance();
    return this.shown?.reminder;
  }

  /** Ms until the current one's time is up; undefined when none shows. */
  msLeft(): number | undefined {
    this.advance();
    if (!this.shown) return undefined;
    return Math.max(0, this.shown.since + REMINDER_SHOW_MS - this.clock.now());
  }

  /** He closed it (or tapped it): the next one shows now. */
  dismiss(): void {
    this.shown = undefined;
    this.advance();
  }

  private all(): QueuedReminder[] {
    return this.shown ? [this.shown.reminder, ...this.waiting] : [...this.waiting];
  }

  private advance(): void {
    const now = this.clock.now();
    // Each starts its 4 s when the one before it ended, however late the check comes.
    while (this.shown && now - this.shown.since >= REMINDER_SHOW_MS) {
      const ended = this.shown.since + REMINDER_SHOW_MS;
      const next = this.waiting.shift();
      this.shown = next ? { reminder: next, since: ended } : undefined;
    }
    if (!this.shown) {
      const next = this.waiting.shift();
      if (next) this.shown = { reminder: next, since: now };
    }
  }
}
