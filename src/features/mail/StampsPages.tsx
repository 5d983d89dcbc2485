/**
 * /myhomeback/stamps (the stamp packs, bought with credits) and /myhomeback/stampsHistories. One
 * key per confirmation, so a double click buys once.
 */

import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { StampPack } from '../../../protocol/mail/mail';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { PaymentConfirm, useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { When } from '../../app/time/When';
import { balancesState } from '../../state/balances';
import { showToast } from '../../state/ui';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { buyPostStamps, getPostStampsPriceList, getStampHistories } from './api';
import { applyBalances } from './state';
import './mail.css';

const REASONS: Record<string, string> = {
  purchase: 'Bought post stamps',
  mail_read: 'Read a mail',
  mail_send: 'Sent a mail',
  mail_photo: 'Viewed a private photo',
  mail_video: 'Watched a private video',
};

function Tabs() {
  return (
    <nav className="mail-tabs" aria-label="Post stamps">
      <Link to="/myhomeback/stamps" activeProps={{ 'aria-current': 'page' }}>
        Buy post stamps
      </Link>
      <Link to="/myhomeback/stampsHistories" activeProps={{ 'aria-current': 'page' }}>
        History
      </Link>
    </nav>
  );
}

function Confirm({ pack, onClose }: { pack: StampPack; onClose: () => void }) {
  const key = useRef(`s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const original = useMoneyLabel(pack.original_price);
  async function buy() {
    setBusy(true);
    try {
      applyBalances(await buyPostStamps(pack.item_code, key.current));
      showToast(`${pack.stamps} post stamps were added to your account.`, 'info');
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <PaymentConfirm
      charge={{
        title: `Buy ${pack.item_name}`,
        what: (
          <p>
            {pack.stamps} post stamps, usually {original} ({pack.save_desc}).
          </p>
        ),
        amount: pack.discount_price,
      }}
      testId="stamps-confirm"
      busy={busy}
      onConfirm={() => void buy()}
      onCancel={onClose}
    >
      {error && (
        <p className="form-error" role="alert">
          {error} <AddCreditsLink clickFrom={ClickFrom.stamps} />
        </p>
      )}
    </PaymentConfirm>
  );
}

export function StampsPage() {
  const [state, retry] = useRequest(getPostStampsPriceList, 'packs');
  const { poststamp } = useSnapshot(balancesState);
  const [chosen, setChosen] = useState<StampPack | null>(null);
  return (
    <section className="page mail-page">
      <h1 className="page-title">Post stamps</h1>
      <Tabs />
      <p>
        You have <strong data-testid="stamps-balance">{poststamp}</strong> post stamps. One stamp sends or
        reads a mail, or opens a private photo; a private video takes two. Stamps save up to 50% on mails.
      </p>
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <ul className="stamp-packs">
          {state.data.list.map((pack) => (
            <li key={pack.item_code} className="stamp-pack" data-testid={`pack-${pack.item_code}`}>
              <strong>{pack.item_name}</strong>
              <span className="stamp-price">{pack.discount_price.toFixed(2)} credits</span>
              <s className="muted">{pack.original_price.toFixed(2)}</s>
              <span className="stamp-save">{pack.save_desc}</span>
              <button type="button" className="btn btn-primary btn-small" onClick={() => setChosen(pack)}>
                Buy
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && <Confirm pack={chosen} onClose={() => setChosen(null)} />}
    </section>
  );
}

export function StampHistoriesPage() {
  const [state, retry] = useRequest(getStampHistories, 'stamp-history');
  return (
    <section className="page mail-page">
      <h1 className="page-title">Post stamp history</h1>
      <Tabs />
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state">
          <p>No data to show.</p>
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <table className="stamp-history" data-testid="stamp-history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Stamps</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {state.data.list.map((h) => (
              <tr key={h.id}>
                <td>
                  <When seconds={h.time} />
                </td>
                <td>{REASONS[h.reason] ?? h.reason}</td>
                <td>{h.delta > 0 ? `+${h.delta}` : h.delta}</td>
                <td>{h.balance_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
