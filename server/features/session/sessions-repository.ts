import { createHash } from 'node:crypto';
import type { Db, Repositories, SessionRecord } from '../../storage/contract';
import { toDate } from '../../storage/rows';

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
  /** Notes which browser and address a new session is (the account's list of devices). */
  describe(sessionId: string, userAgent: string, address: string): Promise<void>;
  /** His live sessions, newest first (server/features/account lists them as devices). */
  listFor(userid: string): Promise<SessionListing[]>;
  /** Ends one session of his by its id hash; returns whether it was there. */
  deleteHash(userid: string, idHash: string): Promise<boolean>;
};

export interface SessionListing {
  idHash: string;
  userAgent: string;
  address: string;
  createdAt: Date;
}

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
    async describe(sessionId, userAgent, address) {
      await db.query('UPDATE sessions SET user_agent = $2, address = $3 WHERE id_hash = $1', [
        sessionIdHash(sessionId),
        userAgent,
        address,
      ]);
    },
    async listFor(userid) {
      const rows = await db.query<{
        id_hash: string;
        user_agent: string;
        address: string;
        created_at: unknown;
      }>(
        `SELECT id_hash, user_agent, address, created_at FROM sessions
         WHERE userid = $1 AND expires_at > now() ORDER BY created_at DESC`,
        [userid],
      );
      return rows.map((r) => ({
        idHash: r.id_hash,
        userAgent: r.user_agent,
        address: r.address,
        createdAt: toDate(r.created_at),
      }));
    },
    async deleteHash(userid, idHash) {
      const rows = await db.query(
        'DELETE FROM sessions WHERE userid = $1 AND id_hash = $2 RETURNING id_hash',
        [userid, idHash],
      );
      return rows.length > 0;
    },
    async deleteExpired(now = new Date()) {
      const rows = await db.query('DELETE FROM sessions WHERE expires_at <= $1 RETURNING id_hash', [now]);
      return rows.length;
    },
  };
}
