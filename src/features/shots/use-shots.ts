/** Her shots as one list a section shows: loading, ready or failed (with Retry), and likes kept in step. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DynamicListTypeCode, Shot } from '../../../protocol/shots/shots';
import { errorText } from '../../api/use-request';
import { getDynamic } from './api';

export type ShotsState =
  | { status: 'loading' }
  | { status: 'ready'; list: Shot[] }
  | { status: 'failed'; error: string };

export function useShots(anchorId: string, type: DynamicListTypeCode) {
  const [state, setState] = useState<ShotsState>({ status: 'loading' });
  const live = useRef(true);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const { list } = await getDynamic(anchorId, type);
      if (live.current) setState({ status: 'ready', list });
    } catch (error) {
      if (live.current) setState({ status: 'failed', error: errorText(error) });
    }
  }, [anchorId, type]);

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, [load]);

  const liked = useCallback((id: number, likeStatus: 0 | 1) => {
    setState((s) =>
      s.status === 'ready'
        ? { ...s, list: s.list.map((shot) => (shot.id === id ? { ...shot, like_status: likeStatus } : shot)) }
        : s,
    );
  }, []);

  return { state, reload: load, liked };
}
