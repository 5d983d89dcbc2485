/**
 * Push subscriptions (table push_subscriptions). Lookups are batched: the pipeline asks for many
 * members at once, so one statement serves a burst. Alert claims are in leases.ts.
 */
import { PUSH_TYPES, type PushType } from '../protocol/push/push';
import { Batcher } from '../server/storage/batcher';
import type { Db } from '../server/storage/contract';

export interface StoredSubscription {
  endpoint: string;
  userId: string;
  p256dh: string;
  auth: string;
  types: PushType[];
}

export interface NewSubscription {
  endpoint: string;
  userId: string;
  sessionHash: string;
  p256dh: string;
  auth: string;
  types: readonly PushType[];
}

interface Row {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  types: string;
}

function parseTypes(value: string): PushType[] {
  return value.split(',').filter((t): t is PushType => (PUSH_TYPES as readonly string[]).includes(t));
}

const fromRow = (row: Row): StoredSubscription => ({
  endpoint: row.endpoint,
  userId: row.user_id,
  p256dh: row.p256dh,
  auth: row.auth,
  types: parseTypes(row.types),
});

export interface SubscriptionsRepository {
  /**
   * Stores (or moves to this member and session) the browser's subscription. An endpoint stored
   * for another account moves only with that subscription's own keys (proof that the caller holds
   * it): otherwise nothing changes and the answer is undefined.
   */
  upsert(sub: NewSubscription): Promise<StoredSubscription | undefined>;
  /** The caller's own subscription at this endpoint. */
  find(endpoint: string, userId: string): Promise<StoredSubscription | undefined>;
  /** Removes the caller's own subscription; true when one was removed. */
  remove(endpoint: string, userId: string): Promise<boolean>;
  /** Removes a subscription the push service said is gone (404/410). */
  removeEndpoint(endpoint: string): Promise<void>;
  /** Every subscription of the member (batched with concurrent calls). */
  forUser(userId: string): Promise<StoredSubscription[]>;
  /** Subscriptions of many members in one statement. */
  forUsers(userIds: readonly string[]): Promise<StoredSubscription[]>;
}

export function subscriptionsRepository(db: Db): SubscriptionsRepository {
  const forUsers = async (userIds: readonly string[]) => {
    if (userIds.length === 0) return [];
    const rows = await db.query<Row>(
      'SELECT endpoint, user_id, p256dh, auth, types FROM push_subscriptions WHERE user_id = ANY($1::text[])',
      [userIds],
      // Run for every burst of invitations (the push pipeline hears each one).
      { prepare: 'push_subscriptions_for_users' },
    );
    return rows.map(fromRow);
  };
  const byUser = new Batcher<string, StoredSubscription[]>(
    async (ids) => {
      // Grouped once by member: a burst asks for thousands of alerts, many to the same members.
      const byMember = new Map<string, StoredSubscription[]>();
      for (const s of await forUsers([...new Set(ids)])) {
        const list = byMember.get(s.userId);
        if (list) list.push(s);
        else byMember.set(s.userId, [s]);
      }
      // Each caller gets its own array (the pipeline filters it).
      return ids.map((id) => [...(byMember.get(id) ?? [])]);
    },
    (id) => forUsers([id]),
  );

  return {
    async upsert(sub) {
      const [row] = await db.query<Row>(
        `INSERT INTO push_subscriptions (endpoint, user_id, session_hash, p256dh, auth, types)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id,
           session_hash = EXCLUDED.session_hash, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
           types = EXCLUDED.types, updated_at = now()
         WHERE push_subscriptions.user_id = EXCLUDED.user_id
           OR (push_subscriptions.p256dh = EXCLUDED.p256dh AND push_subscriptions.auth = EXCLUDED.auth)
         RETURNING endpoint, user_id, p256dh, auth, types`,
        [sub.endpoint, sub.userId, sub.sessionHash, sub.p256dh, sub.auth, sub.types.join(',')],
      );
      return row ? fromRow(row) : undefined;
    },
    async find(endpoint, userId) {
      const [row] = await db.query<Row>(
        'SELECT endpoint, user_id, p256dh, auth, types FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2',
        [endpoint, userId],
      );
      return row ? fromRow(row) : undefined;
    },
    async remove(endpoint, userId) {
      const rows = await db.query(
        'DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2 RETURNING endpoint',
        [endpoint, userId],
      );
      return rows.length > 0;
    },
    async removeEndpoint(endpoint) {
      await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
    },
    forUser: (userId) => byUser.run(userId),
    forUsers,
  };
}
