/** Phone verification rows (migration 006): the verified phone and the code being verified. */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface PhoneRecord {
  country: string;
  areaCode: string;
  phoneNo: string;
}

export interface PhoneCodeRecord extends PhoneRecord {
  codeHash: string;
  sentAt: Date;
  expiresAt: Date;
  windowStart: Date;
  sends: number;
  failures: number;
  blockedUntil: Date | null;
}

interface CodeRow {
  country: string;
  area_code: string;
  phone_no: string;
  code_hash: string;
  sent_at: unknown;
  expires_at: unknown;
  window_start: unknown;
  sends: unknown;
  failures: unknown;
  blocked_until: unknown;
}

export function phonesRepository(db: Db) {
  return {
    /** Serialises one member's verification steps (call inside a transaction). */
    async lock(userId: string): Promise<void> {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('glimmer:phone:' || $1))`, [userId]);
    },

    async verified(userId: string): Promise<PhoneRecord | undefined> {
      const [row] = await db.query<{ country: string; area_code: string; phone_no: string }>(
        'SELECT country, area_code, phone_no FROM member_phones WHERE user_id = $1',
        [userId],
      );
      return row && { country: row.country, areaCode: row.area_code, phoneNo: row.phone_no };
    },

    async ownerOf(areaCode: string, phoneNo: string): Promise<string | undefined> {
      const [row] = await db.query<{ user_id: string }>(
        'SELECT user_id FROM member_phones WHERE area_code = $1 AND phone_no = $2',
        [areaCode, phoneNo],
      );
      return row?.user_id;
    },

    async code(userId: string): Promise<PhoneCodeRecord | undefined> {
      const [row] = await db.query<CodeRow>('SELECT * FROM phone_codes WHERE user_id = $1', [userId]);
      if (!row) return undefined;
      return {
        country: row.country,
        areaCode: row.area_code,
        phoneNo: row.phone_no,
        codeHash: row.code_hash,
        sentAt: toDate(row.sent_at),
        expiresAt: toDate(row.expires_at),
        windowStart: toDate(row.window_start),
        sends: toInt(row.sends),
        failures: toInt(row.failures),
        blockedUntil: row.blocked_until == null ? null : toDate(row.blocked_until),
      };
    },

    async saveCode(userId: string, c: PhoneCodeRecord): Promise<void> {
      await db.query(
        `INSERT INTO phone_codes (user_id, country, area_code, phone_no, code_hash, sent_at, expires_at,
           window_start, sends, failures, blocked_until) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (user_id) DO UPDATE SET country = $2, area_code = $3, phone_no = $4, code_hash = $5,
           sent_at = $6, expires_at = $7, window_start = $8, sends = $9, failures = $10, blocked_until = $11`,
        [
          userId,
          c.country,
          c.areaCode,
          c.phoneNo,
          c.codeHash,
          c.sentAt,
          c.expiresAt,
          c.windowStart,
          c.sends,
          c.failures,
          c.blockedUntil,
        ],
      );
    },

    async deleteCode(userId: string): Promise<void> {
      await db.query('DELETE FROM phone_codes WHERE user_id = $1', [userId]);
    },

    /** Records the verified phone (replacing an earlier one); the number's unique index guards races. */
    async setVerified(userId: string, p: PhoneRecord): Promise<void> {
      await db.query(
        `INSERT INTO member_phones (user_id, country, area_code, phone_no) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET country = $2, area_code = $3, phone_no = $4, verified_at = now()`,
        [userId, p.country, p.areaCode, p.phoneNo],
      );
    },
  };
}

export type PhonesRepository = ReturnType<typeof phonesRepository>;
