/**
 * A paged video list with the spec's load-more statuses (002 §2: loadmore, loading, retry, nodata):
 * the first page's failure is shown in place with Retry; a later page's failure offers Retry at the end.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PremiumVideo, PremiumVideoListData } from '../../../protocol/premium-videos/premium-videos';
import { errorText } from '../../api/use-request';

export type PageStatus = 'loading' | 'loadmore' | 'retry' | 'nodata' | 'end' | 'error';

export function useVideoPages(load: (start: number) => Promise<PremiumVideoListData>, key: string) {
  const [items, setItems] = useState<PremiumVideo[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<PageStatus>('loading');
  const [error, setError] = useState('');
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const count = useRef(0);

  const fetchPage = useCallback(async (start: number) => {
    const mine = generation.current;
    setStatus('loading');
    try {
      const page = await loadRef.current(start);
      if (mine !== generation.current) return;
      const next = start + page.list.length;
      count.current = next;
      setItems((current) => [...(start === 0 ? [] : current), ...page.list]);
      setTotal(page.total);
      if (next === 0) setStatus('nodata');
      else setStatus(next < page.total && page.list.length > 0 ? 'loadmore' : 'end');
    } catch (e) {
      if (mine !== generation.current) return;
      setError(errorText(e));
      setStatus(start === 0 ? 'error' : 'retry');
    }
  }, []);

  useEffect(() => {
    generation.current += 1;
    count.current = 0;
    setItems([]);
    void fetchPage(0);
  }, [key, fetchPage]);

  return {
    items,
    total,
    status,
    error,
    loadMore: () => void fetchPage(count.current),
    retry: () => void fetchPage(count.current),
  };
}
