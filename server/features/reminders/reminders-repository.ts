/**
 * What the reminders read: a member's unread counters across mail, Say Hi, bookings and messages
 * (read-only queries of those features' tables, so no feature calls another), his schedule counts,
 * and a broadcaster's followers (with their choice for her online notice, member_settings).
 */
import { ALERT_CHANNELS, DEFAULT_ALERTS } from '../../../protocol/profile/settings';
import type { ScheduleListNoReadNum, TotalUnreadNum } from '../../../protocol/reminders/reminders';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface RemindersRepository {
  totalUnread(memberId: string): Promise<TotalUnreadNum>;
  scheduleNoRead(memberId: string, now: Date, withinS: number): Promise<ScheduleListNoReadNum>;
  /**
   * Members following her, with who she is; `away` lists those of them her online notice can reach
   * when they are not on the app: by email, or by push with a push subscription (his choice in
   * member_settings.alerts.online; 'off' reaches nobody).
   */
  followers(
    anchorId: string,
  ): Promise<{ members: string[]; away: Set<string>; nickname: string; photourl: string } | undefined>;
}

export function remindersRepository(db: Db): RemindersRepository {
  return {
    async totalUnread(memberId) {
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT
           (SELECT count(*) FROM mail WHERE member_id = $1 AND kind = 'emf' AND NOT from_member AND read_at IS NULL) AS emf,
           (SELECT count(*) FROM mail WHERE member_id = $1 AND kind = 'loi' AND NOT from_member AND read_at IS NULL) AS loi,
           (SELECT count(*) FROM say_hi WHERE member_id = $1 AND responded_at IS NOT NULL AND read_at IS NULL) AS say_hi,
           (SELECT count(*) FROM bookings WHERE user_id = $1 AND kind = 'request' AND user_is_read = 0
              AND answered_at IS NOT NULL AND status IN ('accepted', 'declined')) AS request_reply,
           (SELECT COALESCE(sum(member_unread), 0) FROM pm_conversations WHERE member_id = $1) AS pm`,
        [memberId],
      );
      const n = (key: string) => toInt(row?.[key] ?? 0);
      const counts = {
        emf: n('emf'),
        loi: n('loi'),
        say_hi_response: n('say_hi'),
        request_reply: n('request_reply'),
        private_message: n('pm'),
      };
      return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
    },
    async scheduleNoRead(memberId, now, withinS) {
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT
           count(*) FILTER (WHERE user_is_read = 0 AND status = 'pending') AS pending,
           count(*) FILTER (WHERE user_is_read = 0 AND status = 'accepted' AND book_time > $2) AS scheduled,
           count(*) FILTER (WHERE user_is_read = 0 AND NOT (status = 'pending'
             OR (status = 'accepted' AND book_time > $2))) AS history,
           count(*) FILTER (WHERE status = 'accepted' AND book_time > $2
             AND book_time <= $2::timestamptz + $3::int * interval '1 second') AS sch_num,
           min(book_time) FILTER (WHERE status = 'accepted' AND book_time > $2
             AND book_time <= $2::timestamptz + $3::int * interval '1 second') AS sch_time
         FROM bookings WHERE user_id = $1`,
        [memberId, now, withinS],
      );
      const pending = toInt(row?.pending ?? 0);
      const scheduled = toInt(row?.scheduled ?? 0);
      const history = toInt(row?.history ?? 0);
      return {
        total: pending + scheduled + history,
        history,
        pending,
        scheduled,
        sch_num: toInt(row?.sch_num ?? 0),
        sch_time: row?.sch_time ? Math.floor(toDate(row.sch_time).getTime() / 1000) : 0,
      };
    },
    async followers(anchorId) {
      const [anchor] = await db.query<{ nickname: string; photourl: string }>(
        "SELECT nickname, photourl FROM users WHERE userid = $1 AND role = 'lady'",
        [anchorId],
      );
      if (!anchor) return undefined;
      const rows = await db.query<{ member_id: string; online: string | null; subscribed: boolean }>(
        `SELECT f.member_id, s.alerts ->> 'online' AS online,
           EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = f.member_id) AS subscribed
         FROM follows f LEFT JOIN member_settings s ON s.userid = f.member_id WHERE f.anchor_id = $1`,
        [anchorId],
      );
      const channel = (r: (typeof rows)[number]) =>
        (ALERT_CHANNELS as readonly (string | null)[]).includes(r.online) ? r.online : DEFAULT_ALERTS.online;
      const away = rows
        .filter((r) => channel(r) === 'email' || (channel(r) === 'push' && r.subscribed))
        .map((r) => r.member_id);
      return { ...anchor, members: rows.map((r) => r.member_id), away: new Set(away) };
    },
  };
}
