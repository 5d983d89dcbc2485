/**
 * Show reminders as scheduled records (table push_reminders): every tick each push-server process
 * 1. writes the records of upcoming shows (30 minutes before, and at the start; a moved show moves
 *    its unfired records),
 * 2. claims the due records in one UPDATE, so each fires in exactly one process, once, across
 *    restarts too. A cancelled show's records end 'cancelled'; a record found more than its use
 *    late (the 30-minute one after the start, the start one SHOW_REMINDER_START_USEFUL_S after)
 *    ends 'late'. Neither sends anything.
 * 3. sends the claimed ones to members holding a ticket or following the show. The per-member
 *    alerts are leased (push-server/leases.ts) in the same transaction as the record's claim, so a
 *    process dying after the claim leaves them to be sent by another (or after a restart).
 */
import {
  PUSH_LEASE_MS,
  SHOW_REMINDER_BEFORE_S,
  SHOW_REMINDER_HORIZON_S,
  SHOW_REMINDER_START_USEFUL_S,
  SHOW_REMINDER_TICK_MS,
} from '../protocol/push/push';
import { TickLoop } from '../server/core/tick-loop';
import type { Db } from '../server/storage/contract';
import { toDate } from '../server/storage/rows';
import { type Alert, reminderAlert, type ShowReminder } from './alerts';
import type { DeliveryPipeline, DeliveryReport } from './delivery';
import { leasesRepository } from './leases';

export interface ClaimedReminder extends ShowReminder {
  outcome: 'sent' | 'late' | 'cancelled';
  /** Ms since the epoch: when the reminder stops being useful. */
  usefulUntil: number;
}

interface ClaimRow {
  live_show_id: string;
  kind: 'soon' | 'start';
  outcome: 'sent' | 'late' | 'cancelled';
  anchor_id: string;
  nickname: string;
  photourl: string;
  start_time: unknown;
}

export interface RemindersRepository {
  /** Writes the records of shows starting within the horizon; returns how many were new or moved. */
  schedule(now: Date): Promise<number>;
  /** Claims every due record (exactly one caller gets each). */
  claimDue(now: Date): Promise<ClaimedReminder[]>;
  /** Ticket holders (bought) and followers of the show. */
  recipients(liveShowId: string): Promise<string[]>;
  /**
   * In one transaction: claims the due records, and leases until `leaseUntil` one alert per
   * recipient of each record that is to be sent. Returns the records and the alerts to send.
   */
  claimDueAlerts(now: number, leaseUntil: number): Promise<{ claimed: ClaimedReminder[]; alerts: Alert[] }>;
}

