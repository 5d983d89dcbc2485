/**
 * My tickets in the offline cache: the first page of each view is saved when it loads and read back
 * when the network fails, so a member can still see what he holds. Fails soft like src/db/cache.ts.
 */
import type { ShowInfo } from '../../../protocol/shows/shows';
import { db } from '../../db/db';

const keyOf = (userid: string, history: boolean) => `${userid}:${history ? 'history' : 'current'}`;
/** IndexedDB cannot clone proxies; the list came from JSON, so a JSON copy is exact. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export async function saveTickets(userid: string, history: boolean, list: ShowInfo[]): Promise<void> {
  try {
    await db.tickets.put({ key: keyOf(userid, history), userid, list: plain(list), savedAt: Date.now() });
  } catch (error) {
    console.warn('[cache] save tickets failed:', error);
  }
}

export async function readTickets(
  userid: string,
  history: boolean,
): Promise<{ list: ShowInfo[]; savedAt: number } | undefined> {
  try {
    return await db.tickets.get(keyOf(userid, history));
  } catch (error) {
    console.warn('[cache] read tickets failed:', error);
    return undefined;
  }
}
