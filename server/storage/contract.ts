/**
 * What storage offers the rest of the server: one database handle and repositories that speak
 * domain types. Two drivers (PGlite in DATA_DIR, PostgreSQL at DATABASE_URL) behind one interface.
 * Money is held in hundredths (integers) so sums never drift; repositories convert at the edge.
 */
import type { AnchorPriv, MemberPriv, Role } from '../../protocol/types';

/** A write refused by a unique index (PostgreSQL and PGlite both say 23505): someone got there first. */
export const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

export interface Db {
  /** Runs one statement with $1-style parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs `work` in one transaction; a throw rolls it back. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). Added by storage. */
  exec(sql: string): Promise<void>;
  /** 'pglite' or 'postgres', for logs. */
  readonly driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface QueryOptions {
  /**
   * Prepares the statement once per connection under this name (PostgreSQL), so later calls skip
   * parsing and, once the server settles on a generic plan, planning. For the few statements run
   * on every invitation; a name must always go with the same text. PGlite ignores it.
   */
  prepare?: string;
}

export interface OpenDatabaseOptions {
  /** Folder for PGlite's files when no databaseUrl is given (the folder is created). */
  dataDir: string;
  /** postgres://... switches to PostgreSQL. */
  databaseUrl?: string;
}

export interface UserRecord {
  userid: string;
  role: Role;
  nickname: string;
  passwordHash: string;
  photourl: string;
  createdAt: Date;
  /** A broadcaster whose account_status is 3: she cannot sign in or be paid. */
  suspended: boolean;
}

export interface MemberRecord {
  userid: string;
  nickname: string;
  photourl: string;
  /** In hundredths of a credit. */
  creditHundredths: number;
  poststamp: number;
  chatmin: number;
  isPaidMember: boolean;
  consumeLevel: number;
  agreeProvision: boolean;
  livechatAccept: boolean;
  livechatSend: boolean;
  guideMail: boolean;
  usedSayhi: number;
  priv: MemberPriv;
  createdAt: Date;
}

/** online: visible and free; live: broadcasting in a public room; offline. */
export type AnchorState = 'online' | 'live' | 'offline';

export interface AnchorRecord {
  userid: string;
  nickname: string;
  age: number;
  country: string;
  city: string;
  introduction: string;
  /** A date (year ignored for the tip), used for birthday_tip. */
  birthday: Date;
  state: AnchorState;
  publicRoomId: string;
  roomType: number;
  anchorType: 1 | 2;
  accountStatus: number;
  isFeatured: boolean;
  hotScore: number;
  priv: AnchorPriv;
  interests: number[];
  photourl: string;
  coverurl: string;
}

export interface GiftRecord {
  giftid: string;
  name: string;
  creditHundredths: number;
  imgurl: string;
  newUserNum: number;
}

export interface ShowRecord {
  liveShowId: string;
  anchorId: string;
  title: string;
  introduce: string;
  cover: string;
  priceHundredths: number;
  startTime: Date;
  durationMin: number;
  /** 1 upcoming, 3 finished, 4 or 5 cancelled (spec 001 §4). */
  status: number;
  capacity: number;
  ticketsSold: number;
}

export interface SessionRecord {
  userid: string;
  role: Role;
  expiresAt: Date;
}

/** A session as the server resolves it: the stored record, its id and the hash sockets carry. */
export interface Session extends SessionRecord {
  sessionId: string;
  /** What socket tokens carry to name the session (the stored hash, never the id). */
  idHash: string;
}

/** The repositories; each method is one query or one transaction. */
/** How many failed logins, and when the latest was (undefined when none). */
export interface FailureCount {
  count: number;
  last: Date | undefined;
}

export interface Repositories {
  users: {
    find(userid: string): Promise<UserRecord | undefined>;
    /** Replaces the password hash (a rehash at today's cost after a good login). */
    setPasswordHash(userid: string, hash: string): Promise<void>;
    /** Sets a broadcaster's account_status (1 active, 3 suspended); false when there is no such one. */
    setAccountStatus(userid: string, status: number): Promise<boolean>;
  };
  members: {
    find(userid: string): Promise<MemberRecord | undefined>;
    setAgreeProvision(userid: string): Promise<void>;
  };
  anchors: {
    /** Any anchor, suspended ones included (the profile page shows account_status 3). */
    find(userid: string): Promise<AnchorRecord | undefined>;
    /** Featured and not suspended, online and live first, then by hot score. */
    featured(num: number): Promise<AnchorRecord[]>;
    /** Online or live (by `type`: 0 both, 1 live only, 2 online only), not suspended, by hot score. */
    online(type: 0 | 1 | 2, num: number): Promise<AnchorRecord[]>;
    /** The hot list: every anchor not suspended, by hot score then id, paged. */
    hot(start: number, step: number): Promise<AnchorRecord[]>;
    /** She goes live in her public room (`room`), or back from it (null): online, or offline
     * when she has signed out meanwhile (her broadcast's connection can drop after that). */
    setLive(userid: string, room: { publicRoomId: string; roomType: number } | null): Promise<void>;
    /** Offline once she has no session left (signed out, suspended); a no-op for anyone else. */
    signedOut(userid: string): Promise<void>;
  };
  follows: {
    /** Ids among `anchorIds` that `memberId` follows. */
    followed(memberId: string, anchorIds: string[]): Promise<Set<string>>;
    /** Idempotent: following twice keeps one row; unfollowing a stranger is a no-op. */
    set(memberId: string, anchorId: string, follow: boolean): Promise<void>;
  };
  gifts: {
    all(): Promise<GiftRecord[]>;
  };
  shows: {
    byAnchor(anchorId: string): Promise<ShowRecord[]>;
  };
  sessions: {
    /** Stores only a hash of the session id. */
    create(sessionId: string, userid: string, role: Role, expiresAt: Date): Promise<void>;
    find(sessionId: string): Promise<SessionRecord | undefined>;
    /** Ends the session; answers whose it was (undefined when there was none). */
    delete(sessionId: string): Promise<string | undefined>;
  };
  loginFailures: {
    /** `trusted`: the attempt came from a browser that signed in to this account before. */
    record(userid: string, address: string, trusted: boolean): Promise<void>;
    /** The account's failures of one kind since `since`. */
    forAccount(userid: string, trusted: boolean, since: Date): Promise<FailureCount>;
    /** The address's failures since `since`, of every account. */
    forAddress(address: string, since: Date): Promise<FailureCount>;
    /** Forgets the account's failures: of one kind, or all of them. */
    clear(userid: string, trusted?: boolean): Promise<void>;
    /** Drops failures older than `before` (housekeeping). */
    deleteBefore(before: Date): Promise<void>;
  };
  /** Server-wide values made once and shared by every process (token secret, VAPID keys). */
  settings: {
    get(key: string): Promise<string | undefined>;
    /** Sets the value only if the key is absent and returns the value that is stored. */
    getOrCreate(key: string, make: () => string): Promise<string>;
  };
}

/**
 * `Repositories` plus the few methods storage adds beyond the contract: each feature's own
 * repository types, merged in by the composition root (server/repositories.ts), so that storage
 * names no feature.
 */
export interface StorageRepositories extends Repositories {}
