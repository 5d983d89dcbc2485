/**
 * Private messages in the offline cache: conversations, contacts, history and the outbox. History
 * is read a page at a time through the [conversation+time] index, newest first, starting below a
 * key (the oldest message shown), so a page costs the same however long the conversation is.
 * Every call fails soft (a browser without IndexedDB still runs the app, with nothing stored).
 */
import type { Contact, PrivateMessage, PrivateMessageListItem } from '../../protocol/messages/messages';
import { afterFirstPaint } from '../app/first-paint';
import type { GlimmerDb } from './db';
import {
  conversationId,
  type StoredContact,
  type StoredConversation,
  type StoredMessage,
  type StoredOutbox,
} from './messages-types';

/**
 * Dexie's code loads once the page has painted, not before: Messages shows the server's answer
 * without waiting for it, and on a phone its 28 KB would compete with the page's own code. Offline,
 * the saved copy shows as soon as the page is up.
 */
const opened = () => afterFirstPaint.then(() => import('./db')).then((m) => m.db);

async function soft<T>(what: string, run: (db: GlimmerDb) => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run(await opened());
  } catch (error) {
    console.warn(`[messages cache] ${what} failed:`, error instanceof Error ? error.message : error);
    return fallback;
  }
}
/** Objects from valtio proxies cannot be cloned into IndexedDB; the data came from JSON. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export const storedMessage = (owner: string, peer: string, m: PrivateMessage): StoredMessage => ({
  ...plain(m),
  id: `${owner}|${m.msg_id}`,
  conversation: conversationId(owner, peer),
  time: m.msg_id,
});

export const saveMessages = (owner: string, peer: string, list: readonly PrivateMessage[]) =>
  soft(
    'save messages',
    (db) => db.pmMessages.bulkPut(list.map((m) => storedMessage(owner, peer, m))),
    undefined,
  );

/** Newest first: up to `limit` messages older than `beforeTime` (all when undefined). */
export const readHistoryPage = (owner: string, peer: string, limit: number, beforeTime?: number) =>
  soft(
    'read history',
    (db) => {
      const conversation = conversationId(owner, peer);
      // Times are numbers: ±Infinity bound them all.
      return db.pmMessages
        .where('[conversation+time]')
        .between([conversation, -Infinity], [conversation, beforeTime ?? Infinity], true, false)
        .reverse()
        .limit(limit)
        .toArray();
    },
    [] as StoredMessage[],
  );

export const saveConversations = (owner: string, list: readonly PrivateMessageListItem[]) =>
  soft(
    'save conversations',
    (db) =>
      db.pmConversations.bulkPut(
        list.map((c) => ({ ...plain(c), id: conversationId(owner, c.user_id), owner })),
      ),
    undefined,
  );

export const readConversations = (owner: string) =>
  soft(
    'read conversations',
    async (db) =>
      (await db.pmConversations.where('owner').equals(owner).toArray()).sort(
        (a, b) => b.update_time - a.update_time,
      ),
    [] as StoredConversation[],
  );

/** Replaces the stored contacts with a fresh list (contacts that went away must go). */
export const saveContacts = (owner: string, list: readonly Contact[]) =>
  soft(
    'save contacts',
    (db) =>
      db.transaction('rw', db.pmContacts, async () => {
        await db.pmContacts.where('owner').equals(owner).delete();
        await db.pmContacts.bulkPut(list.map((c) => ({ ...plain(c), id: `${owner}|${c.anchor_id}`, owner })));
      }),
    undefined,
  );

export const readContacts = (owner: string) =>
  soft('read contacts', (db) => db.pmContacts.where('owner').equals(owner).toArray(), [] as StoredContact[]);

export const putOutbox = (entry: StoredOutbox) =>
  soft('save outbox', (db) => db.pmOutbox.put(plain(entry)), undefined);
export const deleteOutbox = (key: string) =>
  soft('delete outbox', (db) => db.pmOutbox.delete(key), undefined);
export const readOutbox = (owner: string) =>
  soft(
    'read outbox',
    async (db) =>
      (await db.pmOutbox.where('owner').equals(owner).toArray()).sort((a, b) => a.createdAt - b.createdAt),
    [] as StoredOutbox[],
  );
