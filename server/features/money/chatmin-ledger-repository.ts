/**
 * The chat-minute ledger (migration 021): the one way a member's chat minutes should move, as the
 * credit ledger is for credits. A move changes members.chatmin and writes its row in the caller's
 * transaction, once per key, never below zero. Today only the opening balance is written (by the
 * migration's trigger); live chat, when it spends minutes, moves them here.
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface ChatminMove {
  userId: string;
  /** Minutes: negative spent, positive granted. Never 0. */
  delta: number;
  reason: string;
  ref: string;
  /** Unique per action; a repeat with the same key moves nothing. */
  key: string;
}

export interface ChatminEntry {
  id: number;
  at: Date;
  reason: string;
  ref: string;
  delta: number;
  balanceAfter: number;
  /** The broadcaster the ref names, when it names one. */
  anchorId: string;
  anchorNickname: string;
}

export type ChatminMoveResult =
  | { status: 'moved' | 'duplicate'; balance: number }
  | { status: 'insufficient'; balance: number };

interface Row {
  id: unknown;
  at: unknown;
  reason: string;
  ref: string;
  delta: unknown;
  balance_after: unknown;
  anchor_id: string | null;
  nickname: string | null;
}

export function chatminLedgerRepository(db: Db) {
  return {
    /** Must run inside a transaction: the member's row lock serialises his moves. */
    async move(move: ChatminMove): Promise<ChatminMoveResult> {
      if (!Number.isSafeInteger(move.delta) || move.delta === 0) {
        throw new Error(`chatmin ledger: delta must be a nonzero integer, got ${move.delta}`);
      }
      const [member] = await db.query<{ chatmin: unknown }>(
        'SELECT chatmin FROM members WHERE userid = $1 FOR UPDATE',
        [move.userId],
      );
      if (!member) throw new Error(`chatmin ledger: no member ${move.userId}`);
      const balance = toInt(member.chatmin);
      const [earlier] = await db.query<{ balance_after: unknown }>(
        'SELECT balance_after FROM chatmin_ledger WHERE idem_key = $1',
        [move.key],
      );
      if (earlier) return { status: 'duplicate', balance: toInt(earlier.balance_after) };
      if (balance + move.delta < 0) return { status: 'insufficient', balance };
      await db.query('UPDATE members SET chatmin = chatmin + $2 WHERE userid = $1', [
        move.userId,
        move.delta,
      ]);
      await db.query(
        `INSERT INTO chatmin_ledger (user_id, delta, balance_after, reason, ref, idem_key)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [move.userId, move.delta, balance + move.delta, move.reason, move.ref, move.key],
      );
      return { status: 'moved', balance: balance + move.delta };
    },

    /** One page of his moves, newest first. */
    async page(userId: string, start: number, step: number): Promise<ChatminEntry[]> {
      const rows = await db.query<Row>(
        `SELECT c.id, c.at, c.reason, c.ref, c.delta, c.balance_after, u.userid AS anchor_id, u.nickname
         FROM chatmin_ledger c LEFT JOIN users u ON u.role = 'lady' AND u.userid = c.ref
         WHERE c.user_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3`,
        [userId, step, start],
      );
      return rows.map((r) => ({
        id: toInt(r.id),
        at: toDate(r.at),
        reason: r.reason,
        ref: r.ref,
        delta: toInt(r.delta),
        balanceAfter: toInt(r.balance_after),
        anchorId: r.anchor_id ?? '',
        anchorNickname: r.nickname ?? '',
      }));
    },
  };
}
