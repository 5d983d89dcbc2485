/**
 * The operator console (/operator?tab=care|news|reports|deliveries|adverts|phones|tools): one area for every operator role. The
 * server decides who is an operator and which role each call needs (protocol/operator); this page
 * only shows the tabs his roles open. A member who is not an operator is told the area is not his.
 */
import { Link, useSearch } from '@tanstack/react-router';
import { Errno } from '../../../protocol/errors';
import type { OperatorRole } from '../../../protocol/operator/operator';
import { useRequest } from '../../api/use-request';
import { dateTime } from '../../app/time/format';
import { AdvertsPanel } from './AdvertsPanel';
import { getOperatorMe, type OperatorMeAnswer } from './api';
import { CarePanel } from './CarePanel';
import { DeliveriesPanel } from './DeliveriesPanel';
import { NewsPanel } from './NewsPanel';
import { PhonesPanel } from './PhonesPanel';
import { ReportsPanel } from './ReportsPanel';
import './operator.css';

type Tab = 'care' | 'news' | 'reports' | 'deliveries' | 'adverts' | 'phones' | 'tools';
const TABS: { tab: Tab; label: string; roles: OperatorRole[] }[] = [
  { tab: 'care', label: 'Customer care', roles: ['support'] },
  { tab: 'news', label: 'News', roles: ['content'] },
  { tab: 'reports', label: 'Reports', roles: ['trust'] },
  { tab: 'deliveries', label: 'Deliveries', roles: ['deliveries'] },
  { tab: 'adverts', label: 'Adverts', roles: ['adverts'] },
  { tab: 'phones', label: 'Phones', roles: ['dev'] },
  { tab: 'tools', label: 'Trust and tools', roles: ['trust', 'dev'] },
];

function Tools({ me }: { me: OperatorMeAnswer }) {
  const trust = me.roles.includes('trust') || me.roles.includes('dev');
  return (
    <section className="op-panel" aria-label="Trust and tools">
      {trust && (
        <>
          <h2>Face checks waiting</h2>
          {me.face_checks.length === 0 ? (
            <div className="empty-state">No broadcaster is waiting for a face check.</div>
          ) : (
            <ul className="op-list">
              {me.face_checks.map((c) => (
                <li key={c.ref_id} className="card op-row">
                  <strong>{c.anchor_id}</strong>
                  <span className="muted">{dateTime(c.time)}</span>
                  <a href={c.href} target="_blank" rel="noreferrer" className="btn btn-secondary">
                    Open the check
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <h2>Development stand-ins</h2>
      {me.dev_links.length === 0 ? (
        <p className="muted">
          The local stand-ins (SMS outbox, mail outbox, face check) exist only where development tools are on,
          never in production, and only for the dev role.
        </p>
      ) : (
        <ul className="op-links">
          {me.dev_links.map((l) => (
            <li key={l.href}>
              <a href={l.href} target="_blank" rel="noreferrer" data-testid="op-dev-link">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function OperatorConsole() {
  const search = useSearch({ strict: false }) as { tab?: string; phone?: string };
  const [state, retry] = useRequest(getOperatorMe, 'operator');
  if (state.status === 'loading') {
    return (
      <div className="page op-page">
        <p className="muted" role="status">
          Loading…
        </p>
      </div>
    );
  }
  if (state.status === 'error') {
    const refused = state.errno === Errno.NOT_OPERATOR;
    return (
      <div className="page op-page">
        <h1 className="page-title">Operator console</h1>
        <div className="error-state" role="alert">
          <p>{refused ? 'This area is for Glimmer operators only.' : state.error}</p>
          {refused ? (
            <Link to="/home" className="btn btn-primary">
              Back to Glimmer
            </Link>
          ) : (
            <button type="button" className="btn btn-primary" onClick={retry}>
              Retry
            </button>
          )}
        </div>
      </div>
    );
  }
  const me = state.data;
  // The phones exist only where the server says so (the local call center, development tools on).
  const tabs = TABS.filter(
    (t) => t.roles.some((r) => me.roles.includes(r)) && (t.tab !== 'phones' || me.call_center_phones === 1),
  );
  const tab = tabs.find((t) => t.tab === search.tab)?.tab ?? tabs[0]?.tab;
  return (
    <div className="page op-page" data-testid="operator-console">
      <h1 className="page-title">Operator console</h1>
      <p className="muted">
        Signed in as {me.userid} · roles: {me.roles.join(', ')}
      </p>
      <nav className="op-tabs" aria-label="Console sections">
        {tabs.map((t) => (
          <Link
            key={t.tab}
            to="/operator"
            search={{ tab: t.tab }}
            className={`op-tab${t.tab === tab ? ' active' : ''}`}
            aria-current={t.tab === tab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'care' && <CarePanel />}
      {tab === 'news' && <NewsPanel />}
      {tab === 'reports' && <ReportsPanel />}
      {tab === 'deliveries' && <DeliveriesPanel />}
      {tab === 'adverts' && <AdvertsPanel />}
      {tab === 'phones' && <PhonesPanel owner={search.phone} />}
      {tab === 'tools' && <Tools me={me} />}
    </div>
  );
}
