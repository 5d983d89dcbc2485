/** The foot of a list read with useHistory: Loading…, Load more, or the error with Retry. */
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import type { History } from './use-history';

export function HistoryMore({ history }: { history: History<unknown> }) {
  const { status, error } = history;
  if (status === 'loading')
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  if (status === 'loadmore')
    return (
      <button type="button" className="btn btn-secondary history-more" onClick={history.loadMore}>
        Load more
      </button>
    );
  if (status === 'retry')
    return (
      <div className="history-more">
        <ErrorRetry message={error} onRetry={history.retry} />
      </div>
    );
  return null;
}
