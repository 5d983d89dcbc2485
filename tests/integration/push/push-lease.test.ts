/**
 * An alert claimed by a push-server process that dies before sending it is not lost: once the
 * lease lapses another process (PostgreSQL: two others, racing) or the same data after a restart
 * (PGlite) sends it, exactly once; one whose life ran out meanwhile is dropped, never sent late.
 * The dying process is a real delivery pipeline whose sends never return (it claimed, then
 * stopped); the ones that take over are real push servers posting to the local push service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { EventRoute, type InstantInviteNotice } from '../../../protocol/realtime';
import { type Alert, alertFromEvent } from '../../../push-server/alerts';
import { DeliveryPipeline } from '../../../push-server/delivery';
import { type PushServer, startPushServer } from '../../../push-server/index';
import { leasesRepository } from '../../../push-server/leases';
import { ReminderScheduler, remindersRepository } from '../../../push-server/reminders';
import { subscriptionsRepository } from '../../../push-server/subscriptions';
import { LocalBus } from '../../../server/bus/index';
import { MemoryPresence } from '../../../server/realtime/presence';
import type { Db } from '../../../server/storage/contract';
import { openDatabase } from '../../../server/storage/open';
import { createTestDatabase, type TestDatabase } from '../harness';
import { LocalPushService } from './push-service';

const postgres = Boolean(process.env.DATABASE_URL);
const LEASE_MS = 2_000;
let push: LocalPushService;
let dataDir: string;
let database: TestDatabase | undefined;
const handles: Db[] = [];
const servers: PushServer[] = [];
const vapid = webpush.generateVAPIDKeys();

async function open(): Promise<Db> {
  const db = await openDatabase({ dataDir, databaseUrl: database?.url });
  handles.push(db);
  return db;
}

beforeAll(async () => {
  push = await LocalPushService.start();
  dataDir = mkdtempSync(join(tmpdir(), 'glimmer-push-lease-'));
  if (postgres) database = await createTestDatabase(process.env.DATABASE_URL as string);
});

afterAll(async () => {
  for (const s of servers) await s.close();
  for (const db of handles) await db.close().catch(() => undefined);
  await database?.drop();
  await push?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let serial = 0;
function invitation(userId: string, lifeS: number): Alert {
  const notice: InstantInviteNotice = {
    invite_id: `L${process.pid}x${++serial}`,
    anchor_id: 'A2001',
    nick_name: 'Olena',
    photourl: '/media/portrait/A2001.svg',
    left_seconds: lifeS,
  };
  const alert = alertFromEvent(userId, EventRoute.instantInvite, notice, Date.now());
  if (!alert) throw new Error('no alert');
  return alert;
}

/** A process whose sends never return: it claimed, then stopped. */
function dyingPipeline(db: Db, started: string[]): DeliveryPipeline {
  return new DeliveryPipeline({
    subscriptions: subscriptionsRepository(db),
    leases: leasesRepository(db),
    hasVisibleTab: async () => false,
    sender: {
      send: (_target, alert) => {
        started.push(alert.key);
        return new Promise(() => undefined);
      },
    },
    leaseMs: LEASE_MS,
  });
}

/** A member with one subscription at the local push service. */
async function member(db: Db, userId: string): Promise<string> {
  await db.query(
    `INSERT INTO users (userid, role, nickname, password_hash) VALUES ($1, 'man', $1, 'x') ON CONFLICT DO NOTHING`,
    [userId],
  );
  await db.query(`INSERT INTO members (userid, priv) VALUES ($1, '{}') ON CONFLICT DO NOTHING`, [userId]);
  await db.query(
    `INSERT INTO sessions (id_hash, userid, role, expires_at) VALUES ($1, $2, 'man', now() + interval '1 day')`,
    [`lease-${userId}`, userId],
  );
  const sub = push.subscribe();
  await subscriptionsRepository(db).upsert({
    endpoint: sub.endpoint,
    userId,
    sessionHash: `lease-${userId}`,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    types: ['invite', 'show'],
  });
  return sub.endpoint;
}

function pushServer(db: Db): Promise<PushServer> {
  return startPushServer({
    db,
    bus: new LocalBus(),
    presence: new MemoryPresence(),
    shared: postgres,
    vapid,
    subject: 'mailto:lease-test@glimmer.example',
    tls: { ca: push.cert },
    leaseMs: LEASE_MS,
    recoverTickMs: 100,
    // Their own reminder ticks stay out of the way: the dying process claims the reminder here.
    reminderTickMs: 60 * 60_000,
    encryptThreads: 0,
  }).then((s) => {
    servers.push(s);
    return s;
  });
}

const record = async (db: Db, key: string) =>
  (
    await db.query<{ outcome: string | null; done: boolean; attempts: number }>(
      'SELECT outcome, done_at IS NOT NULL AS done, attempts FROM push_alerts WHERE alert_key = $1',
      [key],
    )
  )[0];

