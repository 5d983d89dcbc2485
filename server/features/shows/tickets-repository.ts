/**
 * Shows on sale: the member's and the broadcaster's views of shows, buying a ticket, following a
 * show, publishing and cancelling. Every credit move goes through the ledger inside the same
 * transaction as the ticket row it pays for, so a charge is never kept without its ticket (nor a
 * ticket without its charge), and the ledger's key makes a repeated action move money once.
 *
 * Buying and cancelling lock the show row first, then members (in id order): buyers of one show
 * queue on that lock, so capacity holds however many buy at once, and no two transactions ever
 * wait on each other in a cycle.
 */
import { SHOW_ONGOING_UNDER_S } from '../../../protocol/shows/shows';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { ledgerRepository } from '../money';

/** A show as the caller sees it; times and money as stored (hundredths, dates). */
export interface ShowView {
  liveShowId: string;
  title: string;
  introduce: string;
  cover: string;
  anchorId: string;
  anchorNickname: string;
  anchorAvatar: string;
  priceHundredths: number;
  startTime: Date;
  durationMin: number;
  /** As stored: 1 upcoming, 3 finished, 4 or 5 cancelled. */
  status: number;
  /** True when an upcoming show's time is over (shown as finished). */
  ended: boolean;
  capacity: number;
  sold: number;
  refunded: number;
  /** The caller's ticket: 0 none, 1 bought, 2 refunded. */
  ticketStatus: number;
  hasFollow: boolean;
  /** Whole seconds to the start, by the database clock (negative once started). */
  leftSec: number;
}

export type BuyResult =
  | { status: 'bought'; creditHundredths: number }
  | { status: 'not_found' | 'cancelled' | 'finished' | 'ongoing' | 'already' | 'sold_out' | 'no_credit' };

export type FollowResult =
  | { status: 'done'; hasFollow: boolean }
  | { status: 'not_found' | 'cancelled' | 'finished' | 'locked' };

export interface Refund {
  memberId: string;
  amountHundredths: number;
  creditHundredths: number;
}
export type CancelResult =
  | { status: 'cancelled'; refunds: Refund[] }
  | { status: 'not_found' | 'already_cancelled' | 'finished' | 'started' };

export interface NewShow {
  anchorId: string;
  title: string;
  introduce: string;
  priceHundredths: number;
  startTime: Date;
  durationMin: number;
  capacity: number;
  /** Seconds from now the start must be at least / at most (checked by the database clock). */
  minLeadS: number;
  maxLeadS: number;
}
export type CreateResult = { status: 'created'; liveShowId: string } | { status: 'overlap' | 'time' };

interface ViewRow {
  live_show_id: string;
  title: string;
  introduce: string;
  cover: string;
  anchor_id: string;
  nickname: string;
  photourl: string;
  price: unknown;
  start_time: unknown;
  duration_min: unknown;
  status: unknown;
  ended: boolean;
  capacity: unknown;
  sold: unknown;
  refunded: unknown;
  ticket_status: unknown;
  has_follow: boolean;
  left_sec: unknown;
}

/** $1 is the caller (a member id, or '' for a broadcaster). */
const VIEW = `SELECT s.live_show_id, s.title, s.introduce, s.cover, s.anchor_id, u.nickname, u.photourl,
  s.price, s.start_time, s.duration_min, s.status, s.capacity,
  (s.status = 1 AND s.start_time + s.duration_min * interval '1 minute' <= now()) AS ended,
  (SELECT count(*) FROM tickets t WHERE t.live_show_id = s.live_show_id AND t.status = 1)::int AS sold,
  (SELECT count(*) FROM tickets t WHERE t.live_show_id = s.live_show_id AND t.status = 2)::int AS refunded,
  COALESCE((SELECT t.status FROM tickets t WHERE t.live_show_id = s.live_show_id AND t.member_id = $1), 0)
    AS ticket_status,
  EXISTS (SELECT 1 FROM show_follows f WHERE f.live_show_id = s.live_show_id AND f.member_id = $1)
    AS has_follow,
  floor(EXTRACT(EPOCH FROM (s.start_time - now())))::int AS left_sec
  FROM shows s JOIN users u ON u.userid = s.anchor_id JOIN anchors a ON a.userid = s.anchor_id`;

