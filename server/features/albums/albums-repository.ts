/**
 * A broadcaster's album (migration 024): her items newest first, the uploads waiting to be added,
 * and the members' interest in each item.
 */
import type { AlbumTypeCode } from '../../../protocol/albums/albums';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

/** A stored file: its key in the file store, type and size. */
export interface AlbumFile {
  key: string;
  mime: string;
  bytes: number;
}

export interface AlbumRecord {
  itemId: string;
  anchorId: string;
  type: AlbumTypeCode;
  /** A demo item: a drawn picture and the demo clip, no files. */
  demo: boolean;
  /** The photo, or the video's clip. */
  file: AlbumFile | undefined;
  /** A video's cover picture. */
  cover: AlbumFile | undefined;
  desc: string;
  isPrivate: boolean;
  createdAt: Date;
  /** How many members marked it (album_interest), and whether the viewer asked about is one. */
  interest: number;
  interested: boolean;
}

export interface AlbumUpload {
  uploadId: string;
  anchorId: string;
  kind: 'photo' | 'video';
  file: AlbumFile;
}

interface Row {
  item_id: string;
  anchor_id: string;
  type: unknown;
  demo: boolean;
  file_key: string | null;
  file_mime: string | null;
  file_bytes: unknown;
  cover_key: string | null;
  cover_mime: string | null;
  cover_bytes: unknown;
  file_desc: string;
  is_private: boolean;
  created_at: unknown;
  interest?: unknown;
  interested?: boolean | null;
}

const fileOf = (key: string | null, mime: string | null, bytes: unknown): AlbumFile | undefined =>
  key && mime ? { key, mime, bytes: toInt(bytes ?? 0) } : undefined;

const fromRow = (r: Row): AlbumRecord => ({
  itemId: r.item_id,
  anchorId: r.anchor_id,
  type: toInt(r.type) as AlbumTypeCode,
  demo: r.demo,
  file: fileOf(r.file_key, r.file_mime, r.file_bytes),
  cover: fileOf(r.cover_key, r.cover_mime, r.cover_bytes),
  desc: r.file_desc,
  isPrivate: r.is_private,
  createdAt: toDate(r.created_at),
  interest: toInt(r.interest ?? 0),
  interested: Boolean(r.interested),
});

/** The item's columns, its interest count and whether member $1 is among them. */
const SELECT = `SELECT a.*,
  (SELECT count(*) FROM album_interest i WHERE i.item_id = a.item_id)::int AS interest,
  EXISTS (SELECT 1 FROM album_interest i WHERE i.item_id = a.item_id AND i.member_id = $1) AS interested
  FROM album_items a`;

export interface NewAlbumItem {
  itemId: string;
  anchorId: string;
  type: AlbumTypeCode;
  demo?: boolean;
  file?: AlbumFile;
  cover?: AlbumFile;
  desc: string;
  isPrivate: boolean;
  createdAt?: Date;
}

export function albumsRepository(db: Db) {
  return {
    /** Her items of `type` (0: all), newest first, and how many there are in all. */
    async page(
      anchorId: string,
      type: number,
      start: number,
      step: number,
      viewer: string,
    ): Promise<{ items: AlbumRecord[]; total: number }> {
      const rows = await db.query<Row>(
        `${SELECT} WHERE a.anchor_id = $2 AND ($3::int = 0 OR a.type = $3::int)
         ORDER BY a.created_at DESC, a.item_id DESC OFFSET $4 LIMIT $5`,
        [viewer, anchorId, type, start, step],
      );
      const [count] = await db.query<{ n: unknown }>(
        'SELECT count(*)::int AS n FROM album_items WHERE anchor_id = $1 AND ($2::int = 0 OR type = $2::int)',
        [anchorId, type],
      );
      return { items: rows.map(fromRow), total: toInt(count?.n ?? 0) };
    },

    async find(itemId: string, viewer = ''): Promise<AlbumRecord | undefined> {
      const [row] = await db.query<Row>(`${SELECT} WHERE a.item_id = $2`, [viewer, itemId]);
      return row && fromRow(row);
    },

    async count(anchorId: string): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        'SELECT count(*)::int AS n FROM album_items WHERE anchor_id = $1',
        [anchorId],
      );
      return toInt(row?.n ?? 0);
    },

    /** Adds an item; false when one with this id exists already (a seed rerun). */
    async insert(item: NewAlbumItem): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO album_items (item_id, anchor_id, type, demo, file_key, file_mime, file_bytes,
           cover_key, cover_mime, cover_bytes, file_desc, is_private, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13, now()))
         ON CONFLICT (item_id) DO NOTHING RETURNING item_id`,
        [
          item.itemId,
          item.anchorId,
          item.type,
          item.demo ?? false,
          item.file?.key ?? null,
          item.file?.mime ?? null,
          item.file?.bytes ?? null,
          item.cover?.key ?? null,
          item.cover?.mime ?? null,
          item.cover?.bytes ?? null,
          item.desc,
          item.isPrivate,
          item.createdAt ?? null,
        ],
      );
      return rows.length > 0;
    },

    /** Changes her item's description and/or private flag; undefined when it is not hers. */
    async update(
      itemId: string,
      anchorId: string,
      change: { desc?: string; isPrivate?: boolean },
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE album_items SET file_desc = coalesce($3, file_desc), is_private = coalesce($4, is_private)
         WHERE item_id = $1 AND anchor_id = $2 RETURNING item_id`,
        [itemId, anchorId, change.desc ?? null, change.isPrivate ?? null],
      );
      return rows.length > 0;
    },

    /** Deletes her item and answers it (its files are the caller's to remove), or undefined. */
    async remove(itemId: string, anchorId: string): Promise<AlbumRecord | undefined> {
      const [row] = await db.query<Row>(
        'DELETE FROM album_items WHERE item_id = $1 AND anchor_id = $2 RETURNING *',
        [itemId, anchorId],
      );
      return row && fromRow(row);
    },

    async setInterest(itemId: string, memberId: string, on: boolean): Promise<void> {
      if (on) {
        await db.query(
          'INSERT INTO album_interest (item_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [itemId, memberId],
        );
      } else {
        await db.query('DELETE FROM album_interest WHERE item_id = $1 AND member_id = $2', [
          itemId,
          memberId,
        ]);
      }
    },

    async addUpload(upload: AlbumUpload): Promise<void> {
      await db.query(
        `INSERT INTO album_uploads (upload_id, anchor_id, kind, file_key, mime, bytes)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [upload.uploadId, upload.anchorId, upload.kind, upload.file.key, upload.file.mime, upload.file.bytes],
      );
    },

    /** Takes her waiting upload of `kind` (it leaves the table), or undefined. */
    async takeUpload(uploadId: string, anchorId: string, kind: 'photo' | 'video') {
      const [row] = await db.query<{ file_key: string; mime: string; bytes: unknown }>(
        `DELETE FROM album_uploads WHERE upload_id = $1 AND anchor_id = $2 AND kind = $3
         RETURNING file_key, mime, bytes`,
        [uploadId, anchorId, kind],
      );
      return row ? { key: row.file_key, mime: row.mime, bytes: toInt(row.bytes) } : undefined;
    },

    /** Removes uploads never added since `before` and answers their file keys. */
    async dropStaleUploads(before: Date): Promise<string[]> {
      const rows = await db.query<{ file_key: string }>(
        'DELETE FROM album_uploads WHERE created_at < $1 RETURNING file_key',
        [before],
      );
      return rows.map((r) => r.file_key);
    },
  };
}

export type AlbumsRepository = ReturnType<typeof albumsRepository>;
