/**
 * Premium videos, members' interest in them and their purchases (migration 025). Reads are for one
 * viewer: each row says whether he marked it interesting and whether he bought it. A suspended
 * broadcaster's videos are never listed.
 */
import { ACCOUNT_STATUS_SUSPENDED } from '../../../protocol/constants';
import { ageOn, dateFromIso } from '../../storage/birthday';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface PremiumVideoRecord {
  videoId: string;
  anchorId: string;
  title: string;
  description: string;
  duration: number;
  fileKey: string | null;
  coverKey: string | null;
  isDemo: boolean;
  /** Hundredths of a credit. */
  price: number;
  deleted: boolean;
  createdAt: Date;
  anchorNickname: string;
  anchorAge: number;
  anchorPhotourl: string;
  anchorOnline: boolean;
  anchorSuspended: boolean;
  /** The viewer's marks (false when no viewer was named). */
  interested: boolean;
  bought: boolean;
}

export interface LadyVideoRecord extends PremiumVideoRecord {
  interestCount: number;
  purchaseCount: number;
}

interface Row {
  video_id: string;
  anchor_id: string;
  title: string;
  description: string;
  duration: unknown;
  file_key: string | null;
  cover_key: string | null;
  is_demo: boolean;
  price: unknown;
  status: string;
  created_at: unknown;
  nickname: string;
  photourl: string;
  birthday: string;
  state: string;
  account_status: unknown;
  interested: boolean;
  bought: boolean;
  interest_count?: unknown;
  purchase_count?: unknown;
}

/** $1 is the viewer (member id, or '' for none). */
const SELECT = `SELECT v.video_id, v.anchor_id, v.title, v.description, v.duration, v.file_key, v.cover_key,
  v.is_demo, v.price, v.status, v.created_at, u.nickname, u.photourl,
  to_char(a.birthday, 'YYYY-MM-DD') AS birthday, a.state, a.account_status,
  EXISTS (SELECT 1 FROM premium_video_interests i WHERE i.video_id = v.video_id AND i.member_id = $1) AS interested,
  EXISTS (SELECT 1 FROM premium_video_purchases p WHERE p.video_id = v.video_id AND p.member_id = $1) AS bought
  FROM premium_videos v JOIN anchors a ON a.userid = v.anchor_id JOIN users u ON u.userid = v.anchor_id`;

const LISTED = `v.status = 'listed' AND a.account_status <> ${ACCOUNT_STATUS_SUSPENDED}`;

function fromRow(row: Row, now = new Date()): PremiumVideoRecord {
  return {
    videoId: row.video_id,
    anchorId: row.anchor_id,
    title: row.title,
    description: row.description,
    duration: toInt(row.duration),
    fileKey: row.file_key,
    coverKey: row.cover_key,
    isDemo: row.is_demo,
    price: toInt(row.price),
    deleted: row.status === 'deleted',
    createdAt: toDate(row.created_at),
    anchorNickname: row.nickname,
    anchorAge: ageOn(dateFromIso(row.birthday), now),
    anchorPhotourl: row.photourl,
    anchorOnline: row.state !== 'offline',
    anchorSuspended: toInt(row.account_status) === ACCOUNT_STATUS_SUSPENDED,
    interested: Boolean(row.interested),
    bought: Boolean(row.bought),
  };
}

export interface NewPremiumVideo {
  videoId: string;
  anchorId: string;
  title: string;
  description: string;
  duration: number;
  fileKey: string | null;
  coverKey: string | null;
  isDemo: boolean;
  price: number;
  createdAt?: Date;
}

