/**
 * Alert leases (table push_alerts, migration 014). Every push-server process hears every bus event;
 * the first to insert an alert's key owns it for a lease (PUSH_LEASE_MS), sends it, and marks it
 * done. The row holds what the alert was made from (its source; the whole alert if it has none),
 * so when the owner dies between the claim and the send, the
 * lease lapses and `reclaim` hands the alert to one process (any, or the same one after a restart)
 * to send, unless its useful life is over: then it is marked 'expired' and nothing is sent (or
 * 'abandoned' after PUSH_MAX_CLAIMS takeovers, so an alert that kills its process cannot loop).
 * Claims batch across concurrent alerts (one statement per burst); completions gather for up to
 * COMPLETE_DELAY_MS first, since they come one by one as sends end.
 */

import { Batcher } from '../server/storage/batcher';
import type { Db } from '../server/storage/contract';
import { type Alert, type AlertSource, alertFromSource } from './alerts';

/**
 * How a leased alert ended. 'expired': its life ran out before anyone could send it; 'abandoned':
 * taken over PUSH_MAX_CLAIMS times (its owners kept dying), so given up.
 */
export type LeaseOutcome =
  | 'sent'
  | 'emailed'
  | 'no-email'
  | 'off'
  | 'repeat'
  | 'failed'
  | 'stale'
  | 'no-subscription'
  | 'visible'
  | 'expired'
  | 'abandoned';

export interface Claim {
  alert: Alert;
  /** Ms since the epoch: the owner starts no send after this (another process may take it over). */
  leaseUntil: number;
}

export interface Reclaimed {
  /** Alerts whose lease lapsed, leased again to the caller. */
  claimed: Claim[];
  /** Keys dropped: their life ended before they were sent, or they were taken over too often. */
  dropped: string[];
}

export interface LeasesRepository {
  /** True for the one caller, in any process, that claims this alert first (batched). */
  claim(alert: Alert, leaseUntil: number): Promise<boolean>;
  /** Claims many alerts in one statement (reminders, inside their own transaction). */
  claimMany(alerts: readonly Alert[], leaseUntil: number): Promise<boolean[]>;
  /** Marks a claimed alert done (batched); it is never sent again. */
  complete(key: string, outcome: LeaseOutcome): Promise<void>;
  /** Takes over up to `limit` alerts whose lease lapsed before `now`; drops the expired ones. */
  reclaim(now: number, leaseUntil: number, limit: number, maxAttempts: number): Promise<Reclaimed>;
  /** Forgets finished or long-expired alerts claimed before `olderThan`. */
  prune(olderThan: Date): Promise<number>;
}

/** What a lease row keeps of an alert: its source when it has one (small), else all of it. */
interface Stored {
  userId: string;
  createdAt: number;
  source?: AlertSource;
  alert?: Alert;
}

const stored = (a: Alert): Stored =>
  a.source
    ? { userId: a.userId, createdAt: a.createdAt, source: a.source }
    : { userId: a.userId, createdAt: a.createdAt, alert: a };

function restore(text: string): Alert | undefined {
  try {
    const s = JSON.parse(text) as Stored;
    return s.alert ?? (s.source ? alertFromSource(s.userId, s.source, s.createdAt) : undefined);
  } catch {
    return undefined;
  }
}

/** How long a completion may wait for others to share its statement, and how many share one. */
const COMPLETE_DELAY_MS = 20;
const COMPLETE_MAX = 1_000;

/** Timestamps travel as ms since the epoch (float8) so both drivers pass them the same way. */
const TS = (param: string) => `to_timestamp(${param} / 1000.0)`;

