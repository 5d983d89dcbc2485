/**
 * Say Hi rows (migration 010). Sending runs in one transaction with the member row locked, so two
 * sends of one member serialise: the checks (17404/17407/17408), the voucher use and the insert
 * either all happen or none.
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { notBlocked } from '../safety';

export interface SayHiRecord {
  sayId: string;
  memberId: string;
  memberNickname: string;
  anchorId: string;
  anchorNickname: string;
  anchorPhotourl: string;
  greeting: number;
  theme: number;
  sentAt: Date;
  response: string | null;
  respondedAt: Date | null;
  readAt: Date | null;
}

export type SayHiFilter = 'all' | 'wait' | 'data';

interface Row {
  say_id: string;
  member_id: string;
  member_nickname: string;
  anchor_id: string;
  anchor_nickname: string;
  anchor_photourl: string;
  greeting: unknown;
  theme: unknown;
  sent_at: unknown;
  response: string | null;
  responded_at: unknown;
  read_at: unknown;
}

const SELECT = `SELECT s.say_id, s.member_id, mu.nickname AS member_nickname, s.anchor_id,
  au.nickname AS anchor_nickname, au.photourl AS anchor_photourl, s.greeting, s.theme, s.sent_at,
  s.response, s.responded_at, s.read_at
  FROM say_hi s JOIN users mu ON mu.userid = s.member_id JOIN users au ON au.userid = s.anchor_id`;

const fromRow = (r: Row): SayHiRecord => ({
  sayId: r.say_id,
  memberId: r.member_id,
  memberNickname: r.member_nickname,
  anchorId: r.anchor_id,
  anchorNickname: r.anchor_nickname,
  anchorPhotourl: r.anchor_photourl,
  greeting: toInt(r.greeting),
  theme: toInt(r.theme),
  sentAt: toDate(r.sent_at),
  response: r.response,
  respondedAt: r.responded_at ? toDate(r.responded_at) : null,
  readAt: r.read_at ? toDate(r.read_at) : null,
});

const FILTER: Record<SayHiFilter, string> = {
  all: '',
  wait: 'AND s.responded_at IS NULL',
  data: 'AND s.responded_at IS NOT NULL',
};

/** A broadcaster he blocks leaves his Say Hi list. */
const VISIBLE = notBlocked('s.member_id', 's.anchor_id');

export interface SayHiTarget {
  anchorId: string;
  nickname: string;
  photourl: string;
  /** account_status 1 is active (3 is suspended, spec 002 §2). */
  active: boolean;
  /** A demo broadcaster that answers by herself (anchors.is_robot from migration 009, when present). */
  robot: boolean;
}