export function premiumVideosRepository(db: Db) {
  const count = async (sql: string, params: unknown[]) =>
    toInt((await db.query<{ n: unknown }>(sql, params))[0]?.n ?? 0);

  return {
    /** One video as `viewer` sees it, whatever its status (the domain decides who may see it). */
    async get(videoId: string, viewer: string, options: { lock?: boolean } = {}) {
      const rows = await db.query<Row>(
        `${SELECT} WHERE v.video_id = $2${options.lock ? ' FOR SHARE OF v' : ''}`,
        [viewer, videoId],
      );
      return rows[0] && fromRow(rows[0]);
    },

    /** Her listed videos, newest first (a suspended broadcaster's: none). */
    async byAnchor(anchorId: string, viewer: string, limit: number) {
      const rows = await db.query<Row>(
        `${SELECT} WHERE v.anchor_id = $2 AND ${LISTED} ORDER BY v.created_at DESC, v.video_id DESC LIMIT $3`,
        [viewer, anchorId, limit],
      );
      return rows.map((r) => fromRow(r));
    },

    /** Every listed video, newest first, and how many there are. */
    async listed(viewer: string, start: number, step: number) {
      const rows = await db.query<Row>(
        `${SELECT} WHERE ${LISTED} ORDER BY v.created_at DESC, v.video_id DESC LIMIT $2 OFFSET $3`,
        [viewer, step, start],
      );
      const total = await count(
        `SELECT count(*) AS n FROM premium_videos v JOIN anchors a ON a.userid = v.anchor_id WHERE ${LISTED}`,
        [],
      );
      return { list: rows.map((r) => fromRow(r)), total };
    },

    /**
     * The member's own list: what he bought (even if deleted since) and what he marked interesting
     * (while listed), by his latest mark.
     */
    async mine(memberId: string, start: number, step: number) {
      const mine = `(SELECT video_id, created_at FROM premium_video_purchases WHERE member_id = $1
          UNION ALL SELECT video_id, created_at FROM premium_video_interests WHERE member_id = $1)`;
      const keep = `(EXISTS (SELECT 1 FROM premium_video_purchases p WHERE p.video_id = v.video_id AND p.member_id = $1)
          OR ${LISTED})`;
      const rows = await db.query<Row>(
        `${SELECT} JOIN (SELECT video_id, max(created_at) AS at FROM ${mine} m GROUP BY video_id) m
           ON m.video_id = v.video_id
         WHERE ${keep} ORDER BY m.at DESC, v.video_id DESC LIMIT $2 OFFSET $3`,
        [memberId, step, start],
      );
      const total = await count(
        `SELECT count(*) AS n FROM premium_videos v JOIN anchors a ON a.userid = v.anchor_id
         WHERE v.video_id IN (SELECT video_id FROM ${mine} m) AND ${keep}`,
        [memberId],
      );
      return { list: rows.map((r) => fromRow(r)), total };
    },

    /** Her own videos that are not deleted, with counts of interest and purchases. */
    async ofLady(anchorId: string): Promise<LadyVideoRecord[]> {
      const rows = await db.query<Row>(
        `SELECT s.*,
           (SELECT count(*) FROM premium_video_interests i WHERE i.video_id = s.video_id) AS interest_count,
           (SELECT count(*) FROM premium_video_purchases p WHERE p.video_id = s.video_id) AS purchase_count
         FROM (${SELECT} WHERE v.anchor_id = $2 AND v.status = 'listed') s
         ORDER BY s.created_at DESC, s.video_id DESC`,
        ['', anchorId],
      );
      return rows.map((r) => ({
        ...fromRow(r),
        interestCount: toInt(r.interest_count ?? 0),
        purchaseCount: toInt(r.purchase_count ?? 0),
      }));
    },

    async insert(v: NewPremiumVideo): Promise<void> {
      await db.query(
        `INSERT INTO premium_videos (video_id, anchor_id, title, description, duration, file_key, cover_key,
           is_demo, price, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, now()))
         ON CONFLICT (video_id) DO NOTHING`,
        [
          v.videoId,
          v.anchorId,
          v.title,
          v.description,
          v.duration,
          v.fileKey,
          v.coverKey,
          v.isDemo,
          v.price,
          v.createdAt?.toISOString() ?? null,
        ],
      );
    },

    /** Whether a stored file already belongs to a video. */
    async keyUsed(key: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM premium_videos WHERE file_key = $1 OR cover_key = $1', [
        key,
      ]);
      return rows.length > 0;
    },

    async edit(videoId: string, anchorId: string, title: string, description: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE premium_videos SET title = $3, description = $4
         WHERE video_id = $1 AND anchor_id = $2 AND status = 'listed' RETURNING video_id`,
        [videoId, anchorId, title, description],
      );
      return rows.length > 0;
    },

    /** Marks her video deleted; answers how many members bought it, or undefined when it is not hers. */
    async markDeleted(videoId: string, anchorId: string): Promise<number | undefined> {
      const rows = await db.query(
        `UPDATE premium_videos SET status = 'deleted', deleted_at = now()
         WHERE video_id = $1 AND anchor_id = $2 AND status = 'listed' RETURNING video_id`,
        [videoId, anchorId],
      );
      if (rows.length === 0) return undefined;
      return count('SELECT count(*) AS n FROM premium_video_purchases WHERE video_id = $1', [videoId]);
    },

    async setInterested(videoId: string, memberId: string, on: boolean): Promise<void> {
      await db.query(
        on
          ? 'INSERT INTO premium_video_interests (video_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
          : 'DELETE FROM premium_video_interests WHERE video_id = $1 AND member_id = $2',
        [videoId, memberId],
      );
    },

    /** Records a purchase; false when he had bought it already. */
    async insertPurchase(videoId: string, memberId: string, price: number): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO premium_video_purchases (video_id, member_id, price) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING video_id`,
        [videoId, memberId, price],
      );
      return rows.length > 0;
    },

    /** The member's premium_video privilege flag. */
    async memberMayBuy(memberId: string): Promise<boolean> {
      const [row] = await db.query<{ p: string | null }>(
        "SELECT priv ->> 'premium_video' AS p FROM members WHERE userid = $1",
        [memberId],
      );
      return row?.p === '1';
    },
  };
}

export type PremiumVideosRepository = ReturnType<typeof premiumVideosRepository>;
