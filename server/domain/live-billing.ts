/**
 * Paying for live rooms by the minute. A session is one member in one room; each started minute is
 * charged at its start through the ledger with the key live:<session>:<minute>, so a retry or a
 * second process ticking the same session never charges twice, and a balance never goes below
 * zero. Every process ticks every open session: whichever gets there first charges, the other
 * finds the ledger row. A minute that cannot be paid ends the session with lackCredit.
 */
import { BILLING_MINUTE_MS } from '../../protocol/live';
import { BROADCAST_VOUCHER_MINUTES } from '../../protocol/vouchers';
import type { Db } from '../storage/contract';
import { ledgerRepository } from '../storage/repositories/ledger';
import { toInt } from '../storage/repositories/rows';
import { claimRoomVoucher } from '../storage/repositories/vouchers';

export interface SessionStart {
  sessionId: string;
  memberId: string;
  anchorId: string;
  roomId: string;
  roomType: number;
  /** Hundredths of a credit per started minute; 0 is free. */
  rate: number;
  /** Minutes already paid (a booking's deposit covers the first 5 of a One-on-One). */
  prepaidMinutes?: number;
  /** Pay the first minutes with a broadcast voucher for the room type, if he still holds one. */
  voucher?: boolean;
}

export type Charged = { memberId: string; balance: number };

export type OpenResult =
  | { status: 'open'; charged?: Charged; voucherId?: string; prepaidMinutes: number }
  | { status: 'insufficient' };

export interface TickResult {
  /** Balances after this tick's charges, for the header and the low-credit warning. */
  charged: Charged[];
  /** Sessions that could not pay their next minute: ended here with lackCredit. */
  lacking: { sessionId: string; memberId: string; roomId: string }[];
}

interface OpenRow {
  session_id: string;
  member_id: string;
  anchor_id: string;
  room_id: string;
  rate: unknown;
  prepaid_minutes: unknown;
  started_at: unknown;
  minutes_paid: unknown;
}

/** Minutes started by `now` (the first counts from the start). */
export const minutesStarted = (startedAt: number, now: number) =>
  Math.max(1, Math.floor((now - startedAt) / BILLING_MINUTE_MS) + 1);

