/** Failed logins (migrations 001, 016), counted per account and kind, and per address. */
import type { Db, FailureCount, Repositories } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

interface CountRow {
  n: unknown;
  last: unknown;
}

const counted = (row: CountRow | undefined): FailureCount => ({
  count: toInt(row?.n ?? 0),
  last: row?.last == null ? undefined : toDate(row.last),
});

export function loginFailuresRepository(db: Db): Repositories['loginFailures'] {
  return {
    async record(userid, address, trusted) {
      await db.query('INSERT INTO login_failures (userid, address, trusted) VALUES ($1, $2, $3)', [
        userid,
        address,
        trusted,
      ]);
    },
    async forAccount(userid, trusted, since) {
      const [row] = await db.query<CountRow>(
        `SELECT count(*)::int AS n, max(at) AS last FROM login_failures
         WHERE userid = $1 AND trusted = $2 AND at >= $3`,
        [userid, trusted, since],
      );
      return counted(row);
    },
    async forAddress(address, since) {
      const [row] = await db.query<CountRow>(
        'SELECT count(*)::int AS n, max(at) AS last FROM login_failures WHERE address = $1 AND at >= $2',
        [address, since],
      );
      return counted(row);
    },
    async clear(userid, trusted) {
      if (trusted === undefined) await db.query('DELETE FROM login_failures WHERE userid = $1', [userid]);
      else await db.query('DELETE FROM login_failures WHERE userid = $1 AND trusted = $2', [userid, trusted]);
    },
    async deleteBefore(before) {
      await db.query('DELETE FROM login_failures WHERE at < $1', [before]);
    },
  };
}
