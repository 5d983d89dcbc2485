/**
 * Pages kept for offline reading in IndexedDB (db version 12): one copy per member and page, the
 * last one loaded online. Keyed by member, so another member on this device never reads it, and
 * emptied at sign-out with the rest of the cache. Plain IndexedDB (start-store.ts): reading a copy
 * offline needs no more code than this file. Fails soft like the rest of the cache.
 */
import type { SavedCopy } from './db';
import { getRow, putRow } from './start-store';

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const keyOf = (userid: string, what: string) => `${userid}:${what}`;

export async function saveCopy(userid: string, what: string, data: unknown): Promise<void> {
  try {
    await putRow('savedCopies', { key: keyOf(userid, what), userid, data: plain(data), savedAt: Date.now() });
  } catch (error) {
    console.warn('[saved] saving a copy failed:', error instanceof Error ? error.message : error);
  }
}

export async function readCopy(userid: string, what: string): Promise<SavedCopy | undefined> {
  try {
    return await getRow('savedCopies', keyOf(userid, what));
  } catch (error) {
    console.warn('[saved] reading a copy failed:', error instanceof Error ? error.message : error);
    return undefined;
  }
}