describe(`a leased alert whose process dies before sending (${postgres ? 'PostgreSQL, two processes take over' : 'PGlite, restart'})`, () => {
  it('is sent once after the lease lapses; one that expired meanwhile is dropped', async () => {
    let db = await open();
    const live = invitation('L1', 60);
    const short = invitation('L2', 1);
    const liveEndpoint = await member(db, 'L1');
    const shortEndpoint = await member(db, 'L2');

    // The process that dies: it claims both, then never gets to send (its sends never return).
    const sendsStarted: string[] = [];
    const dying = dyingPipeline(db, sendsStarted);
    const claimedAt = Date.now();
    dying.submit(live);
    dying.submit(short);
    await expect.poll(() => sendsStarted.length).toBe(2);
    expect(await record(db, live.key)).toEqual({ outcome: null, done: false, attempts: 1 });

    if (!postgres) {
      // PGlite: the process is gone; the same data opens again after a restart.
      await db.close();
      db = await open();
    }
    // The ones that take over: one after the restart, or two racing on PostgreSQL.
    if (postgres) {
      await pushServer(await open());
      await pushServer(await open());
    } else {
      await pushServer(db);
    }

    await expect.poll(() => push.to(liveEndpoint).length, { timeout: 10_000 }).toBe(1);
    const [got] = push.to(liveEndpoint);
    // Nothing went while the lease held: the one message came after it.
    expect(got?.at).toBeGreaterThanOrEqual(claimedAt + LEASE_MS);
    expect(got?.error).toBeUndefined();
    expect(got?.payload?.glimmer.id).toBe(live.payload.glimmer.id);
    // TTL counts down from the alert's own end, not from the takeover.
    expect(Number(got?.headers.ttl)).toBeLessThanOrEqual(60 - LEASE_MS / 1000);
    expect(got?.headers.urgency).toBe('high');

    // Many more sweeps of every process: still once, and the expired one never.
    await new Promise((r) => setTimeout(r, LEASE_MS + 500));
    expect(push.to(liveEndpoint)).toHaveLength(1);
    expect(push.to(shortEndpoint)).toHaveLength(0);
    expect(await record(db, live.key)).toEqual({ outcome: 'sent', done: true, attempts: 2 });
    expect(await record(db, short.key)).toMatchObject({ outcome: 'expired', done: true });
  }, 30_000);

  it('a live process sends each alert once and the sweep never takes over one in flight', async () => {
    const db = handles[handles.length - 1] as Db;
    const endpoint = await member(db, 'L3');
    const server = servers[0] as PushServer;
    const alerts = Array.from({ length: 5 }, () => invitation('L3', 60));
    const reports = await Promise.all(alerts.map((a) => server.pipeline.deliver(a)));
    expect(reports.map((r) => r.outcome)).toEqual(alerts.map(() => 'pushed'));
    // Past a whole lease, with every process sweeping every 100 ms.
    await new Promise((r) => setTimeout(r, LEASE_MS + 500));
    expect(
      push
        .to(endpoint)
        .map((r) => r.payload?.glimmer.id)
        .sort(),
    ).toEqual(alerts.map((a) => a.payload.glimmer.id).sort());
    for (const a of alerts)
      expect(await record(db, a.key)).toEqual({ outcome: 'sent', done: true, attempts: 1 });
  }, 30_000);

  it('a show reminder claimed by a process that dies is sent once by another after the lease', async () => {
    const db = handles[handles.length - 1] as Db;
    const endpoint = await member(db, 'L4');
    await db.query(
      `INSERT INTO users (userid, role, nickname, password_hash) VALUES ('LA1', 'lady', 'Mila', 'x')`,
    );
    await db.query(
      `INSERT INTO anchors (userid, birthday, country, city, priv) VALUES ('LA1', '1995-01-01', 'UA', 'Kyiv', '{}')`,
    );
    // Its 30-minute reminder is due now.
    await db.query(
      `INSERT INTO shows (live_show_id, anchor_id, title, price, start_time, duration_min, capacity)
       VALUES ('LS7701', 'LA1', 'Lease test', 0, $1, 30, 10)`,
      [new Date(Date.now() + 30 * 60_000 - 1_000)],
    );
    await db.query(
      `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ('LS7701', 'L4', 1, 0)`,
    );
    const started: string[] = [];
    const dying = new ReminderScheduler({
      reminders: remindersRepository(db),
      pipeline: dyingPipeline(db, started),
      leaseMs: LEASE_MS,
    });
    const claimedAt = Date.now();
    void dying.tick();
    await expect.poll(() => started).toEqual(['show:LS7701:soon:L4']);
    const fired = await db.query<{ outcome: string }>(
      `SELECT outcome FROM push_reminders WHERE live_show_id = 'LS7701' AND kind = 'soon'`,
    );
    expect(fired).toEqual([{ outcome: 'sent' }]);
    // The record is fired, so no reminder tick sends it again; the lease is what brings it back.
    await expect.poll(() => push.to(endpoint).length, { timeout: 10_000 }).toBe(1);
    const [got] = push.to(endpoint);
    expect(got?.at).toBeGreaterThanOrEqual(claimedAt + LEASE_MS);
    expect(got?.payload?.glimmer).toMatchObject({ kind: 'show', id: 'LS7701' });
    expect(got?.payload?.notification.title).toMatch(/^Mila's show starts in (29|30) minutes\.$/);
    await new Promise((r) => setTimeout(r, LEASE_MS + 500));
    expect(push.to(endpoint)).toHaveLength(1);
    expect(await record(db, 'show:LS7701:soon:L4')).toEqual({ outcome: 'sent', done: true, attempts: 2 });
  }, 30_000);

  it('an alert taken over too often (its owners keep dying) is given up, not sent', async () => {
    const db = handles[handles.length - 1] as Db;
    const endpoint = await member(db, 'L5');
    const alert = invitation('L5', 60);
    // Claimed PUSH_MAX_CLAIMS (5) times already, the last lease lapsed a moment ago.
    const [won] = await leasesRepository(db).claimMany([alert], Date.now() - 1);
    expect(won).toBe(true);
    await db.query('UPDATE push_alerts SET attempts = 5 WHERE alert_key = $1', [alert.key]);
    await expect
      .poll(async () => (await record(db, alert.key))?.outcome, { timeout: 5_000 })
      .toBe('abandoned');
    await new Promise((r) => setTimeout(r, 500));
    expect(push.to(endpoint)).toHaveLength(0);
  });
});
