/** Credits (2 decimals, the configured currency word), post stamps, and chat minutes for paid members. */
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { formatMoney } from '../../../protocol/money';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { userState } from '../../state/user';
import { ClockIcon, CoinIcon, StampIcon } from './icons';

export function Balances() {
  const balances = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { me } = useSnapshot(userState);
  const { words, multiplier } = currencyOf(config);
  const credits = formatMoney(balances.credit, multiplier);
  const creditWord = credits === '1.00' ? words.singular : words.plural;
  const stampWord = balances.poststamp === 1 ? 'stamp' : 'stamps';

  return (
    <ul className="balances" aria-label="Your balances">
      <li>
        <Link to="/myhomeback/credithistories" className="balance" data-testid="balance-credits">
          <CoinIcon />
          <span className="balance-value">{credits}</span> <span className="balance-word">{creditWord}</span>
        </Link>
      </li>
      <li>
        <Link to="/myhomeback/stamps" className="balance" data-testid="balance-stamps">
          <StampIcon />
          <span className="balance-value">{balances.poststamp}</span>{' '}
          <span className="balance-word">{stampWord}</span>
        </Link>
      </li>
      {me?.isPaidMember === 1 && (
        <li>
          <Link to="/myhomeback/chatminhistories" className="balance" data-testid="balance-chatmin">
            <ClockIcon />
            <span className="balance-value">{balances.chatmin}</span>{' '}
            <span className="balance-word">chat min</span>
          </Link>
        </li>
      )}
    </ul>
  );
}
