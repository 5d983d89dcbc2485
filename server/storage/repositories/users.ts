import type { Db, Repositories, UserRecord } from '../contract';
import { toDate } from './rows';

interface UserRow {
  userid: string;
  role: UserRecord['role'];
  nickname: string;
  password_hash: string;
  photourl: string;
  created_at: unknown;
}

export function usersRepository(db: Db): Repositories['users'] {
  return {
    async find(userid) {
      const [row] = await db.query<UserRow>(
        'SELECT userid, role, nickname, password_hash, photourl, created_at FROM users WHERE userid = $1',
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
      };
    },
  };
}
