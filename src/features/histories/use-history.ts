/**
 * A history read page by page, newest first, with the spec's load-more statuses (002 §4: loadmore,
 * loading, retry, nodata). The next page starts after the rows received so far; a move made
 * meanwhile shifts the pages by a row, so a row already shown is dropped by id, not shown twice.
 * A failure shows ErrorRetry, which tries again by itself when the network is back. Given a
 * `saved` name, the first page is kept on this device and shows offline, with when it was saved.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isConnectionError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { keepCopy, readSavedCopy } from '../../app/saved-copy';

export type HistoryStatus = 'loading' | 'loadmore' | 'retry' | 'nodata' | 'end' | 'error';

export interface History<T> {
  items: T[];
  status: HistoryStatus;
  error: string;
  /** Set (ms) while the rows are the copy saved on this device (the network is away). */
  savedAt: number | null;
  loadMore: () => void;
  retry: () => void;
}

export function useHistory<T extends { id: number }>(
  load: (start: number, step: number) => Promise<{ list: T[] }>,
  step: number,
  /** A change reloads from the start (the balance moved while the page was open). */
  version: unknown,
  /** The name its first page is kept under for offline reading ('credit-history'). */
  saved?: string,
): History<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<HistoryStatus>('loading');
  const [error, setError] = useState('');
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const received = useRef(0);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(
    async (fromStart: boolean) => {
      const mine = fromStart ? ++generation.current : generation.current;
      const start = fromStart ? 0 : received.current;
      setStatus('loading');
      try {
        const { list } = await loadRef.current(start, step);
        if (mine !== generation.current) return;
        if (saved && start === 0) keepCopy(saved, list);
        setSavedAt(null);
        received.current = start + list.length;
        setItems((current) => {
          const base = fromStart ? [] : current;
          const seen = new Set(base.map((item) => item.id));
          return [...base, ...list.filter((item) => !seen.has(item.id))];
        });
        if (list.length >= step) setStatus('loadmore');
        else setStatus(start === 0 && list.length === 0 ? 'nodata' : 'end');
      } catch (e) {
        const copy =
          saved && start === 0 && isConnectionError(e) ? await readSavedCopy<T[]>(saved) : undefined;
        if (mine !== generation.current) return;
        if (copy) {
          setItems(copy.data);
          setSavedAt(copy.savedAt);
          return setStatus('end');
        }
        setError(errorText(e));
        setStatus(start === 0 ? 'error' : 'retry');
      }
    },
    [step, saved],
  );

  useEffect(() => {
    void fetchPage(true);
  }, [fetchPage, version]);

  const loadMore = useCallback(() => void fetchPage(false), [fetchPage]);
  // From the start after a first page that failed, or over a saved copy.
  const retry = useCallback(
    () => void fetchPage(status === 'error' || savedAt !== null),
    [fetchPage, status, savedAt],
  );
  return { items, status, error, savedAt, loadMore, retry };
}
