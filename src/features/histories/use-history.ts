/**
 * A history read page by page, newest first, with the spec's load-more statuses (002 §4: loadmore,
 * loading, retry, nodata). The next page starts after the rows received so far; a move made
 * meanwhile shifts the pages by a row, so a row already shown is dropped by id, not shown twice.
 * A failure while the device is offline is retried by itself when the network is back.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../api/use-request';
import { useOnline } from '../../app/use-online';

export type HistoryStatus = 'loading' | 'loadmore' | 'retry' | 'nodata' | 'end' | 'error';

export interface History<T> {
  items: T[];
  status: HistoryStatus;
  error: string;
  online: boolean;
  loadMore: () => void;
  retry: () => void;
}

export function useHistory<T extends { id: number }>(
  load: (start: number, step: number) => Promise<{ list: T[] }>,
  step: number,
  /** A change reloads from the start (the balance moved while the page was open). */
  version: unknown,
): History<T> {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<HistoryStatus>('loading');
  const [error, setError] = useState('');
  const online = useOnline();
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
        received.current = start + list.length;
        setItems((current) => {
          const base = fromStart ? [] : current;
          const seen = new Set(base.map((item) => item.id));
          return [...base, ...list.filter((item) => !seen.has(item.id))];
        });
        if (list.length >= step) setStatus('loadmore');
        else setStatus(start === 0 && list.length === 0 ? 'nodata' : 'end');
      } catch (e) {
        if (mine !== generation.current) return;
        setError(errorText(e));
        setStatus(start === 0 ? 'error' : 'retry');
      }
    },
    [step],
  );

  useEffect(() => {
    void fetchPage(true);
  }, [fetchPage, version]);

  const failed = status === 'error' || status === 'retry';
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && failed) void fetchPage(status === 'error');
    wasOnline.current = online;
  }, [online, failed, status, fetchPage]);

  const loadMore = useCallback(() => void fetchPage(false), [fetchPage]);
  const retry = useCallback(() => void fetchPage(status === 'error'), [fetchPage, status]);
  return { items, status, error, online, loadMore, retry };
}
