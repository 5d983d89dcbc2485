/** A member's past visits to live rooms (migration 017), read back for his One-on-One page. */
import type { Db } from '../contract';
import { toDate, toInt } from './rows';

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
  started_at: unknown;
  ended_at: unknown;
  end_status: string | null;
}

export function liveSessionsRepository(db: Db) {
  return {
    /** His sessions in rooms of these types, newest first (the live_sessions_member index). */
    async recentOf(memberId: string, roomTypes: readonly number[], limit: number): Promise<PastSession[]> {
      const types = roomTypes.map((_, i) => `$${i + 3}`).join(', ');
      const rows = await db.query<Row>(
        `SELECT s.session_id, s.room_id, s.anchor_id, u.nickname, u.photourl, s.rate, s.prepaid_minutes,
                s.minutes_paid, s.started_at, s.ended_at, s.end_status
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
        startedAt: toDate(row.started_at),
        endedAt: row.ended_at === null || row.ended_at === undefined ? null : toDate(row.ended_at),
        endStatus: row.end_status,
      }));
    },
  };
}
