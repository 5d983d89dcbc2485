/**
 * The credit ledger: the one way shows, tickets and bookings move a member's credit. A move changes
 * members.credit and writes its ledger row in the caller's transaction, keyed by an idempotency key
 * that is unique in the table, so the same action never moves money twice and a balance never goes
 * below zero (the move is refused, and the members CHECK would refuse it anyway).
 *
 * Call it with a transaction handle (`db.transaction((tx) => ledgerRepository(tx).move(...))`)
 * together with the row that records the action (the ticket, the booking), so a crash between the
 * two loses nothing: both are written or neither.
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { assertPayable } from './payee';

export interface LedgerMove {
  userId: string;
  /** Hundredths of a credit: negative charges, positive refunds. Never 0. */
  delta: number;
  /** What kind of move: 'ticket', 'ticket_refund', 'booking_deposit', 'booking_refund', ... */
  reason: string;
  /** The show, booking or other thing the move is about. */
  ref: string;
  /**
   * The broadcaster a charge pays (null: nobody, e.g. a refund); a suspended one cannot be paid. The
   * row keeps her as its `earner`; a refund's earner is the charge's it gives back (same ref).
   */
  payee: string | null;
  /** Unique per action, e.g. `ticket:LS3001:M1001`; a repeat with the same key moves nothing. */
  key: string;
}

export interface LedgerEntry {
  id: number;
  userId: string;
  delta: number;
  balanceAfter: number;
  reason: string;
  ref: string;
  key: string;
  at: Date;
}

export type MoveResult =
  | { status: 'moved'; entry: LedgerEntry }
  /** This key moved money before: nothing changed now; `entry` is the earlier move. */
  | { status: 'duplicate'; entry: LedgerEntry }
  /** The charge is larger than the balance: nothing changed. */
  | { status: 'insufficient'; balance: number };

interface LedgerRow {
  id: unknown;
  user_id: string;
  delta: unknown;
  balance_after: unknown;
  reason: string;
  ref: string;
  idem_key: string;
  at: unknown;
}

const COLUMNS = 'id, user_id, delta, balance_after, reason, ref, idem_key, at';

const fromRow = (row: LedgerRow): LedgerEntry => ({
  id: toInt(row.id),
  userId: row.user_id,
  delta: toInt(row.delta),
  balanceAfter: toInt(row.balance_after),
  reason: row.reason,
  ref: row.ref,
  key: row.idem_key,
  at: toDate(row.at),
});

export function ledgerRepository(db: Db) {
  async function byKey(key: string): Promise<LedgerEntry | undefined> {
    const [row] = await db.query<LedgerRow>(`SELECT ${COLUMNS} FROM ledger WHERE idem_key = $1`, [key]);
    return row && fromRow(row);
  }

  return {
    byKey,

    /**
     * Moves credit once per key. Must run inside a transaction (pass the transaction's handle): the
     * balance update takes the member's row lock, so concurrent moves of one member serialise.
     */
    async move(move: LedgerMove): Promise<MoveResult> {
      if (!Number.isSafeInteger(move.delta) || move.delta === 0) {
        throw new Error(`ledger: delta must be a nonzero integer, got ${move.delta}`);
      }
      // Lock the member first: two moves with one key then meet here, and the second sees the first.
      const [member] = await db.query<{ credit: unknown }>(
        'SELECT credit FROM members WHERE userid = $1 FOR UPDATE',
        [move.userId],
      );
      if (!member) throw new Error(`ledger: no member ${move.userId}`);
      await assertPayable(db, move.payee, move.delta);
      const earlier = await byKey(move.key);
      if (earlier) return { status: 'duplicate', entry: earlier };
      const balance = toInt(member.credit);
      if (balance + move.delta < 0) return { status: 'insufficient', balance };
      await db.query('UPDATE members SET credit = credit + $2 WHERE userid = $1', [move.userId, move.delta]);
      const [row] = await db.query<LedgerRow>(
        `INSERT INTO ledger (user_id, delta, balance_after, reason, ref, idem_key, earner)
         VALUES ($1, $2, $3, $4, $5, $6, COALESCE($7::text, CASE WHEN $2 > 0 AND $5 <> '' THEN
           (SELECT e.earner FROM ledger e WHERE e.ref = $5 AND e.earner IS NOT NULL ORDER BY e.id LIMIT 1) END))
         RETURNING ${COLUMNS}`,
        [move.userId, move.delta, balance + move.delta, move.reason, move.ref, move.key, move.payee],
      );
      if (!row) throw new Error('ledger: insert returned nothing');
      return { status: 'moved', entry: fromRow(row) };
    },

    /** A member's moves, newest first. */
    async history(userId: string, limit = 50): Promise<LedgerEntry[]> {
      const rows = await db.query<LedgerRow>(
        `SELECT ${COLUMNS} FROM ledger WHERE user_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
        [userId, limit],
      );
      return rows.map(fromRow);
    },

    /** Every move about one thing (a show's tickets, a booking's deposit), oldest first. */
    async forRef(ref: string): Promise<LedgerEntry[]> {
      const rows = await db.query<LedgerRow>(`SELECT ${COLUMNS} FROM ledger WHERE ref = $1 ORDER BY id`, [
        ref,
      ]);
      return rows.map(fromRow);
    },

    /** The sum of a member's moves: with the seeded opening balance it must equal members.credit. */
    async total(userId: string): Promise<number> {
      const [row] = await db.query<{ total: unknown }>(
        'SELECT COALESCE(SUM(delta), 0) AS total FROM ledger WHERE user_id = $1',
        [userId],
      );
      return toInt(row?.total ?? 0);
    },
  };
}

export type LedgerRepository = ReturnType<typeof ledgerRepository>;
