import type { Db, Repositories } from '../../storage/contract';

export function followsRepository(db: Db): Repositories['follows'] {
  return {
    async followed(memberId, anchorIds) {
      if (anchorIds.length === 0) return new Set();
      const rows = await db.query<{ anchor_id: string }>(
        'SELECT anchor_id FROM follows WHERE member_id = $1 AND anchor_id = ANY($2::text[])',
        [memberId, anchorIds],
      );
      return new Set(rows.map((row) => row.anchor_id));
    },
    /** Throws (foreign key) when either id is unknown; callers check the anchor first. */
    async set(memberId, anchorId, follow) {
      if (follow) {
        await db.query(
          'INSERT INTO follows (member_id, anchor_id) VALUES ($1, $2) ON CONFLICT (member_id, anchor_id) DO NOTHING',
          [memberId, anchorId],
        );
      } else {
        await db.query('DELETE FROM follows WHERE member_id = $1 AND anchor_id = $2', [memberId, anchorId]);
      }
    },
  };
}
