/**
 * Minutes in her rooms earn Intimacy (server/features/intimacy): public and premium rooms, show
 * rooms, One-on-One and hang-outs. How watching is detected: every visit, free ones included,
 * opens a live_sessions row when he enters and closes it when he leaves (live-billing.ts); each
 * billing tick reads the visits open now or ended lately and reports their whole minutes. A visit
 * is awarded under its session's key with its minutes so far, so a minute counts once across
 * ticks and processes; this process reports a visit only when its minutes grew.
 */
import { type EarnIntimacy, roomEarning } from '../intimacy';
import type { LiveBilling } from './live-billing';

/** Visits ended this recently are still read, so their last minutes count (ms). */
const VISIT_TAIL_MS = 10 * 60_000;

export class VisitEarnings {
  /** Units each visit was last reported with, here. */
  private readonly reported = new Map<string, number>();

  constructor(
    private readonly billing: Pick<LiveBilling, 'visits'>,
    private readonly earn: EarnIntimacy,
  ) {}

  async tick(): Promise<void> {
    const seen = new Set<string>();
    for (const v of await this.billing.visits(VISIT_TAIL_MS)) {
      seen.add(v.sessionId);
      const { source, units } = roomEarning(v.roomType, v.rate, v.minutes);
      if (units <= (this.reported.get(v.sessionId) ?? 0)) continue;
      await this.earn({
        memberId: v.memberId,
        anchorId: v.anchorId,
        source,
        key: `live:${v.sessionId}`,
        units,
      });
      this.reported.set(v.sessionId, units);
    }
    for (const id of this.reported.keys()) if (!seen.has(id)) this.reported.delete(id);
  }
}
