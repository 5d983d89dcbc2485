/**
 * The wallet (the header's credits pill): his balances, Buy credits, his vouchers and his last
 * credit movements, with the way to the whole history. Loaded only when first opened.
 */
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import {
  type CreditHistoryAnswer,
  type CreditHistoryItem,
  HistoryApi,
} from '../../../protocol/histories/histories';
import { moneyLabel } from '../../../protocol/money';
import type { HeaderCouponInfo } from '../../../protocol/vouchers/vouchers';
import { call } from '../../api/http';
import { useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { Modal } from '../../app/popups/Modal';
import { When } from '../../app/time/When';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { bannerItems, vouchersState } from '../../state/vouchers';
import { creditLabel, signed } from '../histories/labels';
import { getHeaderCouponInfo } from '../vouchers/api';
import { AddCreditsLink } from './AddCreditsLink';
import { ClickFrom } from './click-from';
import './wallet.css';

/** How many of his latest movements the wallet shows; the history has the rest. */
export const WALLET_MOVES = 5;

interface WalletData {
  moves: CreditHistoryItem[];
  vouchers: HeaderCouponInfo;
}

async function loadWallet(): Promise<WalletData> {
  const [history, vouchers] = await Promise.all([
    call<CreditHistoryAnswer>(HistoryApi.credit, { start: 0, step: WALLET_MOVES }, { method: 'GET' }),
    getHeaderCouponInfo(),
  ]);
  vouchersState.info = vouchers;
  return { moves: history.list.slice(0, WALLET_MOVES), vouchers };
}

export default function Wallet({ onClose }: { onClose(): void }) {
  const balances = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  const money = (amount: number) => moneyLabel(amount, words, multiplier);
  // The balance moving (a payment landed, a minute was paid) reads the movements again.
  const load = useCallback(() => loadWallet(), []);
  const [state, retry] = useRequest(load, String(balances.credit));
  const close = onClose;

  return (
    <Modal
      title="Your wallet"
      testId="wallet"
      onClose={close}
      actions={
        <button type="button" className="btn btn-ghost" onClick={close}>
          Close
        </button>
      }
    >
      <div className="wallet-balance">
        <span className="wallet-label">Balance</span>
        <strong className="wallet-credit" data-testid="wallet-credit">
          {money(balances.credit)}
        </strong>
        <span className="wallet-more">
          {balances.poststamp} {balances.poststamp === 1 ? 'post stamp' : 'post stamps'}
        </span>
      </div>
      <AddCreditsLink clickFrom={ClickFrom.wallet} className="btn btn-primary btn-block">
        Buy credits
      </AddCreditsLink>

      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <section className="wallet-section" aria-labelledby="wallet-vouchers">
            <h3 id="wallet-vouchers">Vouchers</h3>
            {bannerItems(state.data.vouchers).length > 0 ? (
              <ul className="wallet-vouchers" data-testid="wallet-vouchers">
                {bannerItems(state.data.vouchers).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">No vouchers at the moment.</p>
            )}
          </section>
          <section className="wallet-section" aria-labelledby="wallet-moves">
            <h3 id="wallet-moves">Recent movements</h3>
            {state.data.moves.length === 0 ? (
              <p className="muted">No movements yet.</p>
            ) : (
              <ul className="wallet-moves" data-testid="wallet-moves">
                {state.data.moves.map((item) => (
                  <li key={item.id}>
                    <span className="wallet-move-what">
                      {creditLabel(item, words)}
                      <small>
                        <When seconds={item.time} short />
                      </small>
                    </span>
                    <span className={item.amount > 0 ? 'wallet-move-in' : 'wallet-move-out'}>
                      {signed(item.amount, money)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/myhomeback/credithistories" className="wallet-all" onClick={close}>
              All credit history
            </Link>
          </section>
        </>
      )}
    </Modal>
  );
}
