/**
 * The offline cache. Version 1 holds what the shell and header need to render with no network:
 * the member's own profile with balances, and the product configuration. Version 2 adds the recent
 * lists of invitations (spec 001 §4) and the bubbles the member closed, so a reload neither loses
 * the one nor brings back the other. Later versions add tables, never editing earlier ones.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { MailDetail, MailList } from '../../protocol/mail/mail';
import type { SayHiListData } from '../../protocol/sayhi/sayhi';
import type { ShowInfo } from '../../protocol/shows/shows';
import type { AppConfig, MoneyData, OwnUserInfo } from '../../protocol/types';
import type { RecentEntry } from '../features/invites/recent';
import type { StoredContact, StoredConversation, StoredMessage, StoredOutbox } from './messages-types';

export interface CachedProfile {
  key: 'me';
  user: OwnUserInfo;
  money: MoneyData;
  savedAt: number;
}

export interface CachedConfig {
  key: 'app';
  config: AppConfig;
  savedAt: number;
}

/** A bubble clicked or dismissed: it stays closed in every tab and after a reload until `until`. */
export interface ClosedBubble {
  id: string;
  userid: string;
  until: number;
}

/** A help page the member opened on this device: the help navigation marks it as read. */
export interface ReadHelpPage {
  path: string;
  title: string;
  readAt: number;
}

/** A Say Hi list as last fetched, so the lists show at once and offline. */
export interface CachedSayHiList {
  /** `${userid}:${type}`. */
  key: string;
  userid: string;
  data: SayHiListData;
  savedAt: number;
}

/** My tickets (scheduled shows) as last fetched, so a member can read them offline. */
export interface CachedTickets {
  /** `${userid}:current` or `${userid}:history`. */
  key: string;
  userid: string;
  list: ShowInfo[];
  savedAt: number;
}

/** A mail list's first page and the letters opened on this device, readable offline. */
export interface CachedMailList {
  /** `${userid}:${box}`. */
  key: string;
  userid: string;
  data: MailList;
  savedAt: number;
}
export interface CachedLetter {
  /** `${userid}:${emf_id}`. */
  key: string;
  userid: string;
  mail: MailDetail;
  savedAt: number;
}

/**
 * A page's data as last loaded online, readable offline with when it was saved: the last Discover
 * lists, the broadcaster profiles he opened (their first screen), his credit history's first page.
 */
export interface SavedCopy {
  /** `${userid}:${what}` ('discover:featured', 'anchor:A2002', 'credit-history'). */
  key: string;
  userid: string;
  data: unknown;
  savedAt: number;
}

export class GlimmerDb extends Dexie {
  profile!: EntityTable<CachedProfile, 'key'>;
  config!: EntityTable<CachedConfig, 'key'>;
  recent!: EntityTable<RecentEntry, 'key'>;
  closedBubbles!: EntityTable<ClosedBubble, 'id'>;
  pmConversations!: EntityTable<StoredConversation, 'id'>;
  pmMessages!: EntityTable<StoredMessage, 'id'>;
  pmContacts!: EntityTable<StoredContact, 'id'>;
  pmOutbox!: EntityTable<StoredOutbox, 'key'>;
  helpRead!: EntityTable<ReadHelpPage, 'path'>;
  sayHiLists!: EntityTable<CachedSayHiList, 'key'>;
  tickets!: EntityTable<CachedTickets, 'key'>;
  mailLists!: EntityTable<CachedMailList, 'key'>;
  mailLetters!: EntityTable<CachedLetter, 'key'>;
  savedCopies!: EntityTable<SavedCopy, 'key'>;

  constructor() {
    super('glimmer');
    this.version(1).stores({ profile: 'key', config: 'key' });
    this.version(2).stores({ recent: 'key, userid, at', closedBubbles: 'id, userid, until' });
    // Private messages: history is paged by the [conversation+time] key, never by offset
    // (src/db/messages.ts).
    this.version(3).stores({
      pmConversations: 'id, owner',
      pmMessages: 'id, [conversation+time]',
      pmContacts: 'id, owner',
      pmOutbox: 'key, owner, conversation',
    });
    // Help and Say Hi. Version 3 is left to the private message tables; Dexie
    // accepts the gap, and each version only adds its own tables.
    this.version(4).stores({ helpRead: 'path, readAt', sayHiLists: 'key, userid' });
    // Shows: My tickets offline. Version 7, so other helpers' versions 5 and 6 stay free.
    this.version(7).stores({ tickets: 'key, userid' });
    // Mail: version 11 (the migration's number), leaving the numbers between to others.
    this.version(11).stores({ mailLists: 'key, userid', mailLetters: 'key, userid' });
    // Pages readable offline (src/db/saved.ts).
    this.version(12).stores({ savedCopies: 'key, userid' });
  }
}

export const db = new GlimmerDb();
