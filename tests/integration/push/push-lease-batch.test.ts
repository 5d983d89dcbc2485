/**
 * Leases claimed and completed in batches keep their guarantees: in a burst larger than one
 * statement, from two processes at once, every alert is won by exactly one caller; completions
 * gathered into one statement per outcome mark exactly their own alerts done, with their own
 * outcome; and what is left is taken over later exactly as it was stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MAX_CLAIMS } from '../../../protocol/push/push';
import { EventRoute, type InstantInviteNotice } from '../../../protocol/realtime';
import { type Alert, alertFromEvent } from '../../../push-server/alerts';
import { type LeaseOutcome, leasesRepository } from '../../../push-server/leases';
import { BATCH_MAX } from '../../../server/storage/batcher';
import type { Db } from '../../../server/storage/contract';
import { openDatabase } from '../../../server/storage/open';
import { createTestDatabase, type TestDatabase } from '../harness';

const postgres = Boolean(process.env.DATABASE_URL);
let dataDir: string;
let database: TestDatabase | undefined;
/** Two processes' handles on PostgreSQL; on PGlite one (a single process owns its data). */
let dbs: Db[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'glimmer-push-lease-batch-'));
  if (postgres) database = await createTestDatabase(process.env.DATABASE_URL as string);
  const first = await openDatabase({ dataDir, databaseUrl: database?.url });
  dbs = postgres ? [first, await openDatabase({ dataDir, databaseUrl: database?.url })] : [first];
});

afterAll(async () => {
  for (const db of dbs) await db.close().catch(() => undefined);
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

let serial = 0;
/** An invitation with quotes, a backslash and non-ASCII text, as stored alerts may hold. */
function invitation(userId: string): Alert {
  const notice: InstantInviteNotice = {
    invite_id: `B${process.pid}x${++serial}`,
    anchor_id: 'A2001',
    nick_name: 'Olena "Lena" \\ Ольга',
    photourl: '/media/portrait/A2001.svg',
    left_seconds: 120,
    invMsg: `Say "hi" 👋 #${serial}`,
  };
  const alert = alertFromEvent(userId, EventRoute.instantInvite, notice, Date.now());
  if (!alert) throw new Error('no alert');
  return alert;
}

const record = async (db: Db, keys: string[]) =>
  db.query<{ alert_key: string; outcome: string | null; done: boolean }>(
    `SELECT alert_key, outcome, done_at IS NOT NULL AS done FROM push_alerts
     WHERE alert_key = ANY($1::text[]) ORDER BY alert_key`,
    [keys],
  );

describe(`batched leases (${postgres ? 'PostgreSQL, two processes' : 'PGlite'})`, () => {
  it('a burst larger than a statement, claimed by two processes at once, is won once per alert', async () => {
    const alerts = Array.from({ length: BATCH_MAX * 2 + 10 }, (_, i) => invitation(`M${i % 40}`));
    const [a, b] = [dbs[0] as Db, (dbs[1] ?? dbs[0]) as Db].map(leasesRepository);
    const until = Date.now() + 60_000;
    // Every alert claimed by both processes, and some twice by the same one in the same burst.
    const claims = alerts.flatMap((alert, i) => [
      a?.claim(alert, until),
      b?.claim(alert, until),
      ...(i % 7 === 0 ? [a?.claim(alert, until)] : []),
    ]);
    const won = await Promise.all(claims);
    let at = 0;
    for (const [i] of alerts.entries()) {
      const n = i % 7 === 0 ? 3 : 2;
      expect(won.slice(at, at + n).filter(Boolean)).toHaveLength(1);
      at += n;
    }
    const rows = await record(
      dbs[0] as Db,
      alerts.map((x) => x.key),
    );
    expect(rows).toHaveLength(alerts.length);
    expect(rows.every((r) => !r.done && r.outcome === null)).toBe(true);
  });

  it('completions gathered into one burst mark exactly their own alerts, with their own outcome', async () => {
    const db = dbs[0] as Db;
    const leases = leasesRepository(db);
    const alerts = Array.from({ length: BATCH_MAX + 44 }, (_, i) => invitation(`N${i % 40}`));
    // Leased a moment ago and lapsed already, so whatever is not marked done can be taken over.
    expect(await leases.claimMany(alerts, Date.now() - 1)).toEqual(alerts.map(() => true));
    const outcomes: LeaseOutcome[] = ['sent', 'failed', 'no-subscription'];
    const done = alerts.filter((_, i) => i % 3 !== 0);
    const left = alerts.filter((_, i) => i % 3 === 0);
    const outcomeOf = (i: number) => outcomes[i % outcomes.length] as LeaseOutcome;
    await Promise.all(done.map((alert, i) => leases.complete(alert.key, outcomeOf(i))));

    const rows = new Map(
      (
        await record(
          db,
          alerts.map((x) => x.key),
        )
      ).map((r) => [r.alert_key, r]),
    );
    for (const [i, alert] of done.entries())
      expect(rows.get(alert.key)).toMatchObject({ done: true, outcome: outcomeOf(i) });
    for (const alert of left) expect(rows.get(alert.key)).toMatchObject({ done: false, outcome: null });

    // Only the ones not marked done are taken over, each as it was stored.
    const now = Date.now();
    const { claimed, dropped } = await leases.reclaim(now, now + 60_000, 1_000, PUSH_MAX_CLAIMS);
    expect(dropped).toEqual([]);
    const byKey = new Map(claimed.map((c) => [c.alert.key, c.alert]));
    expect([...byKey.keys()].sort()).toEqual(left.map((x) => x.key).sort());
    for (const alert of left) expect(byKey.get(alert.key)).toEqual(alert);
  });
});
