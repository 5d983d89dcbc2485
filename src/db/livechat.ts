/**
 * Recent chats (spec 001 §4, §9: kept 10 minutes, at most 24; the product's local key is
 * manchatlivelist) in their own IndexedDB database, with each chat's last lines, so /livechat lists
 * them and shows what was said with no network. Every call fails soft, like the rest of the cache.
 */
import { Dexie, type EntityTable } from 'dexie';
import { type LiveChatLine, type LiveChatSession, RECENT_CHATS_KEY } from '../../protocol/livechat/livechat';
import { keepRecentChats } from '../features/livechat/rules';

export interface RecentChat {
  /** `${owner}:${chat_id}`. */
  key: string;
  owner: string;
  chatId: string;
  session: LiveChatSession;
  lines: LiveChatLine[];
  /** When it was last touched (ms). */
  at: number;
}

class LiveChatDb extends Dexie {
  recent!: EntityTable<RecentChat, 'key'>;
  constructor() {
    super(`glimmer-${RECENT_CHATS_KEY}`);
    this.version(1).stores({ recent: 'key, owner, at' });
  }
}

let db: LiveChatDb | undefined;
const open = () => {
  db ??= new LiveChatDb();
  return db;
};
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function soft<T>(run: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.warn('[livechat] cache:', error instanceof Error ? error.message : error);
    return fallback;
  }
}

/** Keeps a chat (and its last lines), then trims the owner's list to 10 minutes and 24 chats. */
export const saveRecentChat = (entry: RecentChat, now = Date.now()) =>
  soft(async () => {
    const store = open();
    await store.transaction('rw', store.recent, async () => {
      await store.recent.put(plain(entry));
      const mine = await store.recent.where('owner').equals(entry.owner).toArray();
      const keep = new Set(keepRecentChats(mine, now).map((c) => c.key));
      const stale = mine.filter((c) => !keep.has(c.key)).map((c) => c.key);
      if (stale.length) await store.recent.bulkDelete(stale);
    });
  }, undefined);

/** The owner's recent chats, newest first, none older than 10 minutes. */
export const readRecentChats = (owner: string, now = Date.now()) =>
  soft(async () => keepRecentChats(await open().recent.where('owner').equals(owner).toArray(), now), []);