export function remindersRepository(db: Db): RemindersRepository {
  return {
    async schedule(now) {
      const rows = await db.query(
        `INSERT INTO push_reminders (live_show_id, kind, fire_at)
         SELECT s.live_show_id, k.kind, s.start_time - k.before_s * interval '1 second'
         FROM shows s CROSS JOIN (VALUES ('soon', $2::int), ('start', 0)) AS k (kind, before_s)
         WHERE s.status = 1 AND s.cancelled_at IS NULL
           AND s.start_time > $1::timestamptz - $3::int * interval '1 second'
           AND s.start_time <= $1::timestamptz + $4::int * interval '1 second'
         ON CONFLICT (live_show_id, kind) DO UPDATE SET fire_at = EXCLUDED.fire_at
           WHERE push_reminders.fired_at IS NULL AND push_reminders.fire_at <> EXCLUDED.fire_at
         RETURNING live_show_id`,
        [now, SHOW_REMINDER_BEFORE_S, SHOW_REMINDER_START_USEFUL_S, SHOW_REMINDER_HORIZON_S],
      );
      return rows.length;
    },
    async claimDue(now) {
      // Concurrent UPDATEs on PostgreSQL re-check `fired_at IS NULL` after the first commits,
      // so a record is returned to one caller only.
      const rows = await db.query<ClaimRow>(
        `UPDATE push_reminders r SET fired_at = $1::timestamptz,
           outcome = CASE
             WHEN s.status <> 1 OR s.cancelled_at IS NOT NULL THEN 'cancelled'
             WHEN r.kind = 'soon' AND s.start_time <= $1::timestamptz THEN 'late'
             WHEN r.kind = 'start' AND s.start_time < $1::timestamptz - $2::int * interval '1 second' THEN 'late'
             ELSE 'sent' END
         FROM shows s JOIN users u ON u.userid = s.anchor_id
         WHERE s.live_show_id = r.live_show_id AND r.fired_at IS NULL AND r.fire_at <= $1::timestamptz
         RETURNING r.live_show_id, r.kind, r.outcome, s.anchor_id, u.nickname, u.photourl, s.start_time`,
        [now, SHOW_REMINDER_START_USEFUL_S],
      );
      return rows.map((row) => {
        const startTime = toDate(row.start_time);
        return {
          liveShowId: row.live_show_id,
          kind: row.kind,
          outcome: row.outcome,
          anchorId: row.anchor_id,
          anchorName: row.nickname,
          anchorPhoto: row.photourl,
          startTime,
          usefulUntil:
            row.kind === 'soon'
              ? startTime.getTime()
              : startTime.getTime() + SHOW_REMINDER_START_USEFUL_S * 1000,
        };
      });
    },
    async recipients(liveShowId) {
      const rows = await db.query<{ member_id: string }>(
        `SELECT member_id FROM tickets WHERE live_show_id = $1 AND status = 1
         UNION SELECT member_id FROM show_follows WHERE live_show_id = $1 ORDER BY member_id`,
        [liveShowId],
      );
      return rows.map((r) => r.member_id);
    },
    claimDueAlerts(now, leaseUntil) {
      return db.transaction(async (tx) => {
        const repo = remindersRepository(tx);
        const claimed = await repo.claimDue(new Date(now));
        const alerts: Alert[] = [];
        for (const r of claimed.filter((c) => c.outcome === 'sent')) {
          for (const m of await repo.recipients(r.liveShowId))
            alerts.push(reminderAlert(m, r, r.usefulUntil, now));
        }
        const won = await leasesRepository(tx).claimMany(alerts, leaseUntil);
        return { claimed, alerts: alerts.filter((_, i) => won[i]) };
      });
    },
  };
}

export interface ReminderDeps {
  reminders: RemindersRepository;
  pipeline: Pick<DeliveryPipeline, 'deliver'>;
  tickMs?: number;
  leaseMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export class ReminderScheduler {
  private readonly loop: TickLoop;

  constructor(private readonly deps: ReminderDeps) {
    this.loop = new TickLoop(() => this.tick(), deps.tickMs ?? SHOW_REMINDER_TICK_MS);
  }

  start(): void {
    this.loop.start();
  }

  /** Schedules, claims and sends what is due; returns the claimed records (sent or dropped). */
  async tick(): Promise<{ claimed: ClaimedReminder[]; reports: DeliveryReport[] }> {
    const now = (this.deps.now ?? Date.now)();
    const leaseUntil = now + (this.deps.leaseMs ?? PUSH_LEASE_MS);
    let claimed: ClaimedReminder[];
    let alerts: Alert[];
    try {
      await this.deps.reminders.schedule(new Date(now));
      ({ claimed, alerts } = await this.deps.reminders.claimDueAlerts(now, leaseUntil));
    } catch (error) {
      this.deps.log?.('push reminders: claim failed', error);
      return { claimed: [], reports: [] };
    }
    // Each alert is leased to this process already, so the pipeline does not claim it again.
    // One that fails here stays leased and is taken over when its lease lapses.
    const reports: DeliveryReport[] = [];
    await Promise.all(
      alerts.map((a) =>
        this.deps.pipeline.deliver(a, leaseUntil).then(
          (r) => reports.push(r),
          (error) => this.deps.log?.('push reminders: send failed', error),
        ),
      ),
    );
    return { claimed, reports };
  }

  async close(): Promise<void> {
    await this.loop.stop();
  }
}
