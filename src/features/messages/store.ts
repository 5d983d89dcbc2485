/**
 * The private-message store: conversations, contacts, the open conversation's history and the
 * outbox. Every read shows what Dexie holds at once, then refreshes from the network; a failed
 * refresh leaves the stored data on screen marked stale. A message is written to the outbox first
 * (shown as sending) with its idempotency key, then sent; with no network it waits and is sent when
 * the network returns (same key: the server never sends or charges twice); a refusal stays in the
 * outbox with the server's reason until the member retries or deletes it.
 */
import { proxy } from 'valtio';
import {
  CONVERSATION_LIST_SIZE,
  type Contact,
  MESSAGE_PAGE_SIZE,
  MessageErrno,
  type PrivateMessage,
  type PrivateMessageListItem,
  type PrivateMessageNotice,
} from '../../../protocol/messages/messages';
import { ApiError, isConnectionError } from '../../api/client';
import {
  deleteOutbox,
  putOutbox,
  readContacts,
  readConversations,
  readHistoryPage,
  readOutbox,
  saveContacts,
  saveConversations,
  saveMessages,
} from '../../db/messages';
import { conversationId, type StoredOutbox } from '../../db/messages-types';
import { balancesState } from '../../state/balances';
import { userState } from '../../state/user';
import * as api from './api';
import { pmUnread } from './unread';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export const messagesState = proxy({
  owner: '',
  conversations: [] as PrivateMessageListItem[],
  conversationsStatus: 'idle' as LoadStatus,
  contacts: [] as Contact[],
  /** How many contacts the server holds (getContactList pages through them). */
  contactsTotal: 0,
  contactsStatus: 'idle' as LoadStatus,
  /** The lists on screen came from the device: the last refresh failed. */
  stale: false,
  peer: '',
  peerInfo: null as PrivateMessageListItem | null,
  /** A member's Intimacy Level with the open conversation's broadcaster; null while unknown. */
  peerIntimacy: null as number | null,
  /** A member's free messages left with each broadcaster and the next one's price (getUserAnchorInfo). */
  prices: {} as Record<string, MessagePrice>,
  /** Oldest first. */
  history: [] as PrivateMessage[],
  historyStatus: 'idle' as LoadStatus,
  hasMore: false,
  loadingMore: false,
  outbox: [] as StoredOutbox[],
});

const byId = (a: PrivateMessage, b: PrivateMessage) => a.msg_id - b.msg_id;

/** Adds messages to the open history, once each, in order. */
function mergeHistory(list: readonly PrivateMessage[]) {
  const known = new Set(messagesState.history.map((m) => m.msg_id));
  const fresh = list.filter((m) => !known.has(m.msg_id));
  if (fresh.length) messagesState.history = [...messagesState.history, ...fresh].sort(byId);
}

/**
 * Conversations a notice brought while a list request was out: its answer may have been read
 * before those messages were, so they are laid over it rather than lost.
 */
const arrivedDuringLoad = new Set<Map<string, PrivateMessageNotice>>();

function upsertConversation(item: PrivateMessageListItem) {
  const rest = messagesState.conversations.filter((c) => c.user_id !== item.user_id);
  messagesState.conversations = [item, ...rest].sort((a, b) => b.update_time - a.update_time);
  void saveConversations(messagesState.owner, [item]);
}

export function setOwner(owner: string) {
  if (messagesState.owner === owner) return;
  Object.assign(messagesState, {
    owner,
    conversations: [],
    contacts: [],
    history: [],
    peer: '',
    peerInfo: null,
    peerIntimacy: null,
    prices: {},
    outbox: [],
    conversationsStatus: 'idle',
    contactsStatus: 'idle',
  });
}