/** Upcoming and not over yet (ongoing included). */
const CURRENT = `s.status = 1 AND s.start_time + s.duration_min * interval '1 minute' > now()`;
/** Broadcasters whose account is suspended do not show (spec 002 §2). */
const LISTED = 'a.account_status <> 3';

const fromRow = (row: ViewRow): ShowView => ({
  liveShowId: row.live_show_id,
  title: row.title,
  introduce: row.introduce,
  cover: row.cover,
  anchorId: row.anchor_id,
  anchorNickname: row.nickname,
  anchorAvatar: row.photourl,
  priceHundredths: toInt(row.price),
  startTime: toDate(row.start_time),
  durationMin: toInt(row.duration_min),
  status: toInt(row.status),
  ended: row.ended,
  capacity: toInt(row.capacity),
  sold: toInt(row.sold),
  refunded: toInt(row.refunded),
  ticketStatus: toInt(row.ticket_status),
  hasFollow: row.has_follow,
  leftSec: toInt(row.left_sec),
});

interface LockedShow {
  anchor_id: string;
  status: unknown;
  price: unknown;
  capacity: unknown;
  ended: boolean;
  left_sec: unknown;
}

/** The show row, locked for the rest of the transaction. */
async function lockShow(tx: Db, liveShowId: string): Promise<LockedShow | undefined> {
  const [row] = await tx.query<LockedShow>(
    `SELECT anchor_id, status, price, capacity,
       (start_time + duration_min * interval '1 minute' <= now()) AS ended,
       floor(EXTRACT(EPOCH FROM (start_time - now())))::int AS left_sec
     FROM shows WHERE live_show_id = $1 FOR UPDATE`,
    [liveShowId],
  );
  return row;
}

const isCancelled = (status: number) => status === 4 || status === 5;

export const ticketKey = (liveShowId: string, memberId: string) => `ticket:${liveShowId}:${memberId}`;
export const refundKey = (liveShowId: string, memberId: string) => `ticket_refund:${liveShowId}:${memberId}`;

