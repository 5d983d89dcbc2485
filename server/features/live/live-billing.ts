/**
 * Paying for live rooms by the minute. A session is one member in one room; each started minute is
 * charged at its start through the ledger with the key live:<session>:<minute>, so a retry or a
 * second process ticking the same session never charges twice, and a balance never goes below
 * zero. Every process ticks every open session: whichever gets there first charges, the other
 * finds the ledger row. A minute that cannot be paid ends the session with lackCredit.
 *
 * A member has one open session per room (a unique index): opening it again, from another window or
 * process, resumes it. Sessions open one at a time per room (an advisory lock), so a premium room's
 * seats are counted in the database and its cap holds across processes. The minutes a request or a
 * booking paid ahead belong to its room: each visit gets what earlier visits left of them.
 */
import { BILLING_MINUTE_MS } from '../../../protocol/live/live';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { ledgerRepository } from '../money';
import { claimRoomVoucher } from '../vouchers';
import { liveSessionsRepository } from './live-sessions-repository';

export interface SessionStart {
  sessionId: string;
  memberId: string;
  anchorId: string;
  roomId: string;
  roomType: number;
  /** Hundredths of a credit per started minute; 0 is free. */
  rate: number;
  /** Minutes paid ahead for this room, for all his visits together (a booking's deposit covers the
   * first 5 of a One-on-One): this visit gets what earlier ones left. */
  prepaidMinutes?: number;
  /** Pay the first minutes with a broadcast voucher for the room type, if he still holds one. */
  voucher?: boolean;
  /** At most this many members in the room (a premium room's seats). */
  cap?: number;
}

/** One member's visit to one of her rooms, with the whole minutes he has spent in it. */
export interface Visit {
  sessionId: string;
  memberId: string;
  anchorId: string;
  roomType: number;
  rate: number;
  minutes: number;
}

export type Charged = { memberId: string; balance: number; sessionId: string; roomId: string };

export type OpenResult =
  | {
      status: 'open';
      /** His open session in the room: this one, or the one another window opened first. */
      sessionId: string;
      charged?: Charged;
      voucherId?: string;
      prepaidMinutes: number;
    }
  | { status: 'insufficient' | 'full' };

export interface OpenSession {
  sessionId: string;
  prepaidMinutes: number;
}

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
  away_since: unknown;
}

/** Who went away from a session: him (his tab), or her (her One-on-One connection). */
export type AwaySide = 'member' | 'anchor';

/** Minutes started by `now` (the first counts from the start). */
export const minutesStarted = (startedAt: number, now: number) =>
  Math.max(1, Math.floor((now - startedAt) / BILLING_MINUTE_MS) + 1);

