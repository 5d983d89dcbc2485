/**
 * What a paid order grants and a refund takes back, on the ledger of its kind: credits (in
 * hundredths) through the credit ledger, chat minutes through the chat-minute ledger. Both run in
 * the caller's transaction, once per key, never below zero; his tabs are told afterwards.
 */
import {
  ChatminLedgerReason,
  type PackKind,
  PurchaseLedgerReason,
} from '../../../protocol/payments/payments';
import { type ChatminNotice, EventRoute } from '../../../protocol/realtime';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { chatminLedgerRepository, ledgerRepository, notifyCredit } from '../money';
import type { Order } from './orders-repository';

/** A balance an order moved: hundredths of a credit, or chat minutes. */
export interface Changed {
  memberId: string;
  kind: PackKind;
  balance: number;
}

type Moved = { status: 'moved' | 'duplicate' | 'insufficient'; balance: number };

/** What the order grants, in its ledger's unit. */
export const orderUnits = (order: Pick<Order, 'kind' | 'credits' | 'minutes'>) =>
  order.kind === 'chatmin' ? order.minutes : order.credits * 100;

/**
 * The units `refundedCents` (everything refunded of the payment so far) buys back: its share of the
 * price, rounded down in his favour. Computed on the running total, so the parts never add up to
 * more than their sum's share, and a full refund is the whole order.
 */
export function refundedUnits(
  order: Pick<Order, 'kind' | 'credits' | 'minutes' | 'amountCents'>,
  refundedCents: number,
): number {
  const cents = Math.min(Math.max(refundedCents, 0), order.amountCents);
  return Math.floor((orderUnits(order) * cents) / order.amountCents);
}

/** One move on the order's ledger. */
function mover(tx: Db, order: Order) {
  if (order.kind === 'chatmin') {
    const ledger = chatminLedgerRepository(tx);
    return async (delta: number, takeBack: boolean, key: string): Promise<Moved> =>
      ledger.move({
        userId: order.memberId,
        delta,
        reason: takeBack ? ChatminLedgerReason.takeBack : ChatminLedgerReason.purchase,
        ref: order.orderId,
        key,
      });
  }
  const ledger = ledgerRepository(tx);
  return async (delta: number, takeBack: boolean, key: string): Promise<Moved> => {
    const moved = await ledger.move({
      userId: order.memberId,
      delta,
      reason: takeBack ? PurchaseLedgerReason.takeBack : PurchaseLedgerReason.purchase,
      ref: order.orderId,
      payee: null,
      key,
    });
    return moved.status === 'insufficient'
      ? moved
      : { status: moved.status, balance: moved.entry.balanceAfter };
  };
}

/** Grants a paid order (key order:<id>); answers the new balance when this call moved it. */
export async function grantOrder(tx: Db, order: Order): Promise<Changed | undefined> {
  const moved = await mover(tx, order)(orderUnits(order), false, `order:${order.orderId}`);
  return moved.status === 'moved'
    ? { memberId: order.memberId, kind: order.kind, balance: moved.balance }
    : undefined;
}

/**
 * Takes `wanted` units of the order back, bringing what refunds and disputes claimed of it to
 * `reclaimed` (key refund:<id>:<reclaimed>: each new total moves once); what his balance no longer
 * holds is answered as the shortfall, and what is there is taken.
 */
export async function takeBackOrder(
  tx: Db,
  order: Order,
  wanted: number,
  reclaimed: number,
): Promise<{ changed: Changed | undefined; shortfall: number }> {
  const move = (units: number) => mover(tx, order)(-units, true, `refund:${order.orderId}:${reclaimed}`);
  let shortfall = 0;
  let moved = wanted > 0 ? await move(wanted) : undefined;
  if (moved?.status === 'insufficient') {
    shortfall = wanted - moved.balance;
    moved = moved.balance > 0 ? await move(moved.balance) : undefined;
  }
  const changed =
    moved?.status === 'moved'
      ? { memberId: order.memberId, kind: order.kind, balance: moved.balance }
      : undefined;
  return { changed, shortfall };
}

/** Tells his tabs the balance an order moved. */
export async function notifyChanged(notifier: Notifier, changed: Changed): Promise<void> {
  if (changed.kind === 'credits') return notifyCredit(notifier, changed.memberId, changed.balance);
  await notifier.deliver(changed.memberId, EventRoute.chatmin, {
    chatmin: changed.balance,
  } satisfies ChatminNotice);
}
