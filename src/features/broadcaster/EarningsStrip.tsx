/** What she is earning, in her studio: this session (since she went live) and today (GMT). */
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { useEarnings } from './use-earnings';

export function EarningsStrip({
  sinceMs,
  active,
  reloadKey,
}: {
  sinceMs: number | null;
  active: boolean;
  reloadKey: unknown;
}) {
  const [state, retry] = useEarnings({ sinceMs, active, reloadKey });
  const money = useMoneyLabelOf();
  const data = state.status === 'loading' ? undefined : state.data;
  return (
    <section className="card studio-earnings" aria-labelledby="earnings-title" data-testid="studio-earnings">
      <h2 id="earnings-title">Earnings</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {data && (
        <dl className="studio-earnings-figures">
          <div>
            <dt>{sinceMs === null ? 'This session' : active ? 'This session' : 'Last session'}</dt>
            <dd data-testid="earnings-session">{sinceMs === null ? '—' : money(data.session)}</dd>
          </div>
          <div>
            <dt>Today (GMT)</dt>
            <dd data-testid="earnings-today">{money(data.today)}</dd>
          </div>
        </dl>
      )}
      {state.status === 'error' && (
        <p className="studio-earnings-error" role="alert">
          {state.error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
            Retry
          </button>
        </p>
      )}
    </section>
  );
}
