/** Credits (2 decimals, the configured currency word), post stamps, and chat minutes for paid members. */
import { Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatMoney } from '../../../protocol/money';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { userState } from '../../state/user';
import { lazyWhenOnline } from '../lazy-online';
import { ClockIcon, CoinIcon, StampIcon } from './icons';

// The wallet's code (and its history and voucher calls) loads when the pill is first pressed.
const Wallet = lazyWhenOnline(() => import('../../features/payments/Wallet'));

export function Balances() {
  const balances = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { me } = useSnapshot(userState);
  const { words, multiplier } = currencyOf(config);
  const credits = formatMoney(balances.credit, multiplier);
  const creditWord = credits === '1.00' ? words.singular : words.plural;
  const stampWord = balances.poststamp === 1 ? 'stamp' : 'stamps';
  const [wallet, setWallet] = useState(false);
  const creditPill = (
    <>
      <CoinIcon />
      <span className="balance-value">{credits}</span> <span className="balance-word">{creditWord}</span>
    </>
  );

  return (
    <ul className="balances" aria-label="Your balances">
      <li>
        {me?.role === 'man' ? (
          <button
            type="button"
            className="balance"
            data-testid="balance-credits"
            aria-haspopup="dialog"
            aria-label={`${credits} ${creditWord}: open your wallet`}
            onClick={() => setWallet(true)}
          >
            {creditPill}
          </button>
        ) : (
          <Link to="/myhomeback/credithistories" className="balance" data-testid="balance-credits">
            {creditPill}
          </Link>
        )}
        {wallet && (
          <Suspense fallback={null}>
            <Wallet onClose={() => setWallet(false)} />
          </Suspense>
        )}
      </li>
      <li>
        <Link
          to="/myhomeback/stamps"
          className="balance balance-stamps"
          data-testid="balance-stamps"
          aria-label={`${balances.poststamp} ${stampWord}`}
        >
          <StampIcon />
          <span className="balance-value">{balances.poststamp}</span>{' '}
          <span className="balance-word">{stampWord}</span>
        </Link>
      </li>
      {me?.isPaidMember === 1 && (
        <li>
          <Link
            to="/myhomeback/chatminhistories"
            className="balance balance-chatmin"
            data-testid="balance-chatmin"
            aria-label={`${balances.chatmin} chat ${balances.chatmin === 1 ? 'minute' : 'minutes'}`}
          >
            <ClockIcon />
            <span className="balance-value">{balances.chatmin}</span>{' '}
            <span className="balance-word">chat min</span>
          </Link>
        </li>
      )}
    </ul>
  );
}
