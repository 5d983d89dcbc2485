/** A paged list's foot: Load more, its loading and retry states, and the end of the list. */
import type { LoadMoreState } from './hot-list';

const LABELS: Record<LoadMoreState, string> = {
  loadmore: 'Load more',
  loading: 'Loading…',
  retry: 'Retry',
  nodata: 'No more broadcasters',
};

export function LoadMoreButton({
  status,
  error,
  onLoad,
}: {
  status: LoadMoreState;
  error: string;
  onLoad: () => void;
}) {
  return (
    <div className="load-more">
      {status === 'retry' && (
        <p className="load-more-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className={status === 'nodata' ? 'btn btn-ghost' : 'btn btn-secondary'}
        data-testid="load-more"
        data-state={status}
        disabled={status === 'loading' || status === 'nodata'}
        aria-live="polite"
        onClick={onLoad}
      >
        {status === 'loading' && <span className="spinner spinner-small" aria-hidden="true" />}
        {LABELS[status]}
      </button>
    </div>
  );
}
