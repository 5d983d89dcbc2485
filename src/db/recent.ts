/**
 * The recent invitation lists and the closed bubbles in IndexedDB (db version 2). Like the rest of
 * the cache every call fails soft: without IndexedDB the bubbles still work, only nothing survives.
 * Reads at start go through plain IndexedDB (start-store.ts); Dexie loads with the first write (a
 * new invitation arriving, a bubble closed), not with every page.
 */
import { RECENT_LIST_AGE_MS } from '../../protocol/realtime';
import { inBackground } from '../app/first-paint';
import { keepRecent, type RecentEntry, type RecentListName } from '../features/invites/recent';
import type { GlimmerDb } from './db';
import { getRow, getRowsBy } from './start-store';

let loading: Promise<GlimmerDb> | undefined;
let wanted: () => void = () => {};
/** Resolves when a write here first needs Dexie. */
const dexieWanted = new Promise<void>((resolve) => {
  wanted = resolve;
});
const dexie = () => {
  wanted();
  loading ??= import('./db').then((m) => m.db);
  return loading;
};

/**
 * Follows this member's recent lists as every tab writes them (Dexie's live query). It starts with
 * the background work, or sooner when this tab writes an entry; `readRecent` answers until then.
 */
export async function followRecent(
  userid: string,
  next: (rows: RecentEntry[]) => void,
  error: (reason: unknown) => void,
): Promise<() => void> {
  await Promise.race([inBackground, dexieWanted]);
  const [{ liveQuery }, db] = await Promise.all([import('dexie'), dexie()]);
  const subscription = liveQuery(() => db.recent.where('userid').equals(userid).toArray()).subscribe({
    next,
    error,
  });
  return () => subscription.unsubscribe();
}

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
    async () => {
      // Stored already (an earlier page, another tab): it keeps its first time and countdown, so
      // there is nothing to write, and a start that meets its pending invitations again does not
      // load Dexie for them.
      const stored = await getRow('recent', entry.key);
      if (stored?.userid === entry.userid) return;
      const db = await dexie();
      await db.transaction('rw', db.recent, async () => {
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
      });
    },
    undefined,
  );

/** Forgets one invitation of this member in every list (the server withdrew it). */
export const dropRecent = (id: string, userid: string) =>
  soft(
    'drop',
    async () =>
      (await dexie()).recent
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
      const mine = await getRowsBy('recent', 'userid', userid);
      return list ? mine.filter((entry) => entry.list === list) : mine;
    },
    [] as RecentEntry[],
  );

/** Records a closed bubble; records that can no longer come back are deleted on the way. */
export const saveClosed = (id: string, userid: string, until: number, now = Date.now()) =>
  soft(
    'save closed',
    async () => {
      const db = await dexie();
      await db.closedBubbles.where('until').below(now).delete();
      await db.closedBubbles.put({ id, userid, until });
    },
    undefined,
  );

/** The ids this member closed that could still come back. */
export const readClosed = (userid: string, now = Date.now()) =>
  soft(
    'read closed',
    async () => {
      const rows = await getRowsBy('closedBubbles', 'userid', userid);
      return rows.filter((row) => row.until >= now).map((row) => row.id);
    },
    [] as string[],
  );
