/**
 * The hot list: pages of 7 with the load-more control (loadmore, loading, retry, nodata), leaving
 * out the broadcasters shown above it (`exclude`; null while those sections still load).
 */
import { startTransition, useCallback, useEffect, useReducer, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { AnchorCard as Anchor } from '../../../protocol/types';
import { isConnectionError } from '../../api/client';
import { afterFirstPaint } from '../../app/first-paint';
import { keepCopy, readSavedCopy } from '../../app/saved-copy';
import { memberPrivOf, userState } from '../../state/user';
import { AnchorCard, AnchorCardSkeleton } from './AnchorCard';
import { getAnchorList } from './api';
import { HOT_STEP, hotListReducer, initialHotList, loadMore } from './hot-list';
import { LoadMoreButton } from './LoadMoreButton';
import { skeletonKeys } from './skeleton-keys';

const fetchHot = async (start: number, step: number) => (await getAnchorList(start, step)).list;
/** Its first page as shown online, kept for offline (Discover's note says when it was saved). */
const SAVED = 'discover:hot';

export function HotList({ exclude }: { exclude: ReadonlySet<string> | null }) {
  const [state, dispatch] = useReducer(hotListReducer, initialHotList);
  const { me } = useSnapshot(userState);
  const priv = memberPrivOf(me);
  const stateRef = useRef(state);
  stateRef.current = state;
  const excludeRef = useRef(exclude);
  excludeRef.current = exclude;
  const live = useRef(true);
  // One page at a time: a second click, or a remounted effect, waits for the page in flight.
  const inFlight = useRef(false);
  /** Whether the first page shown is the saved copy (then it is not saved again). */
  const fromSaved = useRef(false);
  const kept = useRef(false);

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    let failure: unknown;
    try {
      const s = await loadMore(
        stateRef.current,
        HOT_STEP,
        HOT_STEP,
        (start, step) =>
          fetchHot(start, step).catch((error: unknown) => {
            failure = error;
            throw error;
          }),
        // A page of cards renders in a transition's slices, not in one task.
        (event) => live.current && startTransition(() => dispatch(event)),
        excludeRef.current ?? undefined,
      );
      // No network for the first page: the one kept last time, if any.
      if (s.items.length === 0 && s.status === 'retry' && isConnectionError(failure)) {
        const saved = await readSavedCopy<Anchor[]>(SAVED);
        if (saved && saved.data.length > 0 && live.current) {
          fromSaved.current = true;
          const count = saved.data.length;
          dispatch({ type: 'page', list: saved.data, step: count, exclude: excludeRef.current ?? undefined });
          dispatch({ type: 'show', count });
        }
      }
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    if (kept.current || fromSaved.current || state.items.length === 0) return;
    kept.current = true;
    keepCopy(SAVED, state.items);
  }, [state.items]);

  const ready = exclude !== null;
  useEffect(() => {
    live.current = true;
    // Below the first screen at any width: its first page waits until that screen has painted,
    // and until the sections above have shown whom they show.
    if (ready)
      void afterFirstPaint.then(() => {
        if (live.current && stateRef.current.items.length === 0) void load();
      });
    // Back online after a failed page: it tries again by itself.
    const back = () => {
      if (stateRef.current.status === 'retry') void load();
    };
    window.addEventListener('online', back);
    return () => {
      live.current = false;
      window.removeEventListener('online', back);
    };
  }, [load, ready]);

  // A section above that loads again later (Retry) may show one of these: never twice on a screen.
  const items = exclude ? state.items.filter((a) => !exclude.has(a.userid)) : state.items;
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
          {items.map((a) => (
            <AnchorCard key={a.userid} anchor={a} priv={priv} />
          ))}
          {state.status === 'loading' &&
            skeletonKeys(firstLoad ? HOT_STEP : 2).map((key) => <AnchorCardSkeleton key={key} />)}
        </div>
      )}
      {!empty && <LoadMoreButton status={state.status} error={state.error} onLoad={() => void load()} />}
    </section>
  );
}
