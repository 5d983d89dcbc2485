import { createHash } from 'node:crypto';
import type { Db, Repositories, SessionRecord } from '../contract';
import { toDate } from './rows';

/** Only this hash is stored, so the table cannot be replayed as cookies. */
export function sessionIdHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

interface SessionRow {
  userid: string;
  role: SessionRecord['role'];
  expires_at: unknown;
}

export type SessionsRepository = Repositories['sessions'] & {
  /** Removes expired sessions; returns how many went. Added by storage for housekeeping. */
  deleteExpired(now?: Date): Promise<number>;
  /** Ends every other session of the user (a login elsewhere); returns how many went. */
  deleteOthers(userid: string, keepSessionId: string): Promise<number>;
  /** Ends every session of the user (a suspension); returns how many went. */
  deleteAll(userid: string): Promise<number>;
  /** Whether a live session has this id hash (a socket token carries the hash). */
  existsHash(idHash: string): Promise<boolean>;
};

export function sessionsRepository(db: Db): SessionsRepository {
  return {
    async create(sessionId, userid, role, expiresAt) {
      await db.query('INSERT INTO sessions (id_hash, userid, role, expires_at) VALUES ($1, $2, $3, $4)', [
        sessionIdHash(sessionId),
        userid,
        role,
        expiresAt,
      ]);
    },
    /** An expired session is not found, whether or not it was cleaned up yet. */
    async find(sessionId) {
      const [row] = await db.query<SessionRow>(
        'SELECT userid, role, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
        [sessionIdHash(sessionId)],
      );
      if (!row) return undefined;
      return { userid: row.userid, role: row.role, expiresAt: toDate(row.expires_at) };
    },
    async delete(sessionId) {
      const [row] = await db.query<{ userid: string }>(
        'DELETE FROM sessions WHERE id_hash = $1 RETURNING userid',
        [sessionIdHash(sessionId)],
      );
      return row?.userid;
    },
    async deleteOthers(userid, keepSessionId) {
      const rows = await db.query(
        'DELETE FROM sessions WHERE userid = $1 AND id_hash <> $2 RETURNING id_hash',
        [userid, sessionIdHash(keepSessionId)],
      );
      return rows.length;
    },
    async deleteAll(userid) {
      const rows = await db.query('DELETE FROM sessions WHERE userid = $1 RETURNING id_hash', [userid]);
      return rows.length;
    },
    async existsHash(idHash) {
      const rows = await db.query('SELECT 1 FROM sessions WHERE id_hash = $1 AND expires_at > now()', [
        idHash,
      ]);
      return rows.length > 0;
    },
    async deleteExpired(now = new Date()) {
      const rows = await db.query('DELETE FROM sessions WHERE expires_at <= $1 RETURNING id_hash', [now]);
      return rows.length;
    },
  };
}
