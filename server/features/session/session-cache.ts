/**
 * A short per-process memory of sessions already looked up, so an API call does not read the
 * sessions table every time (it was a third of the database work of an invitation).
 *
 * How an ended session stops working on every process:
 * - logout, a suspension and a login elsewhere (one session per account) drop the entry on the process that
 *   handled them before they answer, and announce it on the bus (SESSION_ENDED_CHANNEL and
 *   KICKOFF_CHANNEL), so every other process drops it as soon as the message arrives;
 * - if a message is lost (Redis pub/sub delivers at most once), an entry is trusted for
 *   SESSION_CACHE_TTL_MS at most and then read again: that is the bound;
 * - an entry is never used past the session's own expiry.
 * Unknown sessions are not remembered, so a session made a moment ago is found at once.
 */
import type { Bus } from '../../bus/index';
import {
  isKickoff,
  isSessionEnded,
  KICKOFF_CHANNEL,
  SESSION_ENDED_CHANNEL,
  type SessionEnded,
} from '../../realtime/deliver';
import type { SessionRecord } from '../../storage/contract';

/** The longest a session ended on another process can still be used here if the bus lost the news. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Entries kept at most (the oldest goes first); bounds memory under many distinct sessions. */
const SESSION_CACHE_MAX = 10_000;

export interface CachedSession extends SessionRecord {
  sessionId: string;
  idHash: string;
}

interface Entry {
  at: number;
  session: CachedSession;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every drop, so a lookup that began before a logout does not store what it read. */
  private generation = 0;
  private bus: Bus | undefined;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.at >= this.ttlMs || entry.session.expiresAt.getTime() <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.session;
  }

  /** Call before reading the database; pass the result to put(). */
  mark(): number {
    return this.generation;
  }

  put(session: CachedSession, mark: number): void {
    if (mark !== this.generation) return;
    if (this.entries.size >= SESSION_CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(session.sessionId, { at: this.now(), session });
  }

  /** Forgets one session (here only). */
  drop(idHash: string): void {
    this.dropWhere((s) => s.idHash === idHash);
  }

  /** Forgets every session of the user but the one kept (here only). */
  dropOthers(userid: string, keepHash: string): void {
    this.dropWhere((s) => s.userid === userid && s.idHash !== keepHash);
  }

  /**
   * Tells every process (this one included) that a session, or every session of the user, ended:
   * caches forget it and sockets close. Best effort: the TTL bounds a loss for the caches.
   */
  async announceEnded(ended: SessionEnded): Promise<void> {
    this.forget(ended);
    await this.bus?.publish(SESSION_ENDED_CHANNEL, ended).catch(() => undefined);
  }

  private forget(ended: SessionEnded) {
    if (ended.idHash === undefined) this.dropWhere((s) => s.userid === ended.userid);
    else this.drop(ended.idHash);
  }

  /** Listens for sessions ended on any process; the returned function stops listening. */
  async follow(bus: Bus): Promise<() => Promise<void>> {
    this.bus = bus;
    const offEnded = await bus.subscribe(SESSION_ENDED_CHANNEL, (message) => {
      if (isSessionEnded(message)) this.forget(message);
    });
    const offKick = await bus.subscribe(KICKOFF_CHANNEL, (message) => {
      if (isKickoff(message)) this.dropOthers(message.userid, message.keep);
    });
    return async () => {
      this.bus = undefined;
      await offEnded();
      await offKick();
    };
  }

  /** Logouts and logins are rare next to API calls, so a scan of at most SESSION_CACHE_MAX is fine. */
  private dropWhere(test: (session: CachedSession) => boolean) {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (test(entry.session)) this.entries.delete(key);
  }
}
