import type { Db, Repositories } from '../contract';
import { toInt } from './rows';

export function loginFailuresRepository(db: Db): Repositories['loginFailures'] {
  return {
    async record(userid, address) {
      await db.query('INSERT INTO login_failures (userid, address) VALUES ($1, $2)', [userid, address]);
    },
    async count(userid, address, since) {
      const [row] = await db.query<{ n: unknown }>(
        'SELECT count(*)::int AS n FROM login_failures WHERE (userid = $1 OR address = $2) AND at >= $3',
        [userid, address, since],
      );
      return toInt(row?.n ?? 0);
    },
    async clear(userid) {
      await db.query('DELETE FROM login_failures WHERE userid = $1', [userid]);
    },
  };
}
