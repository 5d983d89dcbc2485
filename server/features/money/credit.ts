/**
 * Credit notices: whenever a member's credit moves, imShare/creditNotice tells every tab the new
 * balance, and imShare/lackOfCreditNotice follows when it no longer covers a minute of One-on-One.
 */
import { fromHundredths, toHundredths } from '../../../protocol/money';
import {
  type CreditNotice,
  EventRoute,
  type LackOfCreditNotice,
  ONE_ON_ONE_CREDIT_PER_MINUTE,
} from '../../../protocol/realtime';
import type { Notifier } from '../../realtime/deliver';

/** One minute of One-on-One, in hundredths: what an instant request must be able to cover. */
export const ONE_MINUTE_HUNDREDTHS = toHundredths(ONE_ON_ONE_CREDIT_PER_MINUTE);

/** Credit with 2 decimals, from hundredths. */
export const creditOf = (hundredths: number) => Number(fromHundredths(hundredths).toFixed(2));

export async function notifyCredit(notifier: Notifier, userid: string, hundredths: number): Promise<void> {
  const credit = creditOf(hundredths);
  await notifier.deliver(userid, EventRoute.credit, { credit } satisfies CreditNotice);
  if (hundredths < ONE_MINUTE_HUNDREDTHS) {
    await notifier.deliver(userid, EventRoute.lackOfCredit, { credit } satisfies LackOfCreditNotice);
  }
}
