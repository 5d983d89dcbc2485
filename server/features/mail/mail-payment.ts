/**
 * How a member pays for mail: reading a paid letter, sending one, opening a letter's photo or
 * video. Stamps when he chooses them or has enough, else credits; short of both, the spec's prompt
 * for what he has. The move runs inside the caller's transaction with the member row locked, keyed
 * so a double click pays once; after it commits his tabs hear the balance that moved.
 */

import type { PoststampNotice } from '../../../protocol/mail/mail';
import {
  CLICK_TYPE,
  MailErrno,
  MailEvent,
  MailMessages,
  MediaErrno,
  MediaMessages,
} from '../../../protocol/mail/mail';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { creditOf, ledgerRepository, notifyCredit } from '../money';
import { mailRepository } from './mail-repository';

export type Price = { readonly stamps: number; readonly credits: number };
export type Shortfall =
  | 'noStampsHasCredits'
  | 'noStampsNoCredits'
  | 'noCreditsHasStamps'
  | 'noCreditsNoStamps';
type Choice = { pay: 'stamps' | 'credits' } | { short: Shortfall };
export type PaidWith = 'stamps' | 'credits' | 'none';

/** Stamps when chosen or when enough (automatic), else credits; else which prompt to show. */
export function choosePayment(
  balances: { credit: number; poststamp: number },
  price: Price,
  clickType: number,
): Choice {
  const stamps = balances.poststamp >= price.stamps;
  const credits = balances.credit >= price.credits;
  if (clickType === CLICK_TYPE.stamps) {
    return stamps ? { pay: 'stamps' } : { short: credits ? 'noStampsHasCredits' : 'noStampsNoCredits' };
  }
  if (clickType === CLICK_TYPE.credits) {
    return credits ? { pay: 'credits' } : { short: stamps ? 'noCreditsHasStamps' : 'noCreditsNoStamps' };
  }
  if (stamps) return { pay: 'stamps' };
  if (credits) return { pay: 'credits' };
  return { short: 'noStampsNoCredits' };
}

type ShortError = (short: Shortfall) => ApiError;
const errorFrom =
  (codes: Record<Shortfall, [number, string]>): ShortError =>
  (short) =>
    new ApiError(...codes[short]);

/** Sending or reading a mail: the other way offered when it suffices, else buy stamps / add credits. */
export const sendShort = errorFrom({
  noStampsHasCredits: [MailErrno.SEND_NO_STAMPS_HAS_CREDITS, MailMessages.sendNoStampsHasCredits],
  noCreditsHasStamps: [MailErrno.SEND_NO_CREDITS_HAS_STAMPS, MailMessages.sendNoCreditsHasStamps],
  noStampsNoCredits: [MailErrno.NO_MONEY_SEND, MailMessages.noMoneySend],
  noCreditsNoStamps: [MailErrno.NO_MONEY_SEND, MailMessages.noMoneySend],
});
export const readShort = errorFrom({
  noStampsHasCredits: [MailErrno.READ_NO_STAMPS_HAS_CREDITS, MailMessages.readNoStampsHasCredits],
  noCreditsHasStamps: [MailErrno.READ_NO_CREDITS_HAS_STAMPS, MailMessages.readNoCreditsHasStamps],
  noStampsNoCredits: [MailErrno.NO_MONEY_READ, MailMessages.noMoneyRead],
  noCreditsNoStamps: [MailErrno.NO_MONEY_READ, MailMessages.noMoneyRead],
});

const MEDIA_SHORT: Record<'photo' | 'video', Record<Shortfall, number>> = {
  photo: {
    noStampsHasCredits: MediaErrno.VIEW_NO_STAMPS_HAS_CREDITS,
    noStampsNoCredits: MediaErrno.VIEW_NO_STAMPS_NO_CREDITS,
    noCreditsHasStamps: MediaErrno.VIEW_NO_CREDITS_HAS_STAMPS,
    noCreditsNoStamps: MediaErrno.VIEW_NO_CREDITS_NO_STAMPS,
  },
  video: {
    noStampsHasCredits: MediaErrno.PLAY_NO_STAMPS_HAS_CREDITS,
    noStampsNoCredits: MediaErrno.PLAY_NO_STAMPS_NO_CREDITS,
    noCreditsHasStamps: MediaErrno.PLAY_NO_CREDITS_HAS_STAMPS,
    noCreditsNoStamps: MediaErrno.PLAY_NO_CREDITS_NO_STAMPS,
  },
};
/** Opening a letter's photo or video: the prompt of its kind. */
export const mediaShort =
  (kind: 'photo' | 'video'): ShortError =>
  (short) => {
    const code = MEDIA_SHORT[kind][short];
    return new ApiError(code, MediaMessages[code] ?? '');
  };

/** Pays `price` for one action with the member locked; throws `short`'s error when he cannot. */
export async function payForMail(
  tx: Db,
  memberId: string,
  price: Price,
  clickType: number,
  what: { reason: string; ref: string; key: string; payee: string },
  short: ShortError,
  /** Credits (hundredths) kept aside for something else paid in the same transaction. */
  reserveCredits = 0,
): Promise<'stamps' | 'credits'> {
  const balances = await mailRepository(tx).lockBalances(memberId);
  const choice = choosePayment(
    { credit: balances.credit - reserveCredits, poststamp: balances.poststamp },
    price,
    clickType,
  );
  if ('short' in choice) throw short(choice.short);
  if (choice.pay === 'stamps') {
    const moved = await mailRepository(tx).moveStamps({ userId: memberId, delta: -price.stamps, ...what });
    if (moved.status === 'insufficient') throw short('noStampsNoCredits');
  } else {
    const moved = await ledgerRepository(tx).move({ userId: memberId, delta: -price.credits, ...what });
    if (moved.status === 'insufficient') throw short('noCreditsNoStamps');
  }
  return choice.pay;
}

/** Tells the member's tabs the balance that moved; answers both balances as the calls return them. */
export async function announceBalances(
  db: Db,
  notifier: Notifier,
  memberId: string,
  paid: PaidWith,
  creditsToo = false,
): Promise<{ credit: number; poststamp: number }> {
  const b = await mailRepository(db).lockBalances(memberId);
  if (paid === 'credits' || creditsToo) await notifyCredit(notifier, memberId, b.credit);
  if (paid === 'stamps') {
    await notifier.deliver(memberId, MailEvent.poststamp, {
      poststamp: b.poststamp,
    } satisfies PoststampNotice);
  }
  return { credit: creditOf(b.credit), poststamp: b.poststamp };
}