export class LiveBilling {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A member enters: his first minute is paid now (by what was paid ahead, by credits, or his
   * voucher pays the first BROADCAST_VOUCHER_MINUTES), or he does not get in. His session already
   * open in the room is resumed instead, paying nothing.
   */
  async open(start: SessionStart): Promise<OpenResult> {
    const startedAt = new Date(this.now());
    return this.db
      .transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`live:${start.roomId}`]);
        const open = await openSessionIn(tx, start.memberId, start.roomId);
        if (open) return { status: 'open', ...open } as const;
        if (start.cap !== undefined) {
          const [taken] = await tx.query<{ n: unknown }>(
            'SELECT count(*) AS n FROM live_sessions WHERE room_id = $1 AND ended_at IS NULL',
            [start.roomId],
          );
          if (toInt(taken?.n ?? 0) >= start.cap) return { status: 'full' } as const;
        }
        let prepaid = await prepaidLeftIn(tx, start.memberId, start.roomId, start.prepaidMinutes ?? 0);
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
        const sessionId = start.sessionId;
        if (start.rate === 0 || prepaid >= 1)
          return { status: 'open', sessionId, voucherId, prepaidMinutes: prepaid } as const;
        const charge = await this.chargeMinute(
          tx,
          start.sessionId,
          start.memberId,
          start.anchorId,
          start.rate,
          1,
        );
        if (charge.status === 'insufficient') throw new NotEnoughCredit();
        const charged = {
          memberId: start.memberId,
          balance: charge.balance,
          sessionId,
          roomId: start.roomId,
        };
        return { status: 'open', sessionId, charged, prepaidMinutes: 0 } as const;
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
      `SELECT session_id, member_id, anchor_id, room_id, rate, prepaid_minutes, started_at, minutes_paid,
              away_since
         FROM live_sessions WHERE ended_at IS NULL AND rate > 0`,
    );
    const result: TickResult = { charged: [], lacking: [] };
    for (const row of rows) {
      // While a side is away, a minute starting after it left waits: it is charged only if he (or
      // she) comes back within the grace (back), never if the session ends there (close).
      const until = row.away_since ? Math.min(now, toDate(row.away_since).getTime()) : now;
      const due = minutesStarted(toDate(row.started_at).getTime(), until);
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
            result.charged.push({
              memberId: row.member_id,
              balance: charge.balance,
              sessionId: row.session_id,
              roomId: row.room_id,
            });
          return 'paid';
        });
        if (paid === 'lacking')
          result.lacking.push({ sessionId: row.session_id, memberId: row.member_id, roomId: row.room_id });
        if (paid !== 'paid') break;
      }
    }
    return result;
  }

  /**
   * Every visit open now or ended within `recentMs`, with its whole minutes so far (to its end):
   * what the room minutes earn in Intimacy (server/features/intimacy). Free rooms' visits too.
   */
  async visits(recentMs: number): Promise<Visit[]> {
    const now = this.now();
    const rows = await this.db.query<{
      session_id: string;
      member_id: string;
      anchor_id: string;
      room_type: unknown;
      rate: unknown;
      started_at: unknown;
      ended_at: unknown;
    }>(
      `SELECT session_id, member_id, anchor_id, room_type, rate, started_at, ended_at FROM live_sessions
        WHERE ended_at IS NULL OR ended_at >= $1`,
      [new Date(now - recentMs)],
    );
    return rows.map((r) => {
      const end = r.ended_at ? toDate(r.ended_at).getTime() : now;
      return {
        sessionId: r.session_id,
        memberId: r.member_id,
        anchorId: r.anchor_id,
        roomType: toInt(r.room_type),
        rate: toInt(r.rate),
        minutes: Math.max(
          0,
          Math.floor((Math.min(end, now) - toDate(r.started_at).getTime()) / BILLING_MINUTE_MS),
        ),
      };
    });
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

  /** Hundredths his visit has really cost so far, per the ledger (live-sessions-repository.ts). */
  spent(sessionId: string): Promise<number> {
    return liveSessionsRepository(this.db).spentIn(sessionId);
  }

  /** His session in that room that has not ended (a reload resumes it rather than paying again). */
  openSession(memberId: string, roomId: string): Promise<OpenSession | undefined> {
    return openSessionIn(this.db, memberId, roomId);
  }

  /** The clock moved on `ms` (a minute) for his open visits (TEST_CLOCK only): how many there were. */
  async shiftMinute(memberId: string, ms = BILLING_MINUTE_MS): Promise<number> {
    const rows = await this.db.query(
      `UPDATE live_sessions SET started_at = started_at - $2 * interval '1 millisecond'
        WHERE member_id = $1 AND ended_at IS NULL RETURNING session_id`,
      [memberId, ms],
    );
    return rows.length;
  }

  /** Who has an open session in the room (its seats taken). */
  async membersIn(roomId: string): Promise<string[]> {
    const rows = await this.db.query<{ member_id: string }>(
      'SELECT member_id FROM live_sessions WHERE room_id = $1 AND ended_at IS NULL',
      [roomId],
    );
    return rows.map((r) => r.member_id);
  }

  /** What is left of the `granted` minutes paid ahead for his room once his earlier visits used theirs. */
  prepaidLeft(memberId: string, roomId: string, granted: number): Promise<number> {
    return prepaidLeftIn(this.db, memberId, roomId, granted);
  }

  /**
   * The session ends (he left, she ended, the network went); later minutes are not charged. A
   * session someone was away from ends when they went: the grace is not billed.
   */
  async close(sessionId: string, status: string): Promise<void> {
    await this.db.query(
      `UPDATE live_sessions SET ended_at = COALESCE(away_since, $2), end_status = $3
        WHERE session_id = $1 AND ended_at IS NULL`,
      [sessionId, new Date(this.now()), status],
    );
  }

  /** `side` went away from the session: minutes starting from now wait for it to come back. */
  async away(sessionId: string, side: AwaySide): Promise<void> {
    await this.db.query(
      `UPDATE live_sessions SET away_since = $2, away_side = $3
        WHERE session_id = $1 AND ended_at IS NULL AND away_since IS NULL`,
      [sessionId, new Date(this.now()), side],
    );
  }

  /**
   * `side` came back within the grace. His return bills the grace as usual; hers moves the session's
   * start on by the time she was away, so he pays nothing for time without her.
   */
  async back(sessionId: string, side: AwaySide): Promise<void> {
    await this.db.query(
      `UPDATE live_sessions
          SET started_at = started_at + CASE WHEN $3 = 'anchor' THEN $2::timestamptz - away_since
                                             ELSE interval '0' END,
              away_since = NULL, away_side = NULL
        WHERE session_id = $1 AND ended_at IS NULL AND away_side = $3::text`,
      [sessionId, new Date(this.now()), side],
    );
  }

  /**
   * The grace ran out: the session ends at the time its side went, unless that side came back
   * meanwhile (on any process). True when it ended here.
   */
  async endAway(sessionId: string, status: string): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE live_sessions SET ended_at = away_since, end_status = $2
        WHERE session_id = $1 AND ended_at IS NULL AND away_since IS NOT NULL RETURNING session_id`,
      [sessionId, status],
    );
    return rows.length > 0;
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

/** His session in the room that has not ended, if any. */
export async function openSessionIn(
  db: Db,
  memberId: string,
  roomId: string,
): Promise<OpenSession | undefined> {
  const [row] = await db.query<{ session_id: string; prepaid_minutes: unknown }>(
    `SELECT session_id, prepaid_minutes FROM live_sessions
      WHERE member_id = $1 AND room_id = $2 AND ended_at IS NULL`,
    [memberId, roomId],
  );
  return row && { sessionId: row.session_id, prepaidMinutes: toInt(row.prepaid_minutes) };
}

/** An ended visit used the prepaid minutes it started (each counts whole); a voucher's are not these. */
async function prepaidLeftIn(db: Db, memberId: string, roomId: string, granted: number): Promise<number> {
  if (granted <= 0) return 0;
  const rows = await db.query<{ prepaid_minutes: unknown; started_at: unknown; ended_at: unknown }>(
    `SELECT prepaid_minutes, started_at, ended_at FROM live_sessions
      WHERE member_id = $1 AND room_id = $2 AND prepaid_minutes > 0 AND ended_at IS NOT NULL
        AND voucher_id IS NULL`,
    [memberId, roomId],
  );
  let used = 0;
  for (const row of rows) {
    const minutes = minutesStarted(toDate(row.started_at).getTime(), toDate(row.ended_at).getTime());
    used += Math.min(toInt(row.prepaid_minutes), minutes);
  }
  return Math.max(0, granted - used);
}
