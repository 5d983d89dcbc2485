/**
 * The call service's money, all through the ledger, once per key: the reservation fee of each
 * charge round (call:<ref>:fee:<round>), its refund (call:<ref>:refund:<round>), and each started
 * minute of a call (call:<ref>:<call>:minute:<n>). Run inside the caller's transaction.
 */
import {
  CALL_MINUTE_HUNDREDTHS,
  CALL_RESERVATION_HUNDREDTHS,
  CallErrno,
  CallMessages,
} from '../../../protocol/call-service/call-service';
import { ApiError } from '../../core/errors';
import type { Db } from '../../storage/contract';
import { ledgerRepository } from '../money';

export const noCredit = () => new ApiError(CallErrno.NO_CREDIT, CallMessages.noCredit);

/** Charges a round's fee; answers the balance after, or throws 17302 (the caller rolls back). */
export async function chargeFee(
  tx: Db,
  o: { refNo: string; memberId: string; anchorId: string; round: number },
): Promise<number> {
  const moved = await ledgerRepository(tx).move({
    userId: o.memberId,
    delta: -CALL_RESERVATION_HUNDREDTHS,
    reason: 'call_fee',
    ref: o.refNo,
    payee: o.anchorId,
    key: `call:${o.refNo}:fee:${o.round}`,
  });
  if (moved.status === 'insufficient') throw noCredit();
  return moved.entry.balanceAfter;
}

/** Refunds a round's fee (once); answers the balance after. */
export async function refundFee(
  tx: Db,
  o: { refNo: string; memberId: string; round: number },
): Promise<number> {
  const moved = await ledgerRepository(tx).move({
    userId: o.memberId,
    delta: CALL_RESERVATION_HUNDREDTHS,
    reason: 'call_fee_refund',
    ref: o.refNo,
    payee: null,
    key: `call:${o.refNo}:refund:${o.round}`,
  });
  if (moved.status === 'insufficient') throw new Error('call refund: a refund cannot be short');
  return moved.entry.balanceAfter;
}

/** Charges minute `n` of a call; undefined when his credit cannot pay it. */
export async function chargeMinute(
  tx: Db,
  c: { refNo: string; callId: string; memberId: string; anchorId: string; n: number },
): Promise<number | undefined> {
  const moved = await ledgerRepository(tx).move({
    userId: c.memberId,
    delta: -CALL_MINUTE_HUNDREDTHS,
    reason: 'call_minute',
    ref: c.refNo,
    payee: c.anchorId,
    key: `call:${c.refNo}:${c.callId}:minute:${c.n}`,
  });
  return moved.status === 'insufficient' ? undefined : moved.entry.balanceAfter;
}

/** His credit now, in hundredths. */
export async function balanceOf(db: Db, memberId: string): Promise<number> {
  const [r] = await db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [memberId]);
  return Number(r?.credit ?? 0);
}