export function ticketsRepository(db: Db) {
  const list = async (sql: string, params: unknown[]) => (await db.query<ViewRow>(sql, params)).map(fromRow);

  return {
    async view(liveShowId: string, memberId = ''): Promise<ShowView | undefined> {
      const [row] = await db.query<ViewRow>(`${VIEW} WHERE s.live_show_id = $2`, [memberId, liveShowId]);
      return row && fromRow(row);
    },

    /** The calendar: shows not over yet, soonest first. */
    calendar(memberId: string, start: number, step: number): Promise<ShowView[]> {
      return list(
        `${VIEW} WHERE ${CURRENT} AND ${LISTED} ORDER BY s.start_time, s.live_show_id OFFSET $2 LIMIT $3`,
        [memberId, start, step],
      );
    },

    /** One broadcaster's shows: upcoming (soonest first) or past (latest first). */
    byAnchor(
      memberId: string,
      anchorId: string,
      past: boolean,
      start: number,
      step: number,
    ): Promise<ShowView[]> {
      const where = past ? `NOT (${CURRENT})` : CURRENT;
      const order = past ? 's.start_time DESC' : 's.start_time';
      return list(
        `${VIEW} WHERE s.anchor_id = $2 AND ${where} AND ${LISTED}
         ORDER BY ${order}, s.live_show_id OFFSET $3 LIMIT $4`,
        [memberId, anchorId, start, step],
      );
    },

    /** A member's tickets: current (bought, show not over) soonest first, or the rest latest first. */
    tickets(memberId: string, history: boolean, start: number, step: number): Promise<ShowView[]> {
      const current = `t.status = 1 AND ${CURRENT}`;
      const where = history ? `NOT (${current})` : current;
      const order = history ? 's.start_time DESC' : 's.start_time';
      return list(
        `${VIEW} JOIN tickets t ON t.live_show_id = s.live_show_id AND t.member_id = $1
         WHERE ${where} ORDER BY ${order}, s.live_show_id OFFSET $2 LIMIT $3`,
        [memberId, start, step],
      );
    },

    /** The broadcaster's own calendar: upcoming soonest first, then the past latest first. */
    ownShows(anchorId: string, start: number, step: number): Promise<ShowView[]> {
      return list(
        `${VIEW} WHERE s.anchor_id = $2
         ORDER BY (${CURRENT}) DESC,
           CASE WHEN ${CURRENT} THEN s.start_time END ASC, s.start_time DESC, s.live_show_id
         OFFSET $3 LIMIT $4`,
        ['', anchorId, start, step],
      );
    },

    /** Charges the price and records the ticket in one transaction (see the file comment). */
    async buy(liveShowId: string, memberId: string): Promise<BuyResult> {
      return db.transaction(async (tx): Promise<BuyResult> => {
        const show = await lockShow(tx, liveShowId);
        if (!show) return { status: 'not_found' };
        const status = toInt(show.status);
        if (isCancelled(status)) return { status: 'cancelled' };
        if (status === 3 || show.ended) return { status: 'finished' };
        const [held] = await tx.query<{ status: unknown }>(
          'SELECT status FROM tickets WHERE live_show_id = $1 AND member_id = $2',
          [liveShowId, memberId],
        );
        if (held) return { status: 'already' };
        if (toInt(show.left_sec) < SHOW_ONGOING_UNDER_S) return { status: 'ongoing' };
        const [count] = await tx.query<{ sold: unknown }>(
          'SELECT count(*)::int AS sold FROM tickets WHERE live_show_id = $1 AND status = 1',
          [liveShowId],
        );
        if (toInt(count?.sold ?? 0) >= toInt(show.capacity)) return { status: 'sold_out' };
        const price = toInt(show.price);
        let creditHundredths: number;
        if (price > 0) {
          const move = await ledgerRepository(tx).move({
            userId: memberId,
            delta: -price,
            reason: 'ticket',
            ref: liveShowId,
            key: ticketKey(liveShowId, memberId),
            payee: show.anchor_id,
          });
          if (move.status === 'insufficient') return { status: 'no_credit' };
          if (move.status === 'duplicate') return { status: 'already' };
          creditHundredths = move.entry.balanceAfter;
        } else {
          const [m] = await tx.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
            memberId,
          ]);
          creditHundredths = toInt(m?.credit ?? 0);
        }
        // After the charge: if this insert fails, the transaction takes the charge back with it.
        await tx.query(
          'INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ($1, $2, 1, $3)',
          [liveShowId, memberId, price],
        );
        return { status: 'bought', creditHundredths };
      });
    },

    async follow(
      liveShowId: string,
      memberId: string,
      follow: boolean,
      lockS: number,
    ): Promise<FollowResult> {
      const [show] = await db.query<{ status: unknown; ended: boolean; left_sec: unknown }>(
        `SELECT status, (start_time + duration_min * interval '1 minute' <= now()) AS ended,
           floor(EXTRACT(EPOCH FROM (start_time - now())))::int AS left_sec
         FROM shows WHERE live_show_id = $1`,
        [liveShowId],
      );
      if (!show) return { status: 'not_found' };
      const status = toInt(show.status);
      if (isCancelled(status)) return { status: 'cancelled' };
      if (status === 3 || show.ended) return { status: 'finished' };
      if (toInt(show.left_sec) <= lockS) return { status: 'locked' };
      if (follow) {
        await db.query(
          `INSERT INTO show_follows (live_show_id, member_id) VALUES ($1, $2)
           ON CONFLICT (live_show_id, member_id) DO NOTHING`,
          [liveShowId, memberId],
        );
      } else {
        await db.query('DELETE FROM show_follows WHERE live_show_id = $1 AND member_id = $2', [
          liveShowId,
          memberId,
        ]);
      }
      return { status: 'done', hasFollow: follow };
    },

    /** Members following the show ("Notify me"). */
    async followers(liveShowId: string): Promise<string[]> {
      const rows = await db.query<{ member_id: string }>(
        'SELECT member_id FROM show_follows WHERE live_show_id = $1 ORDER BY member_id',
        [liveShowId],
      );
      return rows.map((r) => r.member_id);
    },

    /** Publishes a show; her shows may not overlap (her row is locked while checking). */
    async create(show: NewShow): Promise<CreateResult> {
      return db.transaction(async (tx): Promise<CreateResult> => {
        await tx.query('SELECT userid FROM anchors WHERE userid = $1 FOR UPDATE', [show.anchorId]);
        const [lead] = await tx.query<{ lead: unknown }>(
          'SELECT floor(EXTRACT(EPOCH FROM ($1::timestamptz - now())))::int AS lead',
          [show.startTime],
        );
        const leadS = toInt(lead?.lead ?? 0);
        if (leadS < show.minLeadS || leadS > show.maxLeadS) return { status: 'time' };
        const overlap = await tx.query(
          `SELECT 1 FROM shows WHERE anchor_id = $1 AND status = 1
             AND start_time < $2::timestamptz + $3::int * interval '1 minute'
             AND start_time + duration_min * interval '1 minute' > $2::timestamptz`,
          [show.anchorId, show.startTime, show.durationMin],
        );
        if (overlap.length > 0) return { status: 'overlap' };
        const [row] = await tx.query<{ id: unknown }>(`SELECT nextval('show_id_seq') AS id`);
        const liveShowId = `LS${toInt(row?.id)}`;
        await tx.query(
          `INSERT INTO shows (live_show_id, anchor_id, title, introduce, cover, price, start_time,
             duration_min, status, capacity)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9)`,
          [
            liveShowId,
            show.anchorId,
            show.title,
            show.introduce,
            `/media/show/${liveShowId}.svg`,
            show.priceHundredths,
            show.startTime,
            show.durationMin,
            show.capacity,
          ],
        );
        return { status: 'created', liveShowId };
      });
    },

    /**
     * Cancels her show (status 5) and refunds every bought ticket (ticket_status 2) with exactly what
     * it cost, each refund keyed so it happens once.
     */
    async cancel(liveShowId: string, anchorId: string): Promise<CancelResult> {
      return db.transaction(async (tx): Promise<CancelResult> => {
        const show = await lockShow(tx, liveShowId);
        if (!show || show.anchor_id !== anchorId) return { status: 'not_found' };
        const status = toInt(show.status);
        if (isCancelled(status)) return { status: 'already_cancelled' };
        if (status === 3 || show.ended) return { status: 'finished' };
        if (toInt(show.left_sec) <= 0) return { status: 'started' };
        await tx.query('UPDATE shows SET status = 5, cancelled_at = now() WHERE live_show_id = $1', [
          liveShowId,
        ]);
        const tickets = await tx.query<{ member_id: string; price: unknown }>(
          'SELECT member_id, price FROM tickets WHERE live_show_id = $1 AND status = 1 ORDER BY member_id',
          [liveShowId],
        );
        const ledger = ledgerRepository(tx);
        const refunds: Refund[] = [];
        for (const ticket of tickets) {
          const amount = toInt(ticket.price);
          let creditHundredths: number;
          if (amount > 0) {
            const move = await ledger.move({
              userId: ticket.member_id,
              delta: amount,
              reason: 'ticket_refund',
              ref: liveShowId,
              key: refundKey(liveShowId, ticket.member_id),
              payee: null,
            });
            if (move.status === 'insufficient') throw new Error('tickets: a refund cannot be insufficient');
            creditHundredths = move.entry.balanceAfter;
            if (move.status === 'duplicate') {
              const [m] = await tx.query<{ credit: unknown }>(
                'SELECT credit FROM members WHERE userid = $1',
                [ticket.member_id],
              );
              creditHundredths = toInt(m?.credit ?? 0);
            }
          } else {
            const [m] = await tx.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
              ticket.member_id,
            ]);
            creditHundredths = toInt(m?.credit ?? 0);
          }
          await tx.query(
            'UPDATE tickets SET status = 2, updated_at = now() WHERE live_show_id = $1 AND member_id = $2',
            [liveShowId, ticket.member_id],
          );
          refunds.push({ memberId: ticket.member_id, amountHundredths: amount, creditHundredths });
        }
        return { status: 'cancelled', refunds };
      });
    },
  };
}

export type TicketsRepository = ReturnType<typeof ticketsRepository>;
