/**
 * Intimacy awards: one row per interaction that earns experience (table intimacy_awards, keyed by
 * member, broadcaster and the interaction's key). An award's experience only grows; the growth is
 * added to the pair's intimacy row in the same transaction. The row is created first and then
 * locked, so two processes awarding the same key at once add its experience once.
 */
import type { Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';

export interface Awarded {
  /** Experience with her before and after this award (equal when it was counted already). */
  before: number;
  after: number;
}

export interface IntimacyRepository {
  /** Raises the award `key` to `experience` (never lowers it) and adds the difference. */
  award(
    memberId: string,
    anchorId: string,
    key: string,
    source: string,
    experience: number,
  ): Promise<Awarded>;
  /** Who she is, for the level-up notice. */
  anchorCard(anchorId: string): Promise<{ nickname: string; photourl: string } | undefined>;
}

export function intimacyRepository(db: Db): IntimacyRepository {
  return {
    award(memberId, anchorId, key, source, experience) {
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO intimacy_awards (member_id, anchor_id, award_key, source) VALUES ($1, $2, $3, $4)
           ON CONFLICT (member_id, anchor_id, award_key) DO NOTHING`,
          [memberId, anchorId, key, source],
        );
        const [award] = await tx.query<{ experience: unknown }>(
          `SELECT experience FROM intimacy_awards
            WHERE member_id = $1 AND anchor_id = $2 AND award_key = $3 FOR UPDATE`,
          [memberId, anchorId, key],
        );
        const [current] = await tx.query<{ experience: unknown }>(
          'SELECT experience FROM intimacy WHERE member_id = $1 AND anchor_id = $2',
          [memberId, anchorId],
        );
        const before = toInt(current?.experience ?? 0);
        const gain = experience - toInt(award?.experience ?? 0);
        if (gain <= 0) return { before, after: before };
        await tx.query(
          `UPDATE intimacy_awards SET experience = $4, updated_at = now()
            WHERE member_id = $1 AND anchor_id = $2 AND award_key = $3`,
          [memberId, anchorId, key, experience],
        );
        const [row] = await tx.query<{ experience: unknown }>(
          `INSERT INTO intimacy (member_id, anchor_id, experience) VALUES ($1, $2, $3)
           ON CONFLICT (member_id, anchor_id)
           DO UPDATE SET experience = intimacy.experience + $3, updated_at = now()
           RETURNING experience`,
          [memberId, anchorId, gain],
        );
        return { before, after: toInt(row?.experience ?? before + gain) };
      });
    },
    async anchorCard(anchorId) {
      const [row] = await db.query<{ nickname: string; photourl: string }>(
        'SELECT nickname, photourl FROM users WHERE userid = $1',
        [anchorId],
      );
      return row;
    },
  };
}
