/**
 * A refused send as the member reads it: the server's reason; 10025 with the add-credits link, and
 * once his balance covers the message (credits added meanwhile, here or in place) what Retry costs.
 */
import { useSnapshot } from 'valtio';
import { MessageErrno, MessageTexts } from '../../../protocol/messages/messages';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { balancesState } from '../../state/balances';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { messagesState } from './store';

/** A paid in-place checkout brings him back to the conversation, where the waiting message is the offer. */
export const PRIVATE_MESSAGE_ACTION = 'private-message';

export function SendError({ errno, errmsg, peer }: { errno: number; errmsg: string; peer?: string }) {
  const { credit } = useSnapshot(balancesState);
  const price = useSnapshot(messagesState).prices[peer ?? ''];
  const money = useMoneyLabelOf();
  if (errno === MessageErrno.NO_CREDIT) {
    if (price && credit >= price.credit) {
      return (
        <span data-testid="pm-credits-added">Credits added. Retry sends it for {money(price.credit)}.</span>
      );
    }
    const [before, after] = MessageTexts.noCredit.split('{credits}');
    return (
      <>
        {before}
        <AddCreditsLink
          clickFrom={ClickFrom.message}
          resume={
            peer ? { kind: PRIVATE_MESSAGE_ACTION, label: 'Your message', params: { to: peer } } : undefined
          }
        >
          credits
        </AddCreditsLink>
        {after}
      </>
    );
  }
  return <>{errmsg}</>;
}
