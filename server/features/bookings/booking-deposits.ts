/**
 * A booking's deposit through the ledger: charged in the transaction that records the booking (or
 * accepts her invitation), refunded exactly once in the one that closes it (ledger keys
 * booking:<id>:deposit and booking:<id>:refund).
 */
import { BOOKING_DEPOSIT_MINUTES } from '../../../protocol/bookings/booking';
import { toHundredths } from '../../../protocol/money';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../protocol/realtime';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { ledgerRepository, notifyCredit } from '../money';
import { recordGiven, returnAttachedGifts } from '../room-gifts';
import { type BookingView, bookingsRepository, type NewBooking } from './bookings-repository';

/** The deposit's One-on-One part, in hundredths. */
export const DEPOSIT_BASE_HUNDREDTHS = toHundredths(ONE_ON_ONE_CREDIT_PER_MINUTE * BOOKING_DEPOSIT_MINUTES);
export const depositKey = (id: string) => `booking:${id}:deposit`;
export const refundKey = (id: string) => `booking:${id}:refund`;

/** Thrown inside a transaction to roll it back when the member's credit is short. */
export class ShortOfCredit extends Error {}

/**
 * A member's pending request, inside the caller's transaction: his deposit through the ledger,
 * then the booking. Answers his balance after, or undefined when his credit does not cover it
 * (nothing written; the caller rolls back). The charge comes first: it locks the member's row
 * before the booking's foreign key takes a share lock on it, so two bookings of one member queue
 * instead of deadlocking.
 */
export async function chargeAndRecord(
  tx: Db,
  b: Omit<NewBooking, 'kind' | 'status'>,
): Promise<number | undefined> {
  const moved = await ledgerRepository(tx).move({
    userId: b.userId,
    delta: -b.deposit,
    reason: 'booking_deposit',
    ref: b.bookingId,
    key: depositKey(b.bookingId),
    payee: b.anchorId,
  });
  if (moved.status === 'insufficient') return undefined;
  await bookingsRepository(tx).insert({ ...b, kind: 'request', status: 'pending' });
  return moved.entry.balanceAfter;
}

/**
 * His yes to her invitation: the booking accepted and the deposit charged, in one transaction.
 * Undefined if it was no longer pending; throws ShortOfCredit (rolled back) when his credit is short.
 */
export async function acceptWithDeposit(
  db: Db,
  b: BookingView,
): Promise<{ changed: BookingView; balance: number } | undefined> {
  const bookingId = b.bookingId;
  return db.transaction(async (tx) => {
    const changed = await bookingsRepository(tx).transition(
      bookingId,
      ['pending'],
      'accepted',
      DEPOSIT_BASE_HUNDREDTHS,
    );
    if (!changed) return undefined;
    const moved = await ledgerRepository(tx).move({
      userId: b.userId,
      delta: -DEPOSIT_BASE_HUNDREDTHS,
      reason: 'booking_deposit',
      ref: bookingId,
      key: depositKey(bookingId),
      payee: b.anchorId,
    });
    if (moved.status === 'insufficient') throw new ShortOfCredit();
    return { changed, balance: moved.entry.balanceAfter };
  });
}

/** Closes a booking and returns exactly its deposit, in one transaction; undefined if not open. */
export async function closeWithRefund(
  db: Db,
  notifier: Notifier,
  bookingId: string,
  from: BookingView['status'][],
  to: BookingView['status'],
): Promise<BookingView | undefined> {
  const out = await db.transaction(async (tx) => {
    const changed = await bookingsRepository(tx).transition(bookingId, from, to);
    if (!changed) return undefined;
    let balance: number | undefined;
    if (changed.deposit > 0) {
      const moved = await ledgerRepository(tx).move({
        userId: changed.userId,
        delta: changed.deposit,
        reason: 'booking_refund',
        ref: bookingId,
        key: refundKey(bookingId),
        payee: null,
      });
      if (moved.status !== 'insufficient') balance = moved.entry.balanceAfter;
    }
    // The backpack's gifts that paid part of his gift go back too (the credits came back above).
    await returnAttachedGifts(tx, {
      itemId: `${bookingId}-GIFT-BACK`,
      memberId: changed.userId,
      giftid: changed.giftid,
      num: changed.giftFromBackpack,
      until: changed.giftBackpackUntil,
    });
    return { changed, balance };
  });
  if (out?.balance !== undefined) await notifyCredit(notifier, out.changed.userId, out.balance);
  return out?.changed;
}

/**
 * A held booking completes: the deposit is kept and his gift becomes hers (her Gifts card), in one
 * transaction; undefined if it was not accepted. What the gift cost him in credits is what the
 * deposit holds beyond the One-on-One part.
 */
export async function completeWithGift(
  db: Db,
  bookingId: string,
  roomId: string,
): Promise<{ changed: BookingView; given: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const changed = await bookingsRepository(tx).transition(bookingId, ['accepted'], 'completed');
    if (!changed) return undefined;
    if (!changed.giftid || changed.giftNum <= 0) return { changed, given: false };
    const given = await recordGiven(tx, {
      orderId: `RG${bookingId}`,
      source: 'booking',
      memberId: changed.userId,
      anchorId: changed.anchorId,
      roomId,
      giftid: changed.giftid,
      num: changed.giftNum,
      creditPaid: Math.max(0, changed.deposit - DEPOSIT_BASE_HUNDREDTHS),
      fromBackpack: changed.giftFromBackpack,
      key: `booking_gift:${bookingId}`,
    });
    return { changed, given };
  });
}
