/** The hot list: pages of 7 with the load-more control (loadmore, loading, retry, nodata). */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { getAnchorList } from '../../api/anchors';
import { errorText } from '../../api/use-request';
import { afterFirstPaint } from '../../app/first-paint';
import { memberPrivOf, userState } from '../../state/user';
import { AnchorCard, AnchorCardSkeleton } from './AnchorCard';
import { HOT_STEP, hotListReducer, initialHotList, type LoadMoreState } from './hot-list';
import { skeletonKeys } from './skeleton-keys';

const LABELS: Record<LoadMoreState, string> = {
  loadmore: 'Load more',
  loading: 'Loading…',
  retry: 'Retry',
  nodata: 'No more broadcasters',
};

export function HotList() {
  const [state, dispatch] = useReducer(hotListReducer, initialHotList);
  const { me } = useSnapshot(userState);
  const priv = memberPrivOf(me);
  const startRef = useRef(state.start);
  startRef.current = state.start;
  const live = useRef(true);
  // One page at a time: a second click, or a remounted effect, waits for the page in flight.
  const inFlight = useRef(false);

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'request' });
    try {
      const { list } = await getAnchorList(startRef.current, HOT_STEP);
      if (live.current) dispatch({ type: 'page', list, step: HOT_STEP });
    } catch (error) {
      if (live.current) dispatch({ type: 'failed', error: errorText(error) });
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    live.current = true;
    // Below the first screen at any width: its first page waits until that screen has painted.
    void afterFirstPaint.then(() => {
      if (live.current) void load();
    });
    return () => {
      live.current = false;
    };
  }, [load]);

  const firstLoad = state.items.length === 0 && state.status === 'loading';
  const empty = state.items.length === 0 && state.status === 'nodata';

  return (
    <section className="section" aria-labelledby="hot-title">
      <div className="section-head">
        <div>
          <h2 id="hot-title">Hot broadcasters</h2>
          <p>Most popular right now</p>
        </div>
      </div>
      {empty ? (
        <p className="empty-state">No data to show.</p>
      ) : (
        <div className="anchor-grid" data-testid="hot-list" aria-busy={state.status === 'loading'}>
          {state.items.map((a) => (
            <AnchorCard key={a.userid} anchor={a} priv={priv} />
          ))}
          {state.status === 'loading' &&
            skeletonKeys(firstLoad ? HOT_STEP : 2).map((key) => <AnchorCardSkeleton key={key} />)}
        </div>
      )}
      {!empty && (
        <div className="load-more">
          {state.status === 'retry' && (
            <p className="load-more-error" role="alert">
              {state.error}
            </p>
          )}
          <button
            type="button"
            className={state.status === 'nodata' ? 'btn btn-ghost' : 'btn btn-secondary'}
            data-testid="load-more"
            data-state={state.status}
            disabled={state.status === 'loading' || state.status === 'nodata'}
            aria-live="polite"
            onClick={() => void load()}
          >
            {state.status === 'loading' && <span className="spinner spinner-small" aria-hidden="true" />}
            {LABELS[state.status]}
          </button>
        </div>
      )}
    </section>
  );
}
