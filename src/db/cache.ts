/**
 * Reads and writes of the offline cache. A browser without IndexedDB (or a private window refusing
 * it) must still run the app, so every call here fails soft: it logs and answers as if empty. The
 * profile and configuration go through plain IndexedDB (start-store.ts): Dexie is not on the first
 * page's path.
 */
import type { AppConfig, MoneyData, OwnUserInfo } from '../../protocol/types';
import type { CachedConfig, CachedProfile } from './db';
import { clearTable, getRow, putRow } from './start-store';

async function soft<T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.warn(
      `[cache] ${what} failed:`,
      error instanceof Error ? `${error.name}: ${error.message}` : error,
    );
    return fallback;
  }
}

/**
 * A plain copy for IndexedDB. Objects handed to the valtio stores get proxied children, which
 * IndexedDB cannot clone; the data came from JSON, so a JSON copy is exact.
 */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export const readCachedProfile = () =>
  soft<CachedProfile | undefined>('read profile', () => getRow('profile', 'me'), undefined);

export const readCachedConfig = () =>
  soft<CachedConfig | undefined>('read config', () => getRow('config', 'app'), undefined);

export const saveProfile = (user: OwnUserInfo, money: MoneyData) =>
  soft(
    'save profile',
    () => putRow('profile', { key: 'me', user: plain(user), money: plain(money), savedAt: Date.now() }),
    undefined,
  );

export const saveConfig = (config: AppConfig) =>
  soft(
    'save config',
    () => putRow('config', { key: 'app', config: plain(config), savedAt: Date.now() }),
    undefined,
  );

/** Sign-out and a session the server no longer knows: nothing of the member stays behind. */
export const clearProfile = () => soft('clear profile', () => clearTable('profile'), undefined);

/** Sign-out empties every table of the cache. */
export const clearCache = () =>
  soft(
    'clear cache',
    async () => {
      const { db } = await import('./db');
      await Promise.all(db.tables.map((table) => table.clear()));
    },
    undefined,
  );
