/** Her mutes, bans and slow mode (migration 052). */
import type { BanScope } from '../../../protocol/live/room-moderation';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export type ModerationKind = 'mute' | BanScope;

export interface BanRow {
  memberId: string;
  nickname: string;
  photourl: string;
  scope: BanScope;
  createdAt: Date;
}

/** A row in force: a ban for good, or a mute or session ban not yet lapsed. */
const IN_FORCE = '(expires_at IS NULL OR expires_at > $3)';

export function roomModerationRepository(db: Db) {
  return {
    /** Whatever of hers applies to him now, and her slow mode: one query for each chat line. */
    async standing(anchorId: string, memberId: string, now: Date) {
      const rows = await db.query<{ kind: string; seconds: unknown }>(
        `SELECT kind, NULL AS seconds FROM room_moderation
          WHERE anchor_id = $1 AND member_id = $2 AND ${IN_FORCE}
         UNION ALL SELECT 'slow', seconds FROM room_slow_mode WHERE anchor_id = $1`,
        [anchorId, memberId, now],
      );
      const kinds = new Set(rows.map((r) => r.kind));
      const slow = rows.find((r) => r.kind === 'slow');
      return {
        muted: kinds.has('mute'),
        ban: (kinds.has('forever') ? 'forever' : kinds.has('session') ? 'session' : '') as BanScope | '',
        slowSeconds: slow ? toInt(slow.seconds) : 0,
      };
    },

    async set(anchorId: string, memberId: string, kind: ModerationKind, expiresAt: Date | null) {
      await db.query(
        `INSERT INTO room_moderation (anchor_id, member_id, kind, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (anchor_id, member_id, kind) DO UPDATE SET created_at = now(), expires_at = EXCLUDED.expires_at`,
        [anchorId, memberId, kind, expiresAt],
      );
    },

    async lift(anchorId: string, memberId: string, kinds: readonly ModerationKind[]) {
      await db.query(
        'DELETE FROM room_moderation WHERE anchor_id = $1 AND member_id = $2 AND kind = ANY($3::text[])',
        [anchorId, memberId, kinds],
      );
    },

    /** Her broadcast ended: its mutes and session bans go (and any lapsed row of hers). */
    async endBroadcast(anchorId: string) {
      await db.query(`DELETE FROM room_moderation WHERE anchor_id = $1 AND kind IN ('mute', 'session')`, [
        anchorId,
      ]);
    },

    async setSlowMode(anchorId: string, seconds: number) {
      if (seconds === 0) await db.query('DELETE FROM room_slow_mode WHERE anchor_id = $1', [anchorId]);
      else
        await db.query(
          `INSERT INTO room_slow_mode (anchor_id, seconds) VALUES ($1, $2)
           ON CONFLICT (anchor_id) DO UPDATE SET seconds = EXCLUDED.seconds`,
          [anchorId, seconds],
        );
    },

    async slowMode(anchorId: string): Promise<number> {
      const [row] = await db.query<{ seconds: unknown }>(
        'SELECT seconds FROM room_slow_mode WHERE anchor_id = $1',
        [anchorId],
      );
      return row ? toInt(row.seconds) : 0;
    },

    async muted(anchorId: string, now: Date): Promise<string[]> {
      const rows = await db.query<{ member_id: string }>(
        `SELECT member_id FROM room_moderation WHERE anchor_id = $1 AND kind = 'mute'
            AND (expires_at IS NULL OR expires_at > $2)
          ORDER BY member_id`,
        [anchorId, now],
      );
      return rows.map((r) => r.member_id);
    },

    /** Her bans in force with his name and photo, newest first (a ban for good wins over a session one). */
    async bans(anchorId: string, now: Date, limit: number): Promise<BanRow[]> {
      const rows = await db.query<{
        member_id: string;
        nickname: string | null;
        photourl: string | null;
        kind: BanScope;
        created_at: unknown;
      }>(
        `SELECT DISTINCT ON (b.member_id) b.member_id, u.nickname, u.photourl, b.kind, b.created_at
           FROM room_moderation b LEFT JOIN users u ON u.userid = b.member_id
          WHERE b.anchor_id = $1 AND b.kind IN ('session', 'forever') AND (b.expires_at IS NULL OR b.expires_at > $2)
          ORDER BY b.member_id, (b.kind = 'forever') DESC`,
        [anchorId, now],
      );
      return rows
        .map((r) => ({
          memberId: r.member_id,
          nickname: r.nickname ?? '',
          photourl: r.photourl ?? '',
          scope: r.kind,
          createdAt: toDate(r.created_at),
        }))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.memberId.localeCompare(b.memberId))
        .slice(0, limit);
    },
  };
}

export type RoomModerationRepository = ReturnType<typeof roomModerationRepository>;
