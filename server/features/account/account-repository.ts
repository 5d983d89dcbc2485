/** The account tables (033_accounts.sql) and the account columns of users. */
import { deleteFile } from '../../files/images';
import type { FileStore } from '../../files/index';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import type { LinkPurpose } from './link-tokens';

export interface AccountRow {
  userid: string;
  role: 'man' | 'lady';
  nickname: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string;
  deleted: boolean;
}

export interface TokenRow {
  userid: string;
  purpose: LinkPurpose;
  email: string;
  usedAt: Date | undefined;
}

export interface NewMember {
  email: string;
  passwordHash: string;
  nickname: string;
  /** The privileges a new free member holds (members.priv). */
  priv: unknown;
  photourl: (userid: string) => string;
}

export function accountRepository(db: Db) {
  return {
    /** Creates users and members rows for a new member, with his next 'M' id. */
    async createMember(m: NewMember): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<{ n: unknown }>(`SELECT nextval('member_number') AS n`);
        const userid = `M${toInt(row?.n)}`;
        await tx.query(
          `INSERT INTO users (userid, role, nickname, password_hash, photourl, email, email_verified)
           VALUES ($1, 'man', $2, $3, $4, $5, false)`,
          [userid, m.nickname, m.passwordHash, m.photourl(userid), m.email],
        );
        await tx.query('INSERT INTO members (userid, priv) VALUES ($1, $2::jsonb)', [
          userid,
          JSON.stringify(m.priv),
        ]);
        return userid;
      });
    },

    async idByEmail(email: string): Promise<string | undefined> {
      const [row] = await db.query<{ userid: string }>(
        'SELECT userid FROM users WHERE email = $1 AND deleted_at IS NULL',
        [email],
      );
      return row?.userid;
    },

    async find(userid: string): Promise<AccountRow | undefined> {
      const [row] = await db.query<{
        userid: string;
        role: 'man' | 'lady';
        nickname: string;
        email: string | null;
        email_verified: boolean;
        password_hash: string;
        deleted_at: unknown;
      }>(
        `SELECT userid, role, nickname, email, email_verified, password_hash, deleted_at
         FROM users WHERE userid = $1`,
        [userid],
      );
      if (!row) return undefined;
      return {
        userid: row.userid,
        role: row.role,
        nickname: row.nickname,
        email: row.email ?? '',
        emailVerified: row.email_verified,
        passwordHash: row.password_hash,
        deleted: row.deleted_at != null,
      };
    },

    /** Marks the email verified, only while it is still his address. */
    async markVerified(userid: string, email: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE users SET email_verified = true WHERE userid = $1 AND email = $2 RETURNING userid',
        [userid, email],
      );
      return rows.length > 0;
    },

    /** Replaces his email with a confirmed one. */
    async setVerifiedEmail(userid: string, email: string): Promise<void> {
      await db.query('UPDATE users SET email = $2, email_verified = true WHERE userid = $1', [userid, email]);
    },

    async saveToken(hash: string, userid: string, purpose: LinkPurpose, email: string, expiresAt: Date) {
      await db.query(
        `INSERT INTO account_tokens (token_hash, userid, purpose, email, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [hash, userid, purpose, email, expiresAt],
      );
    },

    async findToken(hash: string): Promise<TokenRow | undefined> {
      const [row] = await db.query<{ userid: string; purpose: LinkPurpose; email: string; used_at: unknown }>(
        'SELECT userid, purpose, email, used_at FROM account_tokens WHERE token_hash = $1',
        [hash],
      );
      if (!row) return undefined;
      return {
        userid: row.userid,
        purpose: row.purpose,
        email: row.email,
        usedAt: row.used_at == null ? undefined : toDate(row.used_at),
      };
    },

    /** Spends a token; false when another request spent it first. */
    async useToken(hash: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE account_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING userid',
        [hash],
      );
      return rows.length > 0;
    },

    /** Spends every open token of his for these purposes (a new password, a deleted account). */
    async useAllTokens(userid: string, purposes: LinkPurpose[]): Promise<void> {
      await db.query(
        `UPDATE account_tokens SET used_at = now()
         WHERE userid = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL`,
        [userid, purposes],
      );
    },

    /** How many links of these purposes he was sent since `since`, and when the last went. */
    async sentSince(userid: string, purposes: LinkPurpose[], since: Date) {
      const [row] = await db.query<{ n: unknown; last: unknown }>(
        `SELECT count(*) AS n, max(created_at) AS last FROM account_tokens
         WHERE userid = $1 AND purpose = ANY($2::text[]) AND created_at > $3`,
        [userid, purposes, since],
      );
      return { count: toInt(row?.n ?? 0), last: row?.last == null ? undefined : toDate(row.last) };
    },

    /** The address waiting for its change-of-email link ('' when none). */
    async pendingEmail(userid: string): Promise<string> {
      const [row] = await db.query<{ email: string }>(
        `SELECT email FROM account_tokens WHERE userid = $1 AND purpose = 'change' AND used_at IS NULL
           AND expires_at > now() ORDER BY created_at DESC LIMIT 1`,
        [userid],
      );
      return row?.email ?? '';
    },

    async countEvents(kind: string, key: string, since: Date): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        'SELECT count(*) AS n FROM account_limits WHERE kind = $1 AND key = $2 AND at > $3',
        [kind, key, since],
      );
      return toInt(row?.n ?? 0);
    },

    async recordEvent(kind: string, key: string): Promise<void> {
      await db.query('INSERT INTO account_limits (kind, key) VALUES ($1, $2)', [kind, key]);
    },

    /** Past the longest window nothing counts any more. */
    async forgetEventsBefore(before: Date): Promise<void> {
      await db.query('DELETE FROM account_limits WHERE at < $1', [before]);
      await db.query('DELETE FROM signup_challenges_used WHERE expires_at < now()');
    },

    /** Marks a proof-of-work challenge spent; false when it was spent already. */
    async spendChallenge(hash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO signup_challenges_used (challenge_hash, expires_at) VALUES ($1, $2)
         ON CONFLICT (challenge_hash) DO NOTHING RETURNING challenge_hash`,
        [hash, expiresAt],
      );
      return rows.length > 0;
    },

    /**
     * Deletes an account as far as the ledger allows: the users and members rows stay (balances are
     * the ledger's sums, and his ledger rows point at them) but hold nothing personal; he can no
     * longer sign in (no password hash verifies '!'). Other features' personal data (follows, phone,
     * push subscriptions) go through the erasers services.ts hands the account service.
     */
    async anonymise(userid: string, nickname: string, photourl: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(
          `UPDATE users SET nickname = $2, email = NULL, email_verified = false, password_hash = '!deleted',
             photourl = $3, deleted_at = now() WHERE userid = $1`,
          [userid, nickname, photourl],
        );
        await tx.query(`UPDATE account_tokens SET used_at = now() WHERE userid = $1 AND used_at IS NULL`, [
          userid,
        ]);
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;

/**
 * A deleted member's rows in other features' tables that hold nothing the books need: whom he
 * follows (broadcasters' follower lists), his phone, his profile and settings, his push
 * subscriptions. Raw SQL across features, in one place, because those features offer no bulk
 * removal; services.ts hands it to the account service as an eraser.
 */
export function personalRowsEraser(db: Db): (userid: string) => Promise<void> {
  const tables: [table: string, column: string][] = [
    ['follows', 'member_id'],
    ['show_follows', 'member_id'],
    ['member_phones', 'user_id'],
    ['phone_codes', 'user_id'],
    ['member_profiles', 'userid'],
    ['member_settings', 'userid'],
    ['push_subscriptions', 'user_id'],
    // Which broadcasters' online alerts he got lately (push-server/repeats.ts).
    ['alert_repeats', 'user_id'],
    // The broadcasters he blocked (his reports stay for the trust team).
    ['safety_blocks', 'member_id'],
  ];
  return async (userid) => {
    await db.transaction(async (tx) => {
      for (const [table, column] of tables) {
        const [exists] = await tx.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [table]);
        if (exists?.t) await tx.query(`DELETE FROM ${table} WHERE ${column} = $1`, [userid]);
      }
    });
  };
}

/**
 * A deleted member's own pictures in the file store: his profile photo and the screenshots he sent
 * customer care. Run before the rows that name them go (personalRowsEraser).
 */
export function personalFilesEraser(db: Db, files: FileStore): (userid: string) => Promise<void> {
  const keys: [table: string, sql: string][] = [
    ['member_profiles', "SELECT photo_key AS key FROM member_profiles WHERE userid = $1 AND photo_key <> ''"],
    [
      'care_messages',
      `SELECT m.screenshot_key AS key FROM care_messages m JOIN care_threads t ON t.id = m.thread_id
        WHERE t.member_id = $1 AND m.author = 'member' AND m.screenshot_key IS NOT NULL`,
    ],
  ];
  return async (userid) => {
    for (const [table, sql] of keys) {
      const [exists] = await db.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [table]);
      if (!exists?.t) continue;
      const rows = await db.query<{ key: string | null }>(sql, [userid]);
      for (const { key } of rows) if (key) await deleteFile(files, key);
    }
  };
}