export function sayHiRepository(db: Db) {
  return {
    /** The broadcaster a Say Hi would go to; undefined when the id is not a broadcaster. */
    async target(anchorId: string): Promise<SayHiTarget | undefined> {
      // to_jsonb reads is_robot without naming the column, so this does not depend on 009's shape.
      const [row] = await db.query<{
        userid: string;
        nickname: string;
        photourl: string;
        account_status: unknown;
        robot: string | null;
      }>(
        `SELECT u.userid, u.nickname, u.photourl, a.account_status, to_jsonb(a) ->> 'is_robot' AS robot
         FROM anchors a JOIN users u ON u.userid = a.userid WHERE a.userid = $1`,
        [anchorId],
      );
      if (!row) return undefined;
      return {
        anchorId: row.userid,
        nickname: row.nickname,
        photourl: row.photourl,
        active: toInt(row.account_status) === 1,
        robot: row.robot === 'true',
      };
    },

    /** Locks the member row: the sends of one member run one at a time. */
    async lockMember(memberId: string): Promise<void> {
      await db.query('SELECT userid FROM members WHERE userid = $1 FOR UPDATE', [memberId]);
    },

    async existing(memberId: string, anchorId: string): Promise<string | undefined> {
      const [row] = await db.query<{ say_id: string }>(
        'SELECT say_id FROM say_hi WHERE member_id = $1 AND anchor_id = $2',
        [memberId, anchorId],
      );
      return row?.say_id;
    },

    async counts(memberId: string): Promise<{ wait: number; unread: number }> {
      const [row] = await db.query<{ wait: unknown; unread: unknown }>(
        `SELECT count(*) FILTER (WHERE responded_at IS NULL) AS wait,
                count(*) FILTER (WHERE responded_at IS NOT NULL AND read_at IS NULL) AS unread
         FROM say_hi WHERE member_id = $1`,
        [memberId],
      );
      return { wait: toInt(row?.wait ?? 0), unread: toInt(row?.unread ?? 0) };
    },

    async insert(s: {
      sayId: string;
      memberId: string;
      anchorId: string;
      greeting: number;
      theme: number;
    }): Promise<void> {
      await db.query(
        'INSERT INTO say_hi (say_id, member_id, anchor_id, greeting, theme) VALUES ($1, $2, $3, $4, $5)',
        [s.sayId, s.memberId, s.anchorId, s.greeting, s.theme],
      );
      // fansi_info.used_sayhi counts the Say Hi he has sent.
      await db.query('UPDATE members SET used_sayhi = used_sayhi + 1 WHERE userid = $1', [s.memberId]);
    },

    async list(
      memberId: string,
      filter: SayHiFilter,
      start: number,
      step: number,
    ): Promise<{ list: SayHiRecord[]; total: number }> {
      const rows = await db.query<Row>(
        `${SELECT} WHERE s.member_id = $1 ${FILTER[filter]} AND ${VISIBLE}
         ORDER BY coalesce(s.responded_at, s.sent_at) DESC, s.say_id DESC LIMIT $2 OFFSET $3`,
        [memberId, step, start],
      );
      const [count] = await db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM say_hi s WHERE s.member_id = $1 ${FILTER[filter]} AND ${VISIBLE}`,
        [memberId],
      );
      return { list: rows.map(fromRow), total: toInt(count?.n ?? 0) };
    },

    async get(sayId: string): Promise<SayHiRecord | undefined> {
      const [row] = await db.query<Row>(`${SELECT} WHERE s.say_id = $1`, [sayId]);
      return row ? fromRow(row) : undefined;
    },

    /** Marks the response read (once); answers whether this call did it. */
    async markRead(sayId: string, memberId: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE say_hi SET read_at = now()
         WHERE say_id = $1 AND member_id = $2 AND responded_at IS NOT NULL AND read_at IS NULL
         RETURNING say_id`,
        [sayId, memberId],
      );
      return rows.length > 0;
    },

    /** Records her answer once; false when it was answered already (or is not hers). */
    async respond(sayId: string, anchorId: string, response: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE say_hi SET response = $3, responded_at = now()
         WHERE say_id = $1 AND anchor_id = $2 AND responded_at IS NULL RETURNING say_id`,
        [sayId, anchorId, response],
      );
      return rows.length > 0;
    },

    /** A member's Say Hi to demo broadcasters still unanswered after `ms` (a restart lost the timer). */
    async overdueDemo(memberId: string, ms: number): Promise<{ sayId: string; anchorId: string }[]> {
      const rows = await db.query<{ say_id: string; anchor_id: string }>(
        `SELECT s.say_id, s.anchor_id FROM say_hi s JOIN anchors a ON a.userid = s.anchor_id
         WHERE s.member_id = $1 AND s.responded_at IS NULL AND to_jsonb(a) ->> 'is_robot' = 'true'
           AND s.sent_at < now() - $2 * interval '1 millisecond'`,
        [memberId, ms],
      );
      return rows.map((r) => ({ sayId: r.say_id, anchorId: r.anchor_id }));
    },

    /** The broadcaster's Say Hi, open ones first. */
    async forAnchor(anchorId: string, limit: number): Promise<SayHiRecord[]> {
      const rows = await db.query<Row>(
        `${SELECT} WHERE s.anchor_id = $1
         ORDER BY (s.responded_at IS NULL) DESC, s.sent_at DESC, s.say_id DESC LIMIT $2`,
        [anchorId, limit],
      );
      return rows.map(fromRow);
    },
  };
}

export type SayHiRepository = ReturnType<typeof sayHiRepository>;
