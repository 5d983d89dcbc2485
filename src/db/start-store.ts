/**
 * The tables every start reads or writes, in plain IndexedDB: the profile and configuration, the
 * pages' offline copies, the recent invitations and closed bubbles. Dexie (30 KiB gzip) need not
 * load for that. Dexie owns the schema: when the database does not exist yet this creates nothing,
 * and a write waits for first paint and goes through Dexie, which creates it. Each call opens and
 * closes its own connection, so Dexie's upgrades are never blocked.
 */
import { afterFirstPaint } from '../app/first-paint';
import type { RecentEntry } from '../features/invites/recent';
import type { CachedConfig, CachedProfile, ClosedBubble, SavedCopy } from './db';

const DB_NAME = 'glimmer';

interface Tables {
  profile: CachedProfile;
  config: CachedConfig;
  savedCopies: SavedCopy;
  recent: RecentEntry;
  closedBubbles: ClosedBubble;
}
type TableName = keyof Tables;

/** The database as Dexie left it, or undefined when it does not exist (or lacks the table). */
function openExisting(table: TableName): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME);
    // Not created yet: leave it to Dexie (aborting the upgrade creates nothing).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      if (db.objectStoreNames.contains(table)) {
        db.onversionchange = () => db.close();
        resolve(db);
      } else {
        db.close();
        resolve(undefined);
      }
    };
    request.onerror = (event) => {
      if (request.error?.name !== 'AbortError') return reject(request.error);
      event.preventDefault();
      resolve(undefined);
    };
  });
}

function run<T>(
  db: IDBDatabase,
  table: TableName,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(table, mode);
    const request = work(tx.objectStore(table));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  }).finally(() => db.close());
}

export async function getRow<K extends TableName>(table: K, key: string): Promise<Tables[K] | undefined> {
  const db = await openExisting(table);
  return db && run<Tables[K] | undefined>(db, table, 'readonly', (store) => store.get(key));
}

export async function putRow<K extends TableName>(table: K, row: Tables[K]): Promise<void> {
  const db = await openExisting(table);
  if (db) {
    await run(db, table, 'readwrite', (store) => store.put(row));
    return;
  }
  // A device's first visit: Dexie creates the database once the page has painted (a member who
  // loses the network soon after must find his profile on reload).
  await afterFirstPaint;
  const { db: dexie } = await import('./db');
  await dexie.table(table).put(row);
}

/** The rows whose `index` equals `key` (an index Dexie declared), oldest key first. */
export async function getRowsBy<K extends TableName>(
  table: K,
  index: string,
  key: string,
): Promise<Tables[K][]> {
  const db = await openExisting(table);
  return db ? run<Tables[K][]>(db, table, 'readonly', (store) => store.index(index).getAll(key)) : [];
}

export async function clearTable(table: TableName): Promise<void> {
  const db = await openExisting(table);
  if (db) await run(db, table, 'readwrite', (store) => store.clear());
}