export function leasesRepository(db: Db): LeasesRepository {
  const insert = async (alerts: readonly Alert[], leaseUntil: number) => {
    if (alerts.length === 0) return [];
    // One JSON parameter, [key, stored alert, expiry] per row, the stored alert kept as written
    // ((j->1)::text is its JSON text). As a text[] of JSON strings, every quote in every alert
    // was escaped again by the driver's array serializer (PGlite: regex replaces and copies per
    // element, a large share of a burst's garbage).
    const rows = await db.query<{ alert_key: string }>(
      `INSERT INTO push_alerts (alert_key, alert, expires_at, lease_until)
       SELECT j->>0, (j->1)::text, ${TS('(j->>2)::float8')}, ${TS('$2::float8')}
       FROM json_array_elements($1::json) AS j
       ON CONFLICT (alert_key) DO NOTHING RETURNING alert_key`,
      [JSON.stringify(alerts.map((a) => [a.key, stored(a), a.expiresAt])), leaseUntil],
    );
    const won = new Set(rows.map((r) => r.alert_key));
    // A key twice in one batch: only its first caller wins.
    return alerts.map((a) => won.delete(a.key));
  };
  type ClaimItem = { alert: Alert; leaseUntil: number };
  // One lease end per statement: the earliest asked for in the batch (they differ by microseconds).
  const claims = new Batcher<ClaimItem, boolean>(
    (items) =>
      insert(
        items.map((i) => i.alert),
        Math.min(...items.map((i) => i.leaseUntil)),
      ),
    async (item) => (await insert([item.alert], item.leaseUntil))[0] ?? false,
  );
  type Done = { key: string; outcome: LeaseOutcome };
  // One statement per outcome (a burst's are nearly all 'sent'), matching keys by `= ANY`: the
  // planner looks them up in the primary key. Joined to unnest(keys, outcomes) instead, it
  // hash-joined a sequential scan of the whole table (a day of alerts is kept) from about 256 keys
  // on: 41 ms for 256 completions in a 50,000-row table on PGlite, 3 ms by the key (bench/README.md).
  const completeMany = async (items: Done[]) => {
    const byOutcome = new Map<LeaseOutcome, string[]>();
    for (const { key, outcome } of items) {
      const keys = byOutcome.get(outcome);
      if (keys) keys.push(key);
      else byOutcome.set(outcome, [key]);
    }
    for (const [outcome, keys] of byOutcome) {
      await db.query(
        `UPDATE push_alerts SET done_at = now(), outcome = $2, alert = NULL, lease_until = NULL
         WHERE alert_key = ANY($1::text[])`,
        [keys, outcome],
      );
    }
  };
  // Completions wait up to COMPLETE_DELAY_MS to share a statement: they arrive one by one as
  // sends end, and on PGlite a statement costs about 0.5 ms whatever its size, so letting a few
  // milliseconds' worth gather cuts the statements fourfold at full load (bench/README.md).
  // Nothing waits on them but the lease.
  let queued: { item: Done; resolve(): void; reject(error: unknown): void }[] = [];
  let scheduled = false;
  let flushing: Promise<void> | undefined;
  const flush = async () => {
    scheduled = false;
    await flushing;
    const batch = queued;
    queued = [];
    for (let i = 0; i < batch.length; i += COMPLETE_MAX) {
      const part = batch.slice(i, i + COMPLETE_MAX);
      const run = completeMany(part.map((w) => w.item)).then(
        () => {
          for (const w of part) w.resolve();
        },
        (error) => {
          for (const w of part) w.reject(error);
        },
      );
      flushing = run;
      await run;
    }
    flushing = undefined;
  };

  return {
    claim: (alert, leaseUntil) => claims.run({ alert, leaseUntil }),
    claimMany: (alerts, leaseUntil) => insert(alerts, leaseUntil),
    complete: (key, outcome) =>
      new Promise<void>((resolve, reject) => {
        queued.push({ item: { key, outcome }, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setTimeout(() => void flush(), COMPLETE_DELAY_MS);
        }
      }),
    async reclaim(now, leaseUntil, limit, maxAttempts) {
      // SKIP LOCKED: two processes sweeping at once take different rows; the outer WHERE is checked
      // again on the locked row, so a row taken over (or finished) meanwhile is left alone.
      const rows = await db.query<{ alert_key: string; alert: string | null; outcome: string | null }>(
        `WITH due AS (
           SELECT alert_key, alert IS NOT NULL AND expires_at > ${TS('$1::float8')} AND attempts < $4 AS ok
           FROM push_alerts
           WHERE done_at IS NULL AND lease_until <= ${TS('$1::float8')}
           ORDER BY lease_until LIMIT $3 FOR UPDATE SKIP LOCKED)
         UPDATE push_alerts p SET
           attempts = p.attempts + 1,
           lease_until = CASE WHEN due.ok THEN ${TS('$2::float8')} END,
           done_at = CASE WHEN due.ok THEN NULL ELSE now() END,
           outcome = CASE WHEN due.ok THEN NULL
             WHEN p.alert IS NULL OR p.expires_at <= ${TS('$1::float8')} THEN 'expired' ELSE 'abandoned' END,
           alert = CASE WHEN due.ok THEN p.alert END
         FROM due
         WHERE p.alert_key = due.alert_key AND p.done_at IS NULL AND p.lease_until <= ${TS('$1::float8')}
         RETURNING p.alert_key, p.alert, p.outcome`,
        [now, leaseUntil, limit, maxAttempts],
      );
      const out: Reclaimed = { claimed: [], dropped: [] };
      const unreadable: Done[] = [];
      for (const row of rows) {
        const alert = row.alert === null ? undefined : restore(row.alert);
        if (alert) out.claimed.push({ alert, leaseUntil });
        else out.dropped.push(row.alert_key);
        // Leased again but nothing to send (an alert that cannot be made again): end it.
        if (!alert && row.alert !== null) unreadable.push({ key: row.alert_key, outcome: 'abandoned' });
      }
      if (unreadable.length > 0) await completeMany(unreadable);
      return out;
    },
    async prune(olderThan) {
      const rows = await db.query(
        `DELETE FROM push_alerts WHERE claimed_at < $1 AND (done_at IS NOT NULL OR expires_at < $1)
         RETURNING alert_key`,
        [olderThan],
      );
      return rows.length;
    },
  };
}
