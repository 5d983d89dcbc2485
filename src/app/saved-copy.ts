/**
 * Pages readable offline: what a page loaded online is kept on this device (src/db/saved.ts, for
 * the signed-in member only), and when the network is away the page shows that copy with when it
 * was saved (app/layout/SavedNote.tsx). The cache's code loads only when used and writes wait for
 * first paint, so no page's start carries it; it is plain IndexedDB, not Dexie.
 */
import { isConnectionError } from '../api/client';
import { userState } from '../state/user';
import { afterFirstPaint } from './first-paint';

export interface Loaded<T> {
  data: T;
  /** Set (ms) when the network was away and this is the copy saved then; null: fresh. */
  savedAt: number | null;
}

const cache = () => import('../db/saved');

/** Keeps `data` as this member's copy of `what` (after first paint; fails soft). */
export function keepCopy(what: string, data: unknown): void {
  void afterFirstPaint.then(async () => {
    const userid = userState.me?.userid;
    if (userid) await (await cache()).saveCopy(userid, what, data);
  });
}

/** This member's saved copy of `what`, if any. */
export async function readSavedCopy<T>(what: string): Promise<{ data: T; savedAt: number } | undefined> {
  const userid = userState.me?.userid;
  if (!userid) return undefined;
  try {
    const saved = await (await cache()).readCopy(userid, what);
    return saved && { data: saved.data as T, savedAt: saved.savedAt };
  } catch {
    // The cache's code could not load either (offline before it ever did).
    return undefined;
  }
}

/**
 * Runs `load`: its answer is kept as `what`; when it fails for want of network and a copy was
 * kept, that copy answers instead (with its time). Other failures, or none kept, fail as before.
 */
export async function loadOrSaved<T>(what: string, load: () => Promise<T>): Promise<Loaded<T>> {
  try {
    const data = await load();
    keepCopy(what, data);
    return { data, savedAt: null };
  } catch (error) {
    const saved = isConnectionError(error) ? await readSavedCopy<T>(what) : undefined;
    if (!saved) throw error;
    return saved;
  }
}
