/**
 * Around the profile: a broadcaster's friends (anchor_friends, migration 026), broadcasters like
 * her, ranked recommendations, and what ties a member to a broadcaster. Suspended accounts
 * (account_status 3) are never returned or counted.
 */
import { SIMILAR_AGE_BAND } from '../../../protocol/anchor-profile/around';
import type { AnchorRecord, Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';
import { type AnchorRow, anchorFromRow, SELECT_ANCHORS } from '../discover';

const SUSPENDED = 3;
/** Broadcasters on air first: a friend or a recommendation one can reach now is worth more. */
const ONLINE_FIRST = `(a.state = 'offline'), a.hot_score DESC, a.userid`;

export interface Relation {
  isFollow: boolean;
  experience: number;
  inContacts: boolean;
  sayHiSent: boolean;
}

export function aroundRepository(db: Db) {
  const list = async (sql: string, params: unknown[]) =>
    (await db.query<AnchorRow>(sql, params)).map((row) => anchorFromRow(row));

  return {
    /**
     * Her friends, online first, then by hot score, paged; with how many she has in all. The
     * profile's My Friends and the hang-out friend layer (getHangoutFriends) read this one list.
     */
    async friends(
      anchorId: string,
      page: { start: number; step: number },
    ): Promise<{ rows: AnchorRecord[]; total: number }> {
      const rows = await list(
        `${SELECT_ANCHORS} JOIN anchor_friends f ON f.friend_id = a.userid
         WHERE f.anchor_id = $1 AND a.account_status <> $2
         ORDER BY ${ONLINE_FIRST} OFFSET $3 LIMIT $4`,
        [anchorId, SUSPENDED, page.start, page.step],
      );
      const [count] = await db.query<{ n: unknown }>(
        `SELECT count(*)::int AS n FROM anchor_friends f JOIN anchors a ON a.userid = f.friend_id
         WHERE f.anchor_id = $1 AND a.account_status <> $2`,
        [anchorId, SUSPENDED],
      );
      return { rows, total: toInt(count?.n ?? 0) };
    },

    /** Makes two broadcasters friends (both directions); a pair already friends stays as it is. */
    async befriend(anchorId: string, friendId: string): Promise<void> {
      await db.query(
        `INSERT INTO anchor_friends (anchor_id, friend_id) VALUES ($1, $2), ($2, $1)
         ON CONFLICT (anchor_id, friend_id) DO NOTHING`,
        [anchorId, friendId],
      );
    },

    /**
     * Broadcasters online now who are like her: the same country first, then an age within
     * SIMILAR_AGE_BAND years of hers, then by hot score. Never her.
     */
    similarOnline(anchorId: string, num: number): Promise<AnchorRecord[]> {
      return list(
        `${SELECT_ANCHORS} CROSS JOIN (SELECT country, birthday FROM anchors WHERE userid = $1) h
         WHERE a.userid <> $1 AND a.state <> 'offline' AND a.account_status <> $2
         ORDER BY (a.country = h.country) DESC,
           (abs(a.birthday - h.birthday) <= $3 * 366) DESC,
           a.hot_score DESC, a.userid
         LIMIT $4`,
        [anchorId, SUSPENDED, SIMILAR_AGE_BAND, num],
      );
    },

    /**
     * Every visible broadcaster but those in `exclude`, online first then by hot score; only those
     * online now with `onlineOnly`, and none `notFollowedBy` follows when given.
     */
    ranked(options: {
      exclude: string[];
      onlineOnly: boolean;
      num: number;
      notFollowedBy?: string;
    }): Promise<AnchorRecord[]> {
      return list(
        `${SELECT_ANCHORS}
         WHERE a.account_status <> $1 AND NOT (a.userid = ANY($2::text[]))
           AND ($3::boolean IS FALSE OR a.state <> 'offline')
           AND ($4::text IS NULL OR NOT EXISTS (
             SELECT 1 FROM follows fo WHERE fo.member_id = $4 AND fo.anchor_id = a.userid))
         ORDER BY ${ONLINE_FIRST} LIMIT $5`,
        [SUSPENDED, options.exclude, options.onlineOnly, options.notFollowedBy ?? null, options.num],
      );
    },

    /** Whether the member has any contact (Intimacy experience with a visible broadcaster). */
    async hasContacts(memberId: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM intimacy i JOIN anchors a ON a.userid = i.anchor_id
         WHERE i.member_id = $1 AND a.account_status <> $2 LIMIT 1`,
        [memberId, SUSPENDED],
      );
      return rows.length > 0;
    },

    /** Follow, Intimacy, contact and Say Hi between a member and a broadcaster, in one read. */
    async relation(memberId: string, anchorId: string): Promise<Relation> {
      const [row] = await db.query<Record<string, unknown>>(
        `SELECT
           EXISTS (SELECT 1 FROM follows WHERE member_id = $1 AND anchor_id = $2) AS is_follow,
           (SELECT experience FROM intimacy WHERE member_id = $1 AND anchor_id = $2) AS experience,
           EXISTS (SELECT 1 FROM say_hi WHERE member_id = $1 AND anchor_id = $2) AS sayhi_sent`,
        [memberId, anchorId],
      );
      return {
        isFollow: Boolean(row?.is_follow),
        experience: row?.experience == null ? 0 : toInt(row.experience),
        inContacts: row?.experience != null,
        sayHiSent: Boolean(row?.sayhi_sent),
      };
    },
  };
}

export type AroundRepository = ReturnType<typeof aroundRepository>;
