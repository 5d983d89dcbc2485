/**
 * The automatic invitations' manners per member (protocol/notices/notices.ts), shared by both
 * engines' pacers: nothing while he asked not to be disturbed, and the frequency cap (at most 3 a
 * window, the window doubling for each earlier invitation he let pass while idle, back to a minute on
 * his next request). Counted per process, as the pacers are: a member's sockets sit on one process
 * in the usual case; with sockets on several, each process keeps its own count.
 */
import { capAllows } from '../../../../protocol/notices/notices';

export interface InviteGateDeps {
  /** When his do-not-disturb ends (ms since the epoch; 0 or past: none). */
  quietUntil: (userid: string) => Promise<number>;
}

interface Pace {
  sentAt: number[];
  /** Invitations sent since his last activity. */
  sinceActivity: number;
}

export class InviteGate {
  private readonly members = new Map<string, Pace>();

  constructor(private readonly deps: InviteGateDeps) {}

  private pace(userid: string): Pace {
    let pace = this.members.get(userid);
    if (!pace) {
      pace = { sentAt: [], sinceActivity: 0 };
      this.members.set(userid, pace);
    }
    return pace;
  }

  /**
   * Takes a place for one more automatic invitation to him now, or answers false: the cap at
   * `capSpeed` (the asking engine's AutoInviteConfig.capSpeed; undefined: no cap, do-not-disturb
   * only), counting what both engines sent. The place is taken before the answer, so two engines
   * asking at once cannot both pass the cap; `release` gives it back when nothing went.
   */
  async take(userid: string, now: number, capSpeed?: number): Promise<boolean> {
    if ((await this.deps.quietUntil(userid)) > now) return false;
    const pace = this.pace(userid);
    // The ones sent earlier while he stayed idle were let pass: each doubles the window.
    const ignored = Math.max(0, pace.sinceActivity - 1);
    if (capSpeed !== undefined && !capAllows(pace.sentAt, ignored, now, capSpeed)) return false;
    pace.sentAt = [...pace.sentAt.slice(-7), now];
    return true;
  }

  /** The place taken at `at` was not used (nobody fitted). */
  release(userid: string, at: number): void {
    const pace = this.members.get(userid);
    if (!pace) return;
    const i = pace.sentAt.lastIndexOf(at);
    if (i >= 0) pace.sentAt = [...pace.sentAt.slice(0, i), ...pace.sentAt.slice(i + 1)];
  }

  /** One went out: the next counts it as let pass until his next request. */
  sent(userid: string): void {
    this.pace(userid).sinceActivity++;
  }

  /** Any request of his: the backoff starts over (the window's count stays). */
  activity(userid: string): void {
    const pace = this.members.get(userid);
    if (pace) pace.sinceActivity = 0;
  }

  /** His last socket left this process. */
  forget(userid: string): void {
    this.members.delete(userid);
  }
}
