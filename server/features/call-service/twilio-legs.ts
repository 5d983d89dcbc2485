/** The Twilio legs of each call (table call_legs): what hangUp ends, from any process. */
import type { Db } from '../../storage/contract';
import type { LegRole } from './call-center';

export function twilioLegs(db: Db) {
  return {
    async placed(legId: string, callId: string, role: LegRole): Promise<void> {
      await db.query(
        'INSERT INTO call_legs (leg_id, call_id, role) VALUES ($1, $2, $3) ON CONFLICT (leg_id) DO NOTHING',
        [legId, callId, role],
      );
    },

    /** Twilio reported the leg's final status: nothing left to hang up. */
    async ended(legId: string): Promise<void> {
      await db.query('UPDATE call_legs SET ended_at = now() WHERE leg_id = $1 AND ended_at IS NULL', [legId]);
    },

    /** The call's legs not known to have ended, now marked ended (each is hung up once). */
    async endAll(callId: string): Promise<string[]> {
      const rows = await db.query<{ leg_id: string }>(
        'UPDATE call_legs SET ended_at = now() WHERE call_id = $1 AND ended_at IS NULL RETURNING leg_id',
        [callId],
      );
      return rows.map((r) => r.leg_id);
    },
  };
}
