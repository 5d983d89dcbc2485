/**
 * A paged list with the spec's load-more statuses (002 §4: loadmore, loading, retry, nodata): the
 * first page's failure is shown in place with Retry; a later page's failure offers Retry at the end.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShowInfo } from '../../../protocol/shows/shows';
import { errorText } from '../../api/use-request';
import { type LiveShow, received } from './rules';

/** 'offline': the first page failed and a saved copy is shown (with the failure and Retry). */
export type PagedStatus = 'loading' | 'loadmore' | 'retry' | 'nodata' | 'end' | 'error' | 'offline';

/** Where a list keeps its first page for offline reading (My tickets). */
export interface PagedCache {
  read(): Promise<{ list: ShowInfo[]; savedAt: number } | undefined>;
  write(list: ShowInfo[]): void;
}

export interface Paged {
  items: LiveShow[];
  status: PagedStatus;
  error: string;
  /** While the items are the saved copy (status 'offline'), when it was saved (ms). */
  savedAt: number | null;
  loadMore: () => void;
  retry: () => void;
}

/** `key` names what is listed; `version` reloads it from the start (after a purchase or refund). */
export function usePaged(
  load: (start: number, step: number) => Promise<ShowInfo[]>,
  step: number,
  key: string,
  version: number,
  cache?: PagedCache,
): Paged {
  const [items, setItems] = useState<LiveShow[]>([]);
  const [status, setStatus] = useState<PagedStatus>('loading');
  const [error, setError] = useState('');
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const cacheRef = useRef(cache);
  cacheRef.current = cache;

  const fetchPage = useCallback(
    async (start: number, replace: boolean) => {
      const mine = generation.current;
      setStatus('loading');
      try {
        const page = await loadRef.current(start, step);
        if (mine !== generation.current) return;
        const at = Date.now();
        if (start === 0) cacheRef.current?.write(page);
        if (start === 0) setSavedAt(null);
        setItems((current) => [...(replace ? [] : current), ...page.map((s) => received(s, at))]);
        if (page.length >= step) setStatus('loadmore');
        else setStatus(start === 0 && page.length === 0 ? 'nodata' : 'end');
      } catch (e) {
        if (mine !== generation.current) return;
        setError(errorText(e));
        if (start !== 0) return setStatus('retry');
        const saved = await cacheRef.current?.read();
        if (mine !== generation.current) return;
        if (saved && saved.list.length > 0) {
          // Counted down from when it was saved, so the countdowns stay right.
          setItems(saved.list.map((s) => received(s, saved.savedAt)));
          setSavedAt(saved.savedAt);
          setStatus('offline');
        } else setStatus('error');
      }
    },
    [step],
  );

  useEffect(() => {
    generation.current++;
    void fetchPage(0, true);
  }, [key, version, fetchPage]);

  const loadMore = useCallback(() => void fetchPage(items.length, false), [fetchPage, items.length]);
  const retry = useCallback(() => {
    if (items.length === 0 || savedAt !== null) void fetchPage(0, true);
    else void fetchPage(items.length, false);
  }, [fetchPage, items.length, savedAt]);
  return { items, status, error, savedAt, loadMore, retry };
}
