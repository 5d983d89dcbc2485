/**
 * Paying for live chat by the minute. Each started minute is paid at its start, in the spend order
 * (protocol/livechat/livechat.ts): the free chat ticket or chat voucher covering it, else a new ticket, else
 * a new voucher, else one chat minute (chatminLedgerRepository.move), else credits (the ledger).
 * The minute is paid inside one transaction that locks the chat's row and records the minute in
 * livechat_charges (primary key chat + minute), with ledger keys livechat:<chat>:<minute>; so every
 * process may tick every open chat (as the live rooms do) and each minute is paid exactly once.
 * A minute nothing can pay ends the chat with -4.
 */
import {
  LIVECHAT_TICKET_MINUTES,
  LIVECHAT_VOUCHER_MINUTES,
  LiveChatCode,
  type LiveChatSource,
} from '../../../protocol/livechat/livechat';
import type { Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';
import { minutesStarted } from '../live';
import { chatminLedgerRepository, ledgerRepository } from '../money';

export interface PaidMinute {
  chatId: string;
  memberId: string;
  anchorId: string;
  minute: number;
  source: LiveChatSource;
  /** His credit (hundredths) and chat minutes after it, when this minute moved them. */
  credit?: number;
  chatmin?: number;
}

export type MinuteOutcome =
  | { status: 'paid'; paid: PaidMinute }
  /** Another process (or an earlier tick) paid it, or the chat is over. */
  | { status: 'skipped' }
  /** Nothing could pay it: the chat ended here with -4. */
  | { status: 'lacking'; chatId: string; memberId: string; anchorId: string };

interface LockedRow {
  member_id: string;
  anchor_id: string;
  rate: unknown;
  minutes_paid: unknown;
  cover_kind: string | null;
  cover_until: unknown;
  ended_at: unknown;
}

const FRESH_TICKET = `used_at IS NULL AND expires_at > now() AND (anchor_id IS NULL OR anchor_id = $2)`;

/** His free chat ticket good with her (the one expiring first), claimed for the chat: its id. */
async function claimTicket(tx: Db, memberId: string, anchorId: string, chatId: string) {
  const [row] = await tx.query<{ ticket_id: string }>(
    `UPDATE livechat_tickets SET used_at = now(), used_chat = $3 WHERE ticket_id = (
       SELECT ticket_id FROM livechat_tickets WHERE user_id = $1 AND ${FRESH_TICKET}
       ORDER BY expires_at, ticket_id LIMIT 1 FOR UPDATE SKIP LOCKED
     ) RETURNING ticket_id`,
    [memberId, anchorId, chatId],
  );
  return row?.ticket_id;
}

/** His chat voucher (the one expiring first), used: its id. */
async function claimChatVoucher(tx: Db, memberId: string) {
  const [row] = await tx.query<{ voucher_id: string }>(
    `UPDATE vouchers SET used_at = now() WHERE voucher_id = (
       SELECT voucher_id FROM vouchers WHERE user_id = $1 AND kind = 'chat'
         AND used_at IS NULL AND expired_at IS NULL AND expires_at > now()
       ORDER BY expires_at, voucher_id LIMIT 1 FOR UPDATE SKIP LOCKED
     ) RETURNING voucher_id`,
    [memberId],
  );
  return row?.voucher_id;
}

/** Pays one minute of one chat, or finds it paid; see the module comment. */
export async function payMinute(db: Db, chatId: string, minute: number, now: Date): Promise<MinuteOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<LockedRow>(
      `SELECT member_id, anchor_id, rate, minutes_paid, cover_kind, cover_until, ended_at
         FROM livechat_sessions WHERE chat_id = $1 FOR UPDATE`,
      [chatId],
    );
    if (!row || row.ended_at || toInt(row.minutes_paid) >= minute) return { status: 'skipped' } as const;
    const { member_id: memberId, anchor_id: anchorId } = row;
    const key = `livechat:${chatId}:${minute}`;
    const paid: PaidMinute = { chatId, memberId, anchorId, minute, source: 'credit' };
    let amount = 0;
    let ref = '';
    let cover: { kind: 'ticket' | 'voucher'; id: string; until: number } | undefined;
    if (row.cover_kind && toInt(row.cover_until) >= minute) {
      paid.source = row.cover_kind as LiveChatSource;
    } else {
      const ticket = await claimTicket(tx, memberId, anchorId, chatId);
      const voucher = ticket ? undefined : await claimChatVoucher(tx, memberId);
      if (ticket) cover = { kind: 'ticket', id: ticket, until: minute + LIVECHAT_TICKET_MINUTES - 1 };
      else if (voucher)
        cover = { kind: 'voucher', id: voucher, until: minute + LIVECHAT_VOUCHER_MINUTES - 1 };
      if (cover) {
        paid.source = cover.kind;
        ref = cover.id;
      } else {
        const chatmin = await chatminLedgerRepository(tx).move({
          userId: memberId,
          delta: -1,
          reason: 'livechat_minute',
          ref: anchorId,
          key,
        });
        if (chatmin.status !== 'insufficient') {
          paid.source = 'chatmin';
          paid.chatmin = chatmin.balance;
          amount = 1;
        } else {
          const rate = toInt(row.rate);
          const moved = await ledgerRepository(tx).move({
            userId: memberId,
            delta: -rate,
            reason: 'livechat_minute',
            ref: chatId,
            payee: anchorId,
            key,
          });
          if (moved.status === 'insufficient') {
            await tx.query('UPDATE livechat_sessions SET ended_at = $2, end_code = $3 WHERE chat_id = $1', [
              chatId,
              now,
              LiveChatCode.NO_MONEY,
            ]);
            return { status: 'lacking', chatId, memberId, anchorId } as const;
          }
          paid.source = 'credit';
          paid.credit = moved.entry.balanceAfter;
          amount = rate;
        }
      }
    }
    await tx.query(
      'INSERT INTO livechat_charges (chat_id, minute, source, amount, ref, at) VALUES ($1, $2, $3, $4, $5, $6)',
      [chatId, minute, paid.source, amount, ref, now],
    );
    await tx.query(
      `UPDATE livechat_sessions SET minutes_paid = $2, last_source = $3,
         cover_kind = COALESCE($4, cover_kind), cover_id = COALESCE($5, cover_id),
         cover_until = GREATEST(cover_until, $6) WHERE chat_id = $1`,
      [chatId, minute, paid.source, cover?.kind ?? null, cover?.id ?? null, cover?.until ?? 0],
    );
    return { status: 'paid', paid } as const;
  });
}

interface OpenRow {
  chat_id: string;
  started_at: unknown;
  minutes_paid: unknown;
}

/** Pays every minute started by `now` of every open chat; what was paid and who ran out. */
export async function payDueMinutes(db: Db, now: number): Promise<MinuteOutcome[]> {
  const rows = await db.query<OpenRow>(
    'SELECT chat_id, started_at, minutes_paid FROM livechat_sessions WHERE ended_at IS NULL',
  );
  const outcomes: MinuteOutcome[] = [];
  for (const row of rows) {
    const due = minutesStarted(new Date(row.started_at as string).getTime(), now);
    for (let minute = toInt(row.minutes_paid) + 1; minute <= due; minute++) {
      const outcome = await payMinute(db, row.chat_id, minute, new Date(now));
      outcomes.push(outcome);
      if (outcome.status !== 'paid') break;
    }
  }
  return outcomes;
}
