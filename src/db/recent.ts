/**
 * The recent invitation lists and the closed bubbles in IndexedDB (db version 2). Like the rest of
 * the cache every call fails soft: without IndexedDB the bubbles still work, only nothing survives.
 */
import { RECENT_LIST_AGE_MS } from '../../protocol/realtime';
import { keepRecent, type RecentEntry, type RecentListName } from '../features/invites/recent';
import { db } from './db';

async function soft<T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.warn(`[recent] ${what} failed:`, error instanceof Error ? error.message : error);
    return fallback;
  }
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Records an entry and trims its list to the spec's 10 minutes and 24 entries. */
export const saveRecent = (entry: RecentEntry, now = Date.now()) =>
  soft(
    'save',
    () =>
      db.transaction('rw', db.recent, async () => {
        // Seen before (another tab, an earlier start): it keeps its first time and countdown.
        const before = await db.recent.get(entry.key);
        await db.recent.put(plain(before ? { ...entry, at: before.at, until: before.until } : entry));
        const mine = await db.recent.where('userid').equals(entry.userid).toArray();
        const sameList = mine.filter((other) => other.list === entry.list);
        const keep = new Set(keepRecent(sameList, now).map((other) => other.key));
        const stale = mine
          .filter(
            (other) =>
              (other.list === entry.list && !keep.has(other.key)) || now - other.at >= RECENT_LIST_AGE_MS,
          )
          .map((other) => other.key);
        if (stale.length) await db.recent.bulkDelete(stale);
      }),
    undefined,
  );

/** Forgets one invitation of this member in every list (the server withdrew it). */
export const dropRecent = (id: string, userid: string) =>
  soft(
    'drop',
    () =>
      db.recent
        .where('userid')
        .equals(userid)
        .and((entry) => entry.id === id)
        .delete(),
    undefined,
  );

export const readRecent = (userid: string, list?: RecentListName) =>
  soft(
    'read',
    async () => {
      const mine = await db.recent.where('userid').equals(userid).toArray();
      return list ? mine.filter((entry) => entry.list === list) : mine;
    },
    [] as RecentEntry[],
  );

export const saveClosed = (id: string, userid: string, until: number) =>
  soft('save closed', () => db.closedBubbles.put({ id, userid, until }), undefined);

/** The ids this member closed that could still come back; older records are deleted on the way. */
export const readClosed = (userid: string, now = Date.now()) =>
  soft(
    'read closed',
    async () => {
      await db.closedBubbles.where('until').below(now).delete();
      const rows = await db.closedBubbles.where('userid').equals(userid).toArray();
      return rows.map((row) => row.id);
    },
    [] as string[],
  );
