/** A paged list of shows with the spec's failed-load text and Retry, and load more at the end. */
import { listImage } from '../../app/images/loading';
import type { Paged } from './paged';
import { ShowCard } from './ShowCard';
import { useNow } from './use-now';

/** About as many cards as the first screen shows: their covers load at once. */
const FIRST_SCREEN_CARDS = 4;

interface Props {
  paged: Paged;
  /** 'Failed to load published shows, please try again.' or '... my tickets ...'. */
  failedText: string;
  emptyText: string;
  history?: boolean;
  compact?: boolean;
  /** How many cards show on the first screen (their covers load at once); 0 below the fold. */
  firstScreenCards?: number;
  testId: string;
}

export function ShowList({
  paged,
  failedText,
  emptyText,
  history,
  compact,
  firstScreenCards = FIRST_SCREEN_CARDS,
  testId,
}: Props) {
  const now = useNow();
  const { items, status } = paged;
  if (status === 'error') {
    return (
      <div className="error-state" role="alert" data-testid={`${testId}-error`}>
        <p>{failedText}</p>
        <button type="button" className="btn btn-secondary" onClick={paged.retry}>
          Retry
        </button>
      </div>
    );
  }
  if (status === 'nodata') return <p className="empty-state">{emptyText}</p>;
  if (status === 'loading' && items.length === 0) {
    return (
      <p className="empty-state" role="status">
        Loading…
      </p>
    );
  }
  return (
    <>
      <ul className="show-list" data-testid={testId} aria-busy={status === 'loading'}>
        {items.map((show, i) => (
          <ShowCard
            key={show.live_show_id}
            show={show}
            now={now}
            history={history}
            compact={compact}
            image={listImage(i, firstScreenCards)}
          />
        ))}
      </ul>
      <div className="show-more">
        {status === 'loadmore' && (
          <button type="button" className="btn btn-ghost" onClick={paged.loadMore}>
            Load more
          </button>
        )}
        {status === 'loading' && <span role="status">Loading…</span>}
        {(status === 'retry' || status === 'offline') && (
          <span role="alert">
            {failedText}{' '}
            <button type="button" className="btn btn-ghost btn-small" onClick={paged.retry}>
              Retry
            </button>
          </span>
        )}
      </div>
    </>
  );
}