export async function loadConversations(): Promise<void> {
  const owner = messagesState.owner;
  // Asked at once: the device's copy shows meanwhile, the server's answer need not wait for it.
  const asked = api.getConversations(0, CONVERSATION_LIST_SIZE);
  asked.catch(() => {});
  const arrived = new Map<string, PrivateMessageNotice>();
  arrivedDuringLoad.add(arrived);
  const stored = storedMeanwhile(
    owner,
    'conversationsStatus',
    () => readConversations(owner),
    () => messagesState.conversations,
    (list) => {
      messagesState.conversations = list;
    },
  );
  const outbox = readOutbox(owner).then((list) => {
    if (owner !== messagesState.owner) return;
    // A message written while the device was being read is kept.
    const known = new Set(list.map((e) => e.key));
    messagesState.outbox = [...list, ...messagesState.outbox.filter((e) => !known.has(e.key))];
  });
  try {
    const fresh = await asked.finally(() => arrivedDuringLoad.delete(arrived));
    if (owner !== messagesState.owner) return;
    const newer = [...arrived.values()];
    const byPeer = new Map(fresh.list.map((c) => [c.user_id, c]));
    for (const { conversation } of newer) {
      if ((byPeer.get(conversation.user_id)?.update_time ?? -1) <= conversation.update_time)
        byPeer.set(conversation.user_id, conversation);
    }
    messagesState.conversations = [...byPeer.values()].sort((a, b) => b.update_time - a.update_time);
    // A notice's count is never older than an answer read before it arrived.
    pmUnread.total = newer.at(-1)?.total_unread ?? fresh.total_unread;
    messagesState.conversationsStatus = 'ready';
    messagesState.stale = false;
    await saveConversations(owner, fresh.list);
  } catch {
    await stored;
    messagesState.stale = true;
    messagesState.conversationsStatus = messagesState.conversations.length ? 'ready' : 'error';
  }
  await outbox;
}

/**
 * A list's first load reads the device's copy while the server is asked: the copy shows meanwhile
 * (into an empty list only), never over the server's answer, and stays when the server cannot be
 * reached. Later loads read nothing from the device.
 */
function storedMeanwhile<T>(
  owner: string,
  status: 'conversationsStatus' | 'contactsStatus',
  read: () => Promise<T[]>,
  shown: () => readonly unknown[],
  show: (list: T[]) => void,
): Promise<void> {
  if (messagesState[status] !== 'idle') return Promise.resolve();
  messagesState[status] = 'loading';
  return read().then((list) => {
    const waiting = owner === messagesState.owner && messagesState[status] === 'loading';
    if (list.length && waiting && !shown().length) show(list);
  });
}

export async function loadContacts(): Promise<void> {
  const owner = messagesState.owner;
  const asked = api.getContacts();
  asked.catch(() => {});
  const stored = storedMeanwhile(
    owner,
    'contactsStatus',
    () => readContacts(owner),
    () => messagesState.contacts,
    (list) => {
      messagesState.contacts = list;
    },
  );
  try {
    const fresh = await asked;
    if (owner !== messagesState.owner) return;
    messagesState.contacts = fresh.list;
    messagesState.contactsTotal = fresh.total;
    messagesState.contactsStatus = 'ready';
    await saveContacts(owner, fresh.list);
  } catch {
    await stored;
    messagesState.stale = true;
    messagesState.contactsStatus = messagesState.contacts.length ? 'ready' : 'error';
  }
}

/** The next page of contacts (latest first), kept on the device with the first. */
export async function loadMoreContacts(): Promise<void> {
  const owner = messagesState.owner;
  const fresh = await api.getContacts(undefined, messagesState.contacts.length);
  if (owner !== messagesState.owner) return;
  const known = new Set(messagesState.contacts.map((c) => c.anchor_id));
  messagesState.contacts = [...messagesState.contacts, ...fresh.list.filter((c) => !known.has(c.anchor_id))];
  messagesState.contactsTotal = fresh.total;
  await saveContacts(owner, messagesState.contacts);
}

/** Marks the peer's newest message read, here and on the server. */
async function markRead(peer: string) {
  const last = [...messagesState.history].reverse().find((m) => m.from_id === peer && !m.is_read);
  if (!last) return;
  try {
    const answer = await api.setRead(peer, last.msg_id);
    pmUnread.total = answer.total_unread;
    const item = messagesState.conversations.find((c) => c.user_id === peer);
    if (item) upsertConversation({ ...item, unread_num: answer.unread_num });
  } catch {
    // Offline: it is marked read when the conversation is next opened online.
  }
}

