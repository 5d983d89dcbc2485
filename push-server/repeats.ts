/**
 * Alerts that must not repeat within a gap (table alert_repeats, migration 041): a followed
 * broadcaster's online notice reaches a member by push or email at most once per
 * ONLINE_REMIND_REPEAT_S, whichever process sends it and whatever process told her followers.
 * Taking the slot is one statement, so two processes racing on two events get one answer each.
 */
import type { Db } from '../server/storage/contract';

export interface RepeatsRepository {
  /**
   * True when `alertKey` may go out now: nothing went on `subject` to him within `gapS`, or what
   * went was this same alert (taken over after its owner died). The slot is his from then on.
   */
  take(userId: string, subject: string, gapS: number, alertKey: string, now: number): Promise<boolean>;
  /** Forgets slots taken before `olderThan` (longer ago than any gap). */
  prune(olderThan: Date): Promise<number>;
}

export function repeatsRepository(db: Db): RepeatsRepository {
  return {
    async take(userId, subject, gapS, alertKey, now) {
      const rows = await db.query(
        `INSERT INTO alert_repeats (user_id, subject, alert_key, sent_at)
         VALUES ($1, $2, $3, to_timestamp($4::float8 / 1000.0))
         ON CONFLICT (user_id, subject) DO UPDATE
           SET alert_key = EXCLUDED.alert_key, sent_at = EXCLUDED.sent_at
           WHERE alert_repeats.alert_key = EXCLUDED.alert_key
              OR alert_repeats.sent_at <= EXCLUDED.sent_at - $5::int * interval '1 second'
         RETURNING user_id`,
        [userId, subject, alertKey, now, gapS],
      );
      return rows.length > 0;
    },
    async prune(olderThan) {
      const rows = await db.query('DELETE FROM alert_repeats WHERE sent_at < $1 RETURNING user_id', [
        olderThan,
      ]);
      return rows.length;
    },
  };
}