export class LiveBilling {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A member enters: his first minute is paid now (by credits, or his voucher pays the first
   * BROADCAST_VOUCHER_MINUTES), or he does not get in.
   */
  async open(start: SessionStart): Promise<OpenResult> {
    const startedAt = new Date(this.now());
    return this.db
      .transaction(async (tx) => {
        let prepaid = start.prepaidMinutes ?? 0;
        const voucherId =
          start.voucher && start.rate > 0 && prepaid === 0
            ? await claimRoomVoucher(tx, start.memberId, start.roomType)
            : undefined;
        if (voucherId) prepaid = BROADCAST_VOUCHER_MINUTES;
        await tx.query(
          `INSERT INTO live_sessions (session_id, member_id, anchor_id, room_id, room_type, rate,
             prepaid_minutes, started_at, minutes_paid, voucher_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            start.sessionId,
            start.memberId,
            start.anchorId,
            start.roomId,
            start.roomType,
            start.rate,
            prepaid,
            startedAt,
            start.rate === 0 ? 0 : Math.max(prepaid, 1),
            voucherId ?? null,
          ],
        );
        if (start.rate === 0 || prepaid >= 1)
          return { status: 'open', voucherId, prepaidMinutes: prepaid } as const;
        const charge = await this.chargeMinute(
          tx,
          start.sessionId,
          start.memberId,
          start.anchorId,
          start.rate,
          1,
        );
        if (charge.status === 'insufficient') throw new NotEnoughCredit();
        const charged = { memberId: start.memberId, balance: charge.balance };
        return { status: 'open', charged, prepaidMinutes: 0 } as const;
      })
      .catch((error: unknown) => {
        if (error instanceof NotEnoughCredit) return { status: 'insufficient' } as const;
        throw error;
      });
  }

  /** Charges every open paid session's minutes that have started; ends those that cannot pay. */
  async tick(): Promise<TickResult> {
    const now = this.now();
    const rows = await this.db.query<OpenRow>(
      `SELECT session_id, member_id, anchor_id, room_id, rate, prepaid_minutes, started_at, minutes_paid
         FROM live_sessions WHERE ended_at IS NULL AND rate > 0`,
    );
    const result: TickResult = { charged: [], lacking: [] };
    for (const row of rows) {
      const due = minutesStarted(new Date(row.started_at as string).getTime(), now);
      for (let minute = toInt(row.minutes_paid) + 1; minute <= due; minute++) {
        const paid = await this.db.transaction(async (tx) => {
          const charge = await this.chargeMinute(
            tx,
            row.session_id,
            row.member_id,
            row.anchor_id,
            toInt(row.rate),
            minute,
          );
          if (charge.status === 'insufficient') {
            const ended = await tx.query(
              `UPDATE live_sessions SET ended_at = $2, end_status = 'lackCredit'
                WHERE session_id = $1 AND ended_at IS NULL RETURNING session_id`,
              [row.session_id, new Date(now)],
            );
            return ended.length > 0 ? 'lacking' : 'over';
          }
          await tx.query(
            'UPDATE live_sessions SET minutes_paid = GREATEST(minutes_paid, $2) WHERE session_id = $1',
            [row.session_id, minute],
          );
          if (charge.status === 'moved')
            result.charged.push({ memberId: row.member_id, balance: charge.balance });
          return 'paid';
        });
        if (paid === 'lacking')
          result.lacking.push({ sessionId: row.session_id, memberId: row.member_id, roomId: row.room_id });
        if (paid !== 'paid') break;
      }
    }
    return result;
  }

  /** Hundredths her room's visitors paid for minutes started since `since` (prepaid ones were paid before). */
  async earned(anchorId: string, roomId: string, since: Date): Promise<number> {
    const [row] = await this.db.query<{ earned: unknown }>(
      `SELECT COALESCE(SUM(rate * GREATEST(minutes_paid - prepaid_minutes, 0)), 0) AS earned
         FROM live_sessions WHERE anchor_id = $1 AND room_id = $2 AND started_at >= $3`,
      [anchorId, roomId, since],
    );
    return toInt(row?.earned ?? 0);
  }

  /** His session in that room that has not ended (a reload resumes it rather than paying again). */
  async openSession(memberId: string, roomId: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ session_id: string }>(
      `SELECT session_id FROM live_sessions WHERE member_id = $1 AND room_id = $2 AND ended_at IS NULL
        ORDER BY started_at DESC LIMIT 1`,
      [memberId, roomId],
    );
    return row?.session_id;
  }

  /** The session ends (he left, she ended, the network went); later minutes are not charged. */
  async close(sessionId: string, status: string): Promise<void> {
    await this.db.query(
      `UPDATE live_sessions SET ended_at = $2, end_status = $3 WHERE session_id = $1 AND ended_at IS NULL`,
      [sessionId, new Date(this.now()), status],
    );
  }

  private async chargeMinute(
    tx: Db,
    sessionId: string,
    memberId: string,
    anchorId: string,
    rate: number,
    minute: number,
  ): Promise<{ status: 'moved' | 'duplicate'; balance: number } | { status: 'insufficient' }> {
    const moved = await ledgerRepository(tx).move({
      userId: memberId,
      delta: -rate,
      reason: 'live_minute',
      ref: sessionId,
      payee: anchorId,
      key: `live:${sessionId}:${minute}`,
    });
    if (moved.status === 'insufficient') return { status: 'insufficient' };
    return { status: moved.status, balance: moved.entry.balanceAfter };
  }
}

class NotEnoughCredit extends Error {}
