/**
 * /myhomeback/credithistories and /myhomeback/chatminhistories: every move of his credits and chat
 * minutes, newest first, with the date in his own time zone, what it was, the amount and the
 * balance after it. Twenty rows a page; "Load more" fetches the next. The first page reads
 * offline from this device, with when it was saved.
 */
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import {
  type ChatminHistoryAnswer,
  type ChatminHistoryItem,
  type CreditHistoryAnswer,
  type CreditHistoryItem,
  HISTORY_STEP,
  HistoryApi,
} from '../../../protocol/histories/histories';
import { moneyLabel } from '../../../protocol/money';
import { call } from '../../api/http';
import { When } from '../../app/time/When';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { userState } from '../../state/user';
import { HistoryMore } from './HistoryMore';
import { chatminLabel, chatminText, creditLabel, signed } from './labels';
import { type History, useHistory } from './use-history';
import './histories.css';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { SavedNote } from '../../app/layout/SavedNote';

const creditPage = (start: number, step: number) =>
  call<CreditHistoryAnswer>(HistoryApi.credit, { start, step }, { method: 'GET' });
const chatminPage = (start: number, step: number) =>
  call<ChatminHistoryAnswer>(HistoryApi.chatmin, { start, step }, { method: 'GET' });

function Tabs() {
  const { me } = useSnapshot(userState);
  return (
    <nav className="history-tabs" aria-label="Histories">
      <Link to="/myhomeback/credithistories" activeProps={{ 'aria-current': 'page' }}>
        Credit history
      </Link>
      {me?.isPaidMember === 1 && (
        <Link to="/myhomeback/chatminhistories" activeProps={{ 'aria-current': 'page' }}>
          Chat minute history
        </Link>
      )}
      <Link to="/myhomeback/stampsHistories">Post stamp history</Link>
    </nav>
  );
}

interface Row {
  id: number;
  time: number;
  what: string;
  amount: string;
  /** Whether the move added to the balance (shown in the plus colour). */
  added: boolean;
  balance: string;
}

function HistoryList({
  title,
  history,
  rows,
  empty,
  testId,
}: {
  title: string;
  history: History<unknown>;
  rows: Row[];
  empty: string;
  testId: string;
}) {
  const headingId = useId();
  const { status, error, savedAt } = history;
  return (
    <section className="page history-page" aria-labelledby={headingId} data-testid={testId}>
      <h1 className="page-title" id={headingId}>
        {title}
      </h1>
      <Tabs />
      {savedAt !== null && <SavedNote savedAt={savedAt} onRefresh={history.retry} />}
      {status === 'error' && <ErrorRetry message={error} onRetry={history.retry} />}
      {status === 'nodata' && (
        <div className="empty-state">
          <p>{empty}</p>
        </div>
      )}
      {rows.length > 0 && (
        <ol className="history-list" data-testid="history-rows">
          {rows.map((row) => (
            <li key={row.id} className="history-row" data-testid="history-row">
              <span className="history-what" data-testid="history-what">
                {row.what}
              </span>
              <span
                className={row.added ? 'history-amount history-added' : 'history-amount'}
                data-testid="history-amount"
              >
                {row.amount}
              </span>
              <When seconds={row.time} className="history-when" />
              <span className="history-balance" data-testid="history-balance">
                Balance {row.balance}
              </span>
            </li>
          ))}
        </ol>
      )}
      <HistoryMore history={history} />
    </section>
  );
}

export function CreditHistoryPage() {
  const { credit } = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  const history = useHistory<CreditHistoryItem>(creditPage, HISTORY_STEP, credit, 'credit-history');
  const money = (amount: number) => moneyLabel(amount, words, multiplier);
  const rows = history.items.map((item) => ({
    id: item.id,
    time: item.time,
    what: creditLabel(item, words),
    amount: signed(item.amount, money),
    added: item.amount > 0,
    balance: money(item.balance),
  }));
  return (
    <HistoryList
      title="Credit history"
      history={history}
      rows={rows}
      empty={`Your ${words.plural} have not moved yet.`}
      testId="credit-history"
    />
  );
}

export function ChatminHistoryPage() {
  const { chatmin } = useSnapshot(balancesState);
  const history = useHistory<ChatminHistoryItem>(chatminPage, HISTORY_STEP, chatmin, 'chatmin-history');
  const rows = history.items.map((item) => ({
    id: item.id,
    time: item.time,
    what: chatminLabel(item),
    amount: signed(item.minutes, chatminText),
    added: item.minutes > 0,
    balance: chatminText(item.balance),
  }));
  return (
    <HistoryList
      title="Chat minute history"
      history={history}
      rows={rows}
      empty="You have no chat minutes yet. Chat minutes come with a paid membership."
      testId="chatmin-history"
    />
  );
}
