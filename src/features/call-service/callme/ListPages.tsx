/**
 * His call-me lists: /callmelist (every invitation she sent him, filtered by status with the
 * waiting / authorized / cancelled / declined counts; a new one arrives live) and /callAuthorization
 * (the broadcasters he authorized to call him, and a way to authorize another).
 */
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CallEvent, type CallMeItem, type CallMeList } from '../../../../protocol/call-service/call-service';
import { useRequest } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { When } from '../../../app/time/When';
import { realtime } from '../../../realtime';
import { AuthorizationActions } from './AuthorizationActions';
import { getCallMeList } from './api';
import { CALL_ME_FILTERS, type CallMeFilter, filterCount, isCallMeFilter, STATUS_LABELS } from './rules';
import './callme.css';

/** His list, read again when she asks him to call her (on any of his tabs). */
function useCallMeList(filter: CallMeFilter) {
  const [state, retry] = useRequest(() => getCallMeList(filter), `callme:${filter}`);
  useEffect(() => realtime.on(CallEvent.callMe, retry), [retry]);
  return [state, retry] as const;
}

export function AuthorizationRow({ item, onChanged }: { item: CallMeItem; onChanged: () => void }) {
  const { anchor_info: anchor } = item;
  return (
    <li className="callme-row card" data-testid="callme-row">
      <img
        src={anchor.anchor_avatar}
        alt=""
        className="callme-avatar"
        width={52}
        height={52}
        loading="lazy"
      />
      <div className="callme-main">
        <p className="callme-name">
          <Link to="/authformdetail" search={{ ref_no: item.ref_no }}>
            {anchor.anchor_nickname}
          </Link>{' '}
          <span className={`callme-status callme-status-${item.status}`}>{STATUS_LABELS[item.status]}</span>
        </p>
        {item.message && <p className="callme-message">{item.message}</p>}
        <p className="muted callme-time">
          <When seconds={item.answered_time || item.created_time} short />
          {item.used > 0 && ` · used for ${item.used} call request${item.used === 1 ? '' : 's'}`}
        </p>
      </div>
      <AuthorizationActions item={item} onChanged={onChanged} />
    </li>
  );
}

function Rows({ list, onChanged, empty }: { list: CallMeItem[]; onChanged: () => void; empty: string }) {
  if (list.length === 0) return <div className="empty-state">{empty}</div>;
  return (
    <ul className="callme-list" data-testid="callme-list">
      {list.map((item) => (
        <AuthorizationRow key={item.ref_no} item={item} onChanged={onChanged} />
      ))}
    </ul>
  );
}

function Filters({ counts, active }: { counts: Omit<CallMeList, 'list'> | undefined; active: CallMeFilter }) {
  return (
    <nav className="callme-filters" aria-label="Filter by status">
      {CALL_ME_FILTERS.map((f) => (
        <Link
          key={f.id}
          to="/callmelist"
          search={f.id === 'all' ? {} : { status: f.id }}
          className="callme-filter"
          aria-current={f.id === active ? 'page' : undefined}
          data-testid={`callme-filter-${f.id}`}
        >
          {f.label}
          {counts && <span className="callme-count"> {filterCount(counts, f.id)}</span>}
        </Link>
      ))}
    </nav>
  );
}

const EMPTY: Record<CallMeFilter, string> = {
  all: 'No broadcaster has asked you to call her yet.',
  waiting: 'No invitation is waiting for your answer.',
  success: 'You have not authorized anyone to call you.',
  revoked: 'No cancelled authorizations.',
  declined: 'No declined invitations.',
};

export function CallMeListPage() {
  const filter = useLocation({
    select: (l): CallMeFilter => {
      const asked = (l.search as Record<string, unknown>).status;
      return isCallMeFilter(asked) ? asked : 'all';
    },
  });
  const [state, retry] = useCallMeList(filter);
  const data = state.status === 'ready' ? state.data : undefined;
  return (
    <div className="page callme-page" data-testid="callmelist">
      <p className="callme-kicker">
        <Link to="/callService">Call service</Link>
      </p>
      <h1 className="page-title">Call-me requests</h1>
      <p className="muted">
        Broadcasters who would like you to call them. Accept to let her call you through our call center.
      </p>
      <Filters counts={data} active={filter} />
      {state.status === 'loading' && (
        <p className="callme-loading" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {data && <Rows list={data.list} onChanged={retry} empty={EMPTY[filter]} />}
      <p>
        <Link to="/callAuthorization" className="text-link">
          Your call authorizations
        </Link>
      </p>
    </div>
  );
}

export function CallAuthorizationPage() {
  const [state, retry] = useCallMeList('success');
  return (
    <div className="page callme-page" data-testid="call-authorizations">
      <p className="callme-kicker">
        <Link to="/callService">Call service</Link>
      </p>
      <h1 className="page-title">Call authorizations</h1>
      <p className="muted">
        The broadcasters you allow to call you. Our call center rings you first; you talk only if you answer.
      </p>
      <p>
        <Link to="/callEditAuthorization" className="btn btn-primary">
          Authorize a broadcaster
        </Link>
      </p>
      {state.status === 'loading' && (
        <p className="callme-loading" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <Rows list={state.data.list} onChanged={retry} empty="You have not authorized anyone to call you." />
      )}
      <p>
        <Link to="/callmelist" className="text-link">
          Call-me requests
          {state.status === 'ready' &&
            state.data.callme_waiting > 0 &&
            ` (${state.data.callme_waiting} waiting)`}
        </Link>
      </p>
    </div>
  );
}
