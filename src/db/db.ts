/**
 * The offline cache. Version 1 holds what the shell and header need to render with no network:
 * the member's own profile with balances, and the product configuration. Version 2 adds the recent
 * lists of invitations (spec 001 §4) and the bubbles the member closed, so a reload neither loses
 * the one nor brings back the other. Later versions add tables, never editing earlier ones.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { AppConfig, MoneyData, OwnUserInfo } from '../../protocol/types';
import type { RecentEntry } from '../features/invites/recent';

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

export class GlimmerDb extends Dexie {
  profile!: EntityTable<CachedProfile, 'key'>;
  config!: EntityTable<CachedConfig, 'key'>;
  recent!: EntityTable<RecentEntry, 'key'>;
  closedBubbles!: EntityTable<ClosedBubble, 'id'>;

  constructor() {
    super('glimmer');
    this.version(1).stores({ profile: 'key', config: 'key' });
    this.version(2).stores({ recent: 'key, userid, at', closedBubbles: 'id, userid, until' });
  }
}

export const db = new GlimmerDb();
