/**
 * The notification centre's rows (migration 039) and what it lists: read-only queries of the
 * invitations', live chat's, mail's, messages', bookings' and shows' tables (as the reminders'
 * counters do), so no feature calls another. Each entry has a key that is read once on every device.
 */
import type { NoticeItem, NoticeKind } from '../../../protocol/notices/notices';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface NoticesRepository {
  quietUntil(userid: string): Promise<Date | undefined>;
  setQuiet(userid: string, until: Date | undefined): Promise<void>;
  markRead(userid: string, keys: readonly string[], at: Date): Promise<void>;
  readKeys(userid: string, since: Date): Promise<string[]>;
  list(userid: string, now: Date, limit: number): Promise<NoticeItem[]>;
}

/** How far back each kind looks. */
const INVITES_WITHIN = '1 day';
const OTHERS_WITHIN = '7 days';

export function noticesRepository(db: Db): NoticesRepository {
  return {
    async quietUntil(userid) {
      const [row] = await db.query<{ quiet_until: unknown }>(
        'SELECT quiet_until FROM notice_quiet WHERE userid = $1',
        [userid],
      );
      return row ? toDate(row.quiet_until) : undefined;
    },
    async setQuiet(userid, until) {
      if (!until) {
        await db.query('DELETE FROM notice_quiet WHERE userid = $1', [userid]);
        return;
      }
      await db.query(
        `INSERT INTO notice_quiet (userid, quiet_until) VALUES ($1, $2)
         ON CONFLICT (userid) DO UPDATE SET quiet_until = EXCLUDED.quiet_until`,
        [userid, until],
      );
    },
    async markRead(userid, keys, at) {
      if (keys.length === 0) return;
      await db.query(
        `INSERT INTO notice_reads (userid, key, read_at) SELECT $1, k, $3 FROM unnest($2::text[]) AS k
         ON CONFLICT (userid, key) DO NOTHING`,
        [userid, keys, at],
      );
    },
    async readKeys(userid, since) {
      const rows = await db.query<{ key: string }>(
        'SELECT key FROM notice_reads WHERE userid = $1 AND read_at > $2',
        [userid, since],
      );
      return rows.map((r) => r.key);
    },
    async list(userid, now, limit) {
      const rows = await db.query<Record<string, unknown>>(
        `WITH items AS (
           SELECT 'invite:' || i.invite_id AS key, 'invite' AS kind, i.anchor_id, i.created_at AS at,
                  i.kind AS detail, '' AS ref
             FROM invitations i
            WHERE i.user_id = $1 AND i.created_at > $2::timestamptz - interval '${INVITES_WITHIN}'
              AND i.kind IN ('instant', 'public', 'scheduled', 'hangout', 'auto_public', 'auto_private')
           UNION ALL
           SELECT 'invite:' || l.invite_id, 'invite', l.anchor_id, l.created_at, 'livechat', ''
             FROM livechat_invites l
            WHERE l.user_id = $1 AND l.status <> 'ignored'
              AND l.created_at > $2::timestamptz - interval '${INVITES_WITHIN}'
           UNION ALL
           SELECT 'mail:' || m.emf_id, 'mail', m.anchor_id, m.sent_at, m.kind, m.emf_id
             FROM mail m
            WHERE m.member_id = $1 AND NOT m.from_member AND m.sent_at > $2::timestamptz - interval '${OTHERS_WITHIN}'
           UNION ALL
           SELECT 'message:' || c.anchor_id || '.' || COALESCE(c.last_msg_id, 0), 'message', c.anchor_id,
                  c.updated_at, '', ''
             FROM pm_conversations c
            WHERE c.member_id = $1 AND c.member_unread > 0
           UNION ALL
           SELECT 'booking:' || b.booking_id, 'booking', b.anchor_id, b.answered_at, b.status, b.booking_id
             FROM bookings b
            WHERE b.user_id = $1 AND b.kind = 'request' AND b.status IN ('accepted', 'declined')
              AND b.answered_at > $2::timestamptz - interval '${OTHERS_WITHIN}'
           UNION ALL
           SELECT 'show:' || s.live_show_id, 'show', s.anchor_id, s.start_time, s.title, s.live_show_id
             FROM shows s
            WHERE s.cancelled_at IS NULL
              AND s.start_time BETWEEN $2::timestamptz - interval '1 hour' AND $2::timestamptz + interval '1 day'
              AND (EXISTS (SELECT 1 FROM tickets t WHERE t.live_show_id = s.live_show_id AND t.member_id = $1 AND t.status = 1)
                OR EXISTS (SELECT 1 FROM show_follows f WHERE f.live_show_id = s.live_show_id AND f.member_id = $1))
         )
         SELECT items.*, u.nickname, u.photourl, (r.key IS NOT NULL) AS read
           FROM items
           JOIN users u ON u.userid = items.anchor_id
           LEFT JOIN notice_reads r ON r.userid = $1 AND r.key = items.key
          ORDER BY items.at DESC
          LIMIT $3`,
        [userid, now, limit],
      );
      return rows.map((r) => ({
        key: String(r.key),
        kind: String(r.kind) as NoticeKind,
        detail: String(r.detail ?? ''),
        ref: String(r.ref ?? ''),
        anchor_id: String(r.anchor_id),
        nick_name: String(r.nickname ?? ''),
        photourl: String(r.photourl ?? ''),
        at: Math.floor(toDate(r.at).getTime() / 1000),
        read: r.read === true || toInt(r.read) === 1 ? 1 : 0,
      }));
    },
  };
}
