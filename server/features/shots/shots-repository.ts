/**
 * A broadcaster's shots and members' likes. Likes are one row per member and shot, so setting or
 * cancelling twice changes nothing (ON CONFLICT / DELETE of nothing).
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface ShotFile {
  key: string;
  mime: string;
  bytes: number;
}

export interface ShotRow {
  id: number;
  anchorId: string;
  type: 1 | 2 | 3;
  /** The photo or the clip; undefined for a text shot or a demo shot. */
  file: ShotFile | undefined;
  /** A video's cover picture. */
  cover: ShotFile | undefined;
  isDemo: boolean;
  content: string;
  isPrivate: boolean;
  isShowProfile: boolean;
  createdAt: Date;
}

export interface NewShot {
  anchorId: string;
  type: 1 | 2 | 3;
  file?: ShotFile | undefined;
  cover?: ShotFile | undefined;
  isDemo?: boolean;
  content: string;
  isPrivate: boolean;
  isShowProfile: boolean;
  createdAt?: Date;
}

type Raw = Record<string, unknown>;
const COLUMNS =
  'id, anchor_id, type, file_key, file_mime, file_bytes, cover_key, cover_mime, cover_bytes, is_demo, content, is_private, is_show_profile, created_at';
const fileOf = (key: unknown, mime: unknown, bytes: unknown): ShotFile | undefined =>
  typeof key === 'string' ? { key, mime: String(mime ?? ''), bytes: toInt(bytes ?? 0) } : undefined;
const shotOf = (r: Raw): ShotRow => ({
  id: toInt(r.id),
  anchorId: String(r.anchor_id),
  type: toInt(r.type) as 1 | 2 | 3,
  file: fileOf(r.file_key, r.file_mime, r.file_bytes),
  cover: fileOf(r.cover_key, r.cover_mime, r.cover_bytes),
  isDemo: Boolean(r.is_demo),
  content: String(r.content ?? ''),
  isPrivate: Boolean(r.is_private),
  isShowProfile: Boolean(r.is_show_profile),
  createdAt: toDate(r.created_at),
});

export function shotsRepository(db: Db) {
  return {
    async insert(shot: NewShot): Promise<ShotRow> {
      const [row] = await db.query<Raw>(
        `INSERT INTO shots (anchor_id, type, file_key, file_mime, file_bytes, cover_key, cover_mime,
           cover_bytes, is_demo, content, is_private, is_show_profile, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, COALESCE($13, now()))
         RETURNING ${COLUMNS}`,
        [
          shot.anchorId,
          shot.type,
          shot.file?.key ?? null,
          shot.file?.mime ?? null,
          shot.file?.bytes ?? null,
          shot.cover?.key ?? null,
          shot.cover?.mime ?? null,
          shot.cover?.bytes ?? null,
          shot.isDemo ?? false,
          shot.content,
          shot.isPrivate,
          shot.isShowProfile,
          shot.createdAt ?? null,
        ],
      );
      if (!row) throw new Error('shots: insert returned nothing');
      return shotOf(row);
    },

    async find(id: number): Promise<ShotRow | undefined> {
      const [row] = await db.query<Raw>(`SELECT ${COLUMNS} FROM shots WHERE id = $1`, [id]);
      return row && shotOf(row);
    },

    async findMany(ids: number[]): Promise<ShotRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<Raw>(`SELECT ${COLUMNS} FROM shots WHERE id = ANY($1::bigint[])`, [ids]);
      return rows.map(shotOf);
    },

    /** Her shots, newest first; `profileOnly` keeps those shown on her profile. */
    async ofAnchor(anchorId: string, limit: number, profileOnly = false): Promise<ShotRow[]> {
      const rows = await db.query<Raw>(
        `SELECT ${COLUMNS} FROM shots WHERE anchor_id = $1 ${profileOnly ? 'AND is_show_profile' : ''}
         ORDER BY id DESC LIMIT $2`,
        [anchorId, limit],
      );
      return rows.map(shotOf);
    },

    async count(anchorId: string): Promise<number> {
      const [row] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM shots WHERE anchor_id = $1', [
        anchorId,
      ]);
      return toInt(row?.n ?? 0);
    },

    /** Deletes her shot; undefined when it is not hers (or gone). */
    async delete(anchorId: string, id: number): Promise<ShotRow | undefined> {
      const [row] = await db.query<Raw>(
        `DELETE FROM shots WHERE id = $1 AND anchor_id = $2 RETURNING ${COLUMNS}`,
        [id, anchorId],
      );
      return row && shotOf(row);
    },

    async like(memberId: string, shotId: number): Promise<void> {
      await db.query(
        'INSERT INTO shot_likes (shot_id, member_id) VALUES ($1, $2) ON CONFLICT (shot_id, member_id) DO NOTHING',
        [shotId, memberId],
      );
    },

    async unlike(memberId: string, shotId: number): Promise<void> {
      await db.query('DELETE FROM shot_likes WHERE shot_id = $1 AND member_id = $2', [shotId, memberId]);
    },

    /** Of `shotIds`, those `memberId` likes. */
    async likedBy(memberId: string, shotIds: number[]): Promise<Set<number>> {
      if (shotIds.length === 0) return new Set();
      const rows = await db.query<{ shot_id: unknown }>(
        'SELECT shot_id FROM shot_likes WHERE member_id = $1 AND shot_id = ANY($2::bigint[])',
        [memberId, shotIds],
      );
      return new Set(rows.map((r) => toInt(r.shot_id)));
    },

    /** Likes per shot of `shotIds` (absent: none). */
    async likeCounts(shotIds: number[]): Promise<Map<number, number>> {
      if (shotIds.length === 0) return new Map();
      const rows = await db.query<{ shot_id: unknown; n: unknown }>(
        'SELECT shot_id, count(*) AS n FROM shot_likes WHERE shot_id = ANY($1::bigint[]) GROUP BY shot_id',
        [shotIds],
      );
      return new Map(rows.map((r) => [toInt(r.shot_id), toInt(r.n)]));
    },
  };
}

export type ShotsRepository = ReturnType<typeof shotsRepository>;
