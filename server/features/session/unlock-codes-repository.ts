/** Codes that lift a locked login (migration 016): one row per account while a code is out. */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface UnlockCode {
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  /** Codes sent for this lock. */
  sends: number;
  /** Wrong entries of the current code. */
  failures: number;
}

interface Row {
  code_hash: string;
  sent_at: unknown;
  expires_at: unknown;
  sends: unknown;
  failures: unknown;
}

export function unlockCodesRepository(db: Db) {
  return {
    /** Serialises one account's unlock steps until the transaction ends. */
    async lock(userid: string): Promise<void> {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('glimmer:unlock:' || $1))`, [userid]);
    },
    async find(userid: string): Promise<UnlockCode | undefined> {
      const [row] = await db.query<Row>(
        'SELECT code_hash, sent_at, expires_at, sends, failures FROM login_unlock_codes WHERE userid = $1',
        [userid],
      );
      return (
        row && {
          codeHash: row.code_hash,
          sentAt: toDate(row.sent_at),
          expiresAt: toDate(row.expires_at),
          sends: toInt(row.sends),
          failures: toInt(row.failures),
        }
      );
    },
    async save(userid: string, c: UnlockCode): Promise<void> {
      await db.query(
        `INSERT INTO login_unlock_codes (userid, code_hash, sent_at, expires_at, sends, failures)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (userid) DO UPDATE SET code_hash = $2, sent_at = $3, expires_at = $4, sends = $5,
           failures = $6`,
        [userid, c.codeHash, c.sentAt, c.expiresAt, c.sends, c.failures],
      );
    },
    async delete(userid: string): Promise<void> {
      await db.query('DELETE FROM login_unlock_codes WHERE userid = $1', [userid]);
    },
  };
}
