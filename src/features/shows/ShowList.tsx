/** A paged list of shows with the spec's failed-load text and Retry, and load more at the end. */
import { Messages } from '../../../protocol/errors';
import { listImage } from '../../app/images/loading';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { SavedNote } from '../../app/layout/SavedNote';
import { useOnline, useWhenOnline } from '../../app/use-online';
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
  const online = useOnline();
  const { items, status } = paged;
  // A later page that failed loads again by itself once the network is back (ErrorRetry and
  // SavedNote do so for the first).
  useWhenOnline(status === 'retry', paged.retry);
  if (status === 'error') {
    return (
      <ErrorRetry
        message={online ? failedText : Messages.offline}
        onRetry={paged.retry}
        testId={`${testId}-error`}
      />
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
      {status === 'offline' && !online && paged.savedAt !== null && (
        <SavedNote savedAt={paged.savedAt} onRefresh={paged.retry} />
      )}
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
        {(status === 'retry' || (status === 'offline' && online)) && (
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
