/**
 * Orders for packs of credits or chat minutes (`kind`). Only the webhook handling changes an order's state, and it does so in
 * the transaction that moves the credits (pass the transaction's handle), after `lock` has taken
 * the order's row, so two deliveries of one event meet here and the second sees the first.
 */
import type { OrderState, PackKind } from '../../../protocol/payments/payments';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface Order {
  orderId: string;
  memberId: string;
  packId: string;
  kind: PackKind;
  credits: number;
  minutes: number;
  amountCents: number;
  currency: string;
  state: OrderState;
  provider: string;
  sessionId: string | null;
  paymentId: string | null;
  returnPath: string;
  failure: string;
  refundedCents: number;
  disputed: boolean;
  flagged: boolean;
  /** Hundredths of a credit (minutes, for chat minutes) a refund or dispute could not take back. */
  shortfall: number;
  /** What refunds and disputes have claimed back so far, in the same unit: taken plus shortfall. */
  reclaimed: number;
  createdAt: Date;
}

export interface NewOrder {
  orderId: string;
  memberId: string;
  packId: string;
  kind: PackKind;
  credits: number;
  minutes: number;
  amountCents: number;
  currency: string;
  provider: string;
  returnPath: string;
}

interface OrderRow {
  order_id: string;
  member_id: string;
  pack_id: string;
  kind: PackKind;
  credits: unknown;
  minutes: unknown;
  amount_cents: unknown;
  currency: string;
  state: OrderState;
  provider: string;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  return_path: string;
  failure: string;
  refunded_cents: unknown;
  disputed: boolean;
  flagged: boolean;
  shortfall: unknown;
  reclaimed: unknown;
  created_at: unknown;
}

const COLUMNS = `order_id, member_id, pack_id, kind, credits, minutes, amount_cents, currency, state, provider,
  provider_session_id, provider_payment_id, return_path, failure, refunded_cents, disputed, flagged,
  shortfall, reclaimed, created_at`;

const fromRow = (row: OrderRow): Order => ({
  orderId: row.order_id,
  memberId: row.member_id,
  packId: row.pack_id,
  kind: row.kind,
  credits: toInt(row.credits),
  minutes: toInt(row.minutes),
  amountCents: toInt(row.amount_cents),
  currency: row.currency,
  state: row.state,
  provider: row.provider,
  sessionId: row.provider_session_id,
  paymentId: row.provider_payment_id,
  returnPath: row.return_path,
  failure: row.failure,
  refundedCents: toInt(row.refunded_cents),
  disputed: row.disputed,
  flagged: row.flagged,
  shortfall: toInt(row.shortfall),
  reclaimed: toInt(row.reclaimed),
  createdAt: toDate(row.created_at),
});

export function ordersRepository(db: Db) {
  const one = async (where: string, params: unknown[], lock = false) => {
    const [row] = await db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM orders WHERE ${where}${lock ? ' FOR UPDATE' : ''}`,
      params,
    );
    return row && fromRow(row);
  };

  return {
    async create(order: NewOrder): Promise<Order> {
      const [row] = await db.query<OrderRow>(
        `INSERT INTO orders (order_id, member_id, pack_id, kind, credits, minutes, amount_cents, currency,
           provider, return_path)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
        [
          order.orderId,
          order.memberId,
          order.packId,
          order.kind,
          order.credits,
          order.minutes,
          order.amountCents,
          order.currency,
          order.provider,
          order.returnPath,
        ],
      );
      if (!row) throw new Error('orders: insert returned nothing');
      return fromRow(row);
    },

    /** The provider's checkout session for the order, once it has made one. */
    async setSession(orderId: string, sessionId: string): Promise<void> {
      await db.query('UPDATE orders SET provider_session_id = $2, updated_at = now() WHERE order_id = $1', [
        orderId,
        sessionId,
      ]);
    },

    byId: (orderId: string) => one('order_id = $1', [orderId]),

    /** The order behind a provider's checkout session (the test provider's page looks it up). */
    bySession: (provider: string, sessionId: string) =>
      one('provider = $1 AND provider_session_id = $2', [provider, sessionId]),

    /** Takes the order's row lock for the rest of the transaction. */
    lock: (orderId: string) => one('order_id = $1', [orderId], true),

    /** The order a payment belongs to, locked (refunds and disputes name the payment). */
    lockByPayment: (provider: string, paymentId: string) =>
      one('provider = $1 AND provider_payment_id = $2', [provider, paymentId], true),

    async markPaid(orderId: string, paymentId: string | null): Promise<void> {
      await db.query(
        `UPDATE orders SET state = 'paid', failure = '', paid_at = now(), updated_at = now(),
           provider_payment_id = COALESCE($2, provider_payment_id) WHERE order_id = $1`,
        [orderId, paymentId],
      );
    },

    async markFailed(orderId: string, failure: string): Promise<void> {
      await db.query(
        `UPDATE orders SET state = 'failed', failure = $2, updated_at = now() WHERE order_id = $1`,
        [orderId, failure],
      );
    },

    /**
     * A refund or dispute of the order: `reclaimed` is the total claimed back now, `shortfall` what
     * of this event's part his balance no longer held (added up, and the order flagged).
     */
    async markRefunded(
      orderId: string,
      change: { refundedCents: number; disputed: boolean; reclaimed: number; shortfall: number },
    ): Promise<void> {
      await db.query(
        `UPDATE orders SET state = 'refunded', refunded_at = now(), updated_at = now(),
           refunded_cents = GREATEST(refunded_cents, $2), disputed = disputed OR $3,
           reclaimed = GREATEST(reclaimed, $4), shortfall = shortfall + $5,
           flagged = flagged OR shortfall + $5 > 0 WHERE order_id = $1`,
        [orderId, change.refundedCents, change.disputed, change.reclaimed, change.shortfall],
      );
    },

    /** His orders, newest first. */
    async forMember(memberId: string, limit = 50): Promise<Order[]> {
      const rows = await db.query<OrderRow>(
        `SELECT ${COLUMNS} FROM orders WHERE member_id = $1 ORDER BY created_at DESC, order_id LIMIT $2`,
        [memberId, limit],
      );
      return rows.map(fromRow);
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
