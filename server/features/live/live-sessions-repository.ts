/** A member's past visits to live rooms (migration 017), read back for his One-on-One page. */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface PastSession {
  sessionId: string;
  roomId: string;
  anchorId: string;
  anchorNickname: string;
  anchorPhotourl: string;
  /** Hundredths of a credit per minute. */
  rate: number;
  prepaidMinutes: number;
  minutesPaid: number;
  /** Hundredths he really paid for it (ledger): see spentSql. */
  spent: number;
  startedAt: Date;
  endedAt: Date | null;
  endStatus: string | null;
}

interface Row {
  session_id: string;
  room_id: string;
  anchor_id: string;
  nickname: string;
  photourl: string;
  rate: unknown;
  prepaid_minutes: unknown;
  minutes_paid: unknown;
  spent: unknown;
  started_at: unknown;
  ended_at: unknown;
  end_status: string | null;
}

/**
 * Hundredths a session `s` really cost him, from the ledger: its minutes charged (live:<session>:n)
 * and, for the first visit that used them, the hold or deposit that paid minutes ahead (less its
 * refund). A voucher's minutes cost nothing. Rooms of a request or booking are 'PV' + its id.
 */
export const spentSql = `(
  COALESCE((SELECT -SUM(l.delta) FROM ledger l
             WHERE l.user_id = s.member_id AND l.reason = 'live_minute' AND l.ref = s.session_id), 0)
  + CASE WHEN s.prepaid_minutes > 0 AND s.voucher_id IS NULL AND NOT EXISTS (
      SELECT 1 FROM live_sessions e
       WHERE e.member_id = s.member_id AND e.room_id = s.room_id AND e.prepaid_minutes > 0
         AND e.voucher_id IS NULL AND (e.started_at, e.session_id) < (s.started_at, s.session_id))
    THEN COALESCE((SELECT -SUM(l.delta) FROM ledger l
             WHERE l.user_id = s.member_id
               AND l.reason IN ('request_hold', 'request_refund', 'booking_deposit', 'booking_refund')
               AND l.ref = substr(s.room_id, 3)), 0)
    ELSE 0 END)`;

export function liveSessionsRepository(db: Db) {
  return {
    /** His sessions in rooms of these types, newest first (the live_sessions_member index). */
    async recentOf(memberId: string, roomTypes: readonly number[], limit: number): Promise<PastSession[]> {
      const types = roomTypes.map((_, i) => `$${i + 3}`).join(', ');
      const rows = await db.query<Row>(
        `SELECT s.session_id, s.room_id, s.anchor_id, u.nickname, u.photourl, s.rate, s.prepaid_minutes,
                s.minutes_paid, ${spentSql} AS spent, s.started_at, s.ended_at, s.end_status
           FROM live_sessions s JOIN users u ON u.userid = s.anchor_id
          WHERE s.member_id = $1 AND s.room_type IN (${types})
          ORDER BY s.started_at DESC, s.session_id DESC
          LIMIT $2`,
        [memberId, limit, ...roomTypes],
      );
      return rows.map((row) => ({
        sessionId: row.session_id,
        roomId: row.room_id,
        anchorId: row.anchor_id,
        anchorNickname: row.nickname,
        anchorPhotourl: row.photourl,
        rate: toInt(row.rate),
        prepaidMinutes: toInt(row.prepaid_minutes),
        minutesPaid: toInt(row.minutes_paid),
        spent: Math.max(0, toInt(row.spent)),
        startedAt: toDate(row.started_at),
        endedAt: row.ended_at === null || row.ended_at === undefined ? null : toDate(row.ended_at),
        endStatus: row.end_status,
      }));
    },

    /** Hundredths his session has really cost so far (spentSql); 0 for a session not found. */
    async spentIn(sessionId: string): Promise<number> {
      const [row] = await db.query<{ spent: unknown }>(
        `SELECT ${spentSql} AS spent FROM live_sessions s WHERE s.session_id = $1`,
        [sessionId],
      );
      return Math.max(0, toInt(row?.spent ?? 0));
    },
  };
}
