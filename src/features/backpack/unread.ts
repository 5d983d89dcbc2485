/**
 * The backpack's unread counts, shared by the user menu's Backpack item and the overview: loaded
 * when either shows, and replaced by the answer when a pack page marks its pack read.
 */
import { useEffect } from 'react';
import { proxy } from 'valtio';
import type { BackpackKind, BackpackUnreadNum } from '../../../protocol/backpack/backpack';
import { getBackpackUnreadNum, setBackpackRead } from './api';

export const backpackState = proxy({ unread: null as BackpackUnreadNum | null });

/** Loads the counts again; a failure keeps what shows (a badge is a nicety). */
export function refreshBackpackUnread(): Promise<BackpackUnreadNum | null> {
  return getBackpackUnreadNum().then(
    (unread) => {
      backpackState.unread = unread;
      return unread;
    },
    () => null,
  );
}

/** A pack page: once its list has shown (with its "New" marks), the pack is read. */
export function useMarkPackRead(kind: BackpackKind, shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    setBackpackRead(kind).then(
      (unread) => {
        backpackState.unread = unread;
      },
      // Not marked: the pack stays new and is marked on the next visit.
      () => undefined,
    );
  }, [kind, shown]);
}
