/**
 * Pages kept for offline reading in IndexedDB (db version 12): one copy per member and page, the
 * last one loaded online. Keyed by member, so another member on this device never reads it, and
 * emptied at sign-out with the rest of the cache. Fails soft like the rest of the cache.
 */
import { db, type SavedCopy } from './db';

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const keyOf = (userid: string, what: string) => `${userid}:${what}`;

export async function saveCopy(userid: string, what: string, data: unknown): Promise<void> {
  try {
    await db.savedCopies.put({ key: keyOf(userid, what), userid, data: plain(data), savedAt: Date.now() });
  } catch (error) {
    console.warn('[saved] saving a copy failed:', error instanceof Error ? error.message : error);
  }
}

export async function readCopy(userid: string, what: string): Promise<SavedCopy | undefined> {
  try {
    return await db.savedCopies.get(keyOf(userid, what));
  } catch (error) {
    console.warn('[saved] reading a copy failed:', error instanceof Error ? error.message : error);
    return undefined;
  }
}
