/**
 * The Say Hi lists in IndexedDB (db version 4): a list shows what this device last fetched at once,
 * and offline. Only the first page of each list is kept. Fails soft like the rest of the cache.
 */
import type { SayHiListData } from '../../protocol/sayhi/sayhi';
import { type CachedSayHiList, db } from './db';

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const keyOf = (userid: string, type: string) => `${userid}:${type}`;

export async function saveSayHiList(userid: string, type: string, data: SayHiListData): Promise<void> {
  try {
    await db.sayHiLists.put({ key: keyOf(userid, type), userid, data: plain(data), savedAt: Date.now() });
  } catch (error) {
    console.warn('[sayhi] saving a list failed:', error instanceof Error ? error.message : error);
  }
}

export async function readSayHiList(userid: string, type: string): Promise<CachedSayHiList | undefined> {
  try {
    return await db.sayHiLists.get(keyOf(userid, type));
  } catch (error) {
    console.warn('[sayhi] reading a list failed:', error instanceof Error ? error.message : error);
    return undefined;
  }
}