export async function openConversation(peer: string): Promise<void> {
  const owner = messagesState.owner;
  // Opening the same conversation again (the network came back) refreshes it in place.
  if (messagesState.peer !== peer) {
    Object.assign(messagesState, {
      peer,
      history: [],
      hasMore: false,
      historyStatus: 'loading',
      peerInfo: messagesState.conversations.find((c) => c.user_id === peer) ?? null,
      // What the device knows at once (contacts carry the level); the server's answer follows.
      peerIntimacy: messagesState.contacts.find((c) => c.anchor_id === peer)?.intimacy ?? null,
    });
  }
  void refreshIntimacy(peer);
  const stored = messagesState.history.length ? [] : await readHistoryPage(owner, peer, MESSAGE_PAGE_SIZE);
  if (messagesState.peer !== peer) return;
  if (stored.length) {
    mergeHistory(stored);
    messagesState.hasMore = stored.length >= MESSAGE_PAGE_SIZE;
    messagesState.historyStatus = 'ready';
  }
  try {
    const [fresh, info] = await Promise.all([api.getHistory(peer), api.getConversationOne(peer)]);
    if (messagesState.peer !== peer) return;
    messagesState.peerInfo = info;
    mergeHistory(fresh);
    // The server's page wins for read flags.
    const flags = new Map(fresh.map((m) => [m.msg_id, m.is_read]));
    messagesState.history = messagesState.history.map((m) =>
      flags.has(m.msg_id) ? { ...m, is_read: flags.get(m.msg_id) ?? m.is_read } : m,
    );
    if (!stored.length && messagesState.history.length <= fresh.length)
      messagesState.hasMore = fresh.length >= MESSAGE_PAGE_SIZE;
    messagesState.historyStatus = 'ready';
    messagesState.stale = false;
    await saveMessages(owner, peer, fresh);
    await markRead(peer);
  } catch {
    messagesState.stale = true;
    if (messagesState.peer === peer && !messagesState.history.length) messagesState.historyStatus = 'error';
  }
}

/**
 * A member below Intimacy Level 1 cannot write to her (16157): the editor says so before he types.
 * The server still checks every send.
 */
export async function refreshIntimacy(peer: string): Promise<void> {
  if (userState.me?.role !== 'man') return;
  try {
    const info = await api.getIntimacy(peer);
    messagesState.prices[peer] = { freeLeft: info.free_msg_left, credit: info.msg_credit };
    if (messagesState.peer === peer) messagesState.peerIntimacy = info.intimacy;
  } catch {
    // Offline or refused: keep what the device knew; a send meets the server's check.
  }
}

/** Older messages: from the device first, then the network for what it does not hold. */
export async function loadMore(): Promise<void> {
  const { owner, peer } = messagesState;
  const oldest = messagesState.history[0];
  if (!oldest || messagesState.loadingMore) return;
  messagesState.loadingMore = true;
  try {
    let page: PrivateMessage[] = await readHistoryPage(owner, peer, MESSAGE_PAGE_SIZE, oldest.msg_id);
    if (page.length < MESSAGE_PAGE_SIZE) {
      try {
        const fresh = await api.getHistory(peer, oldest.msg_id);
        await saveMessages(owner, peer, fresh);
        page = fresh;
      } catch {
        messagesState.stale = true;
      }
    }
    if (messagesState.peer !== peer) return;
    mergeHistory(page);
    messagesState.hasMore = page.length >= MESSAGE_PAGE_SIZE;
  } finally {
    messagesState.loadingMore = false;
  }
}

const newKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `m${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
};

export interface MessagePrice {
  /** Free messages he has left with her (the first FREE_PRIVATE_MESSAGES are free). */
  freeLeft: number;
  /** What each message after those costs, in credits (the configured send_private_message_credit). */
  credit: number;
}

export type SendOutcome =
  | { status: 'sent'; message: PrivateMessage }
  | { status: 'queued' }
  | { status: 'cleared' }
  | { status: 'refused'; errno: number; errmsg: string; key: string };

/** Sends one outbox entry; the outcome says what the member sees. */
async function deliver(entry: StoredOutbox): Promise<SendOutcome> {
  try {
    const answer = await api.sendPrivateMessage(entry.to_id, entry.content, entry.key);
    await deleteOutbox(entry.key);
    messagesState.outbox = messagesState.outbox.filter((e) => e.key !== entry.key);
    if (userState.me?.role === 'man') {
      balancesState.credit = answer.credit;
      const price = messagesState.prices[entry.to_id];
      if (price) price.freeLeft = answer.free_left;
    }
    await saveMessages(entry.owner, entry.to_id, [answer.msg]);
    if (messagesState.peer === entry.to_id) mergeHistory([answer.msg]);
    return { status: 'sent', message: answer.msg };
  } catch (error) {
    if (isConnectionError(error)) return { status: 'queued' };
    const errno = error instanceof ApiError ? error.errno : -1;
    const errmsg = error instanceof Error ? error.message : String(error);
    if (errno === MessageErrno.EMPTY) {
      // The spec: 10003 clears the editor silently; nothing is kept.
      await deleteOutbox(entry.key);
      messagesState.outbox = messagesState.outbox.filter((e) => e.key !== entry.key);
      return { status: 'cleared' };
    }
    const failed: StoredOutbox = { ...entry, status: 'failed', errno, errmsg };
    await putOutbox(failed);
    messagesState.outbox = messagesState.outbox.map((e) => (e.key === entry.key ? failed : e));
    return { status: 'refused', errno, errmsg, key: entry.key };
  }
}

export async function send(peer: string, content: string): Promise<SendOutcome> {
  const owner = messagesState.owner;
  const entry: StoredOutbox = {
    key: newKey(),
    owner,
    conversation: conversationId(owner, peer),
    to_id: peer,
    content,
    createdAt: Date.now(),
    status: 'sending',
  };
  // Shown as sending at once; stored before it goes, so a reload meanwhile still has it.
  messagesState.outbox = [...messagesState.outbox, entry];
  await putOutbox(entry);
  return deliver(entry);
}

let flushing: Promise<void> | null = null;
/** Sends every waiting message, oldest first (after the network returns, or on opening the page). */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    const waiting = (await readOutbox(messagesState.owner)).filter((e) => e.status === 'sending');
    for (const entry of waiting) {
      if ((await deliver(entry)).status === 'queued') break;
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

export function retry(key: string): Promise<SendOutcome> | undefined {
  const entry = messagesState.outbox.find((e) => e.key === key);
  if (!entry) return undefined;
  const again: StoredOutbox = { ...entry, status: 'sending' };
  delete again.errno;
  delete again.errmsg;
  messagesState.outbox = messagesState.outbox.map((e) => (e.key === key ? again : e));
  return putOutbox(again).then(() => deliver(again));
}

export async function discard(key: string): Promise<void> {
  await deleteOutbox(key);
  messagesState.outbox = messagesState.outbox.filter((e) => e.key !== key);
}

/** imShare/sendPrivateMessageNotice: both sides, every tab. */
export function applyNotice(notice: PrivateMessageNotice) {
  const owner = messagesState.owner;
  if (!owner) return;
  const peer = notice.msg.from_id === owner ? notice.msg.to_id : notice.msg.from_id;
  for (const arrived of arrivedDuringLoad) arrived.set(peer, notice);
  upsertConversation(notice.conversation);
  pmUnread.total = notice.total_unread;
  void saveMessages(owner, peer, [notice.msg]);
  if (messagesState.peer === peer) {
    mergeHistory([notice.msg]);
    // A message sent from another tab leaves this tab's outbox too.
    messagesState.outbox = messagesState.outbox.filter((e) => e.key !== notice.msg.msg_key);
    if (notice.msg.from_id === peer && document.visibilityState === 'visible') void markRead(peer);
    // Her message builds the relation: he may be able to write now.
    if (notice.msg.from_id === peer && (messagesState.peerIntimacy ?? 1) < 1) void refreshIntimacy(peer);
  }
}

export const closeConversation = () => {
  messagesState.peer = '';
  messagesState.peerIntimacy = null;
  messagesState.history = [];
};
