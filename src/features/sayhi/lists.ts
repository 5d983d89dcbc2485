/**
 * A Say Hi list as a page reads it: what IndexedDB holds shows at once (and offline), then the
 * network answer replaces it and is stored. A response arriving (realtime) refreshes the list.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { SAY_HI_RESPONSE_EVENT, type SayHiListData } from '../../../protocol/sayhi/sayhi';
import { isConnectionError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { readSayHiList, saveSayHiList } from '../../db/sayhi';
import { realtime } from '../../realtime';
import { userState } from '../../state/user';
import { getSayHiList, type SayHiListType } from './api';

export interface SayHiListView {
  data: SayHiListData | null;
  /** Set while the data shown is the stored copy (time it was saved) and the network has not answered. */
  storedAt: number | null;
  /** The network failed: offline (the stored copy stays) or another error. */
  offline: boolean;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** The next page (SAY_HI_PAGE_SIZE); offered while fewer than `total` are shown. */
  loadMore: () => Promise<void>;
}

export function useSayHiList(type: SayHiListType): SayHiListView {
  const userid = useSnapshot(userState).me?.userid ?? '';
  const [data, setData] = useState<SayHiListData | null>(null);
  const [storedAt, setStoredAt] = useState<number | null>(null);
  const [offline, setOffline] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);

  useEffect(() => {
    if (!userid) return;
    let live = true;
    let answered = false;
    setLoading(true);
    void readSayHiList(userid, type).then((cached) => {
      // The network may have answered first: the stored copy never overwrites it.
      if (live && cached && !answered) {
        setData(cached.data);
        setStoredAt(cached.savedAt);
      }
    });
    getSayHiList(type).then(
      (fresh) => {
        if (!live) return;
        answered = true;
        setData(fresh);
        setStoredAt(null);
        setOffline(false);
        setError(null);
        setLoading(false);
        void saveSayHiList(userid, type, fresh);
      },
      (failure: unknown) => {
        if (!live) return;
        setOffline(isConnectionError(failure));
        setError(errorText(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [userid, type, attempt]);

  useEffect(() => realtime.on(SAY_HI_RESPONSE_EVENT, reload), [reload]);

  const loadMore = useCallback(async () => {
    if (!data) return;
    try {
      const next = await getSayHiList(type, data.list.length);
      setData((now) =>
        now
          ? {
              ...next,
              list: [...now.list, ...next.list.filter((i) => !now.list.some((o) => o.sayid === i.sayid))],
            }
          : next,
      );
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [data, type]);

  return { data, storedAt, offline, error, loading, reload, loadMore };
}
