import { ACCOUNT_STATUS_SUSPENDED } from '../../../protocol/constants';
import type { Db, Repositories, UserRecord } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

interface UserRow {
  userid: string;
  role: UserRecord['role'];
  nickname: string;
  password_hash: string;
  photourl: string;
  created_at: unknown;
  account_status: unknown;
}

export function usersRepository(db: Db): Repositories['users'] {
  return {
    async find(userid) {
      const [row] = await db.query<UserRow>(
        `SELECT u.userid, u.role, u.nickname, u.password_hash, u.photourl, u.created_at, a.account_status
         FROM users u LEFT JOIN anchors a ON a.userid = u.userid WHERE u.userid = $1`,
        [userid],
      );
      if (!row) return undefined;
      return {
        userid: row.userid,
        role: row.role,
        nickname: row.nickname,
        passwordHash: row.password_hash,
        photourl: row.photourl,
        createdAt: toDate(row.created_at),
        suspended: row.account_status != null && toInt(row.account_status) === ACCOUNT_STATUS_SUSPENDED,
      };
    },
    async setPasswordHash(userid, hash) {
      await db.query('UPDATE users SET password_hash = $2 WHERE userid = $1', [userid, hash]);
    },
    async setAccountStatus(userid, status) {
      const rows = await db.query(
        'UPDATE anchors SET account_status = $2 WHERE userid = $1 RETURNING userid',
        [userid, status],
      );
      return rows.length > 0;
    },
  };
}
