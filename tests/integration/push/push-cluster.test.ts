/**
 * Two `npm run push-server` processes (push-server/main.ts, as an operator runs them) beside a
 * product server with PUSH_EMBEDDED=0, on one PostgreSQL and one Redis: every invitation and every
 * show reminder reaches the push service exactly once; a cancelled show and a reminder missed by
 * more than its use send nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushApi } from '../../../protocol/push/push';
import { InviteApi } from '../../../protocol/realtime';
import { type Client, startServer, type TestServer } from '../harness';
import { LocalPushService } from './push-service';

const root = new URL('../../..', import.meta.url).pathname;
let push: LocalPushService;
let server: TestServer;
let certDir: string;
const workers: ChildProcess[] = [];

/** Starts a worker; resolves once it says it runs (its bus subscription is live by then). */
function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'push-server', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: server.config.databaseUrl,
      REDIS_URL: server.config.redisUrl,
      REDIS_PREFIX: server.config.redisPrefix,
      PUSH_ALLOWED_ORIGINS: push.origin,
      PUSH_SUBJECT: server.config.pushSubject,
      PUSH_REMINDER_TICK_MS: '50',
      GLIMMER_QUIET: '0',
      // The local push service's self-signed certificate, trusted by these processes only.
      NODE_EXTRA_CA_CERTS: join(certDir, 'push.pem'),
    },
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('push server running')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`push-server exited with ${code}`)));
  });
}

beforeAll(async () => {
  push = await LocalPushService.start();
  certDir = mkdtempSync(join(tmpdir(), 'glimmer-push-ca-'));
  writeFileSync(join(certDir, 'push.pem'), push.cert);
  server = await startServer({
    cluster: true,
    config: { pushEmbedded: false, pushAllowedOrigins: [push.origin] },
  });
  await Promise.all([startWorker(), startWorker()]);
}, 90_000);

afterAll(async () => {
  for (const child of workers) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  await server?.close();
  await push?.close();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

async function subscribed(userid: string): Promise<{ client: Client; endpoint: string }> {
  const client = await server.loginAs(userid);
  const subscription = push.subscribe();
  const answer = await client.json(PushApi.subscribe, { subscription });
  expect(answer.body.errno).toBe(0);
  return { client, endpoint: subscription.endpoint };
}

const secondsFromNow = (s: number) => new Date(Date.now() + s * 1000);

/** A show with M1001 holding a ticket and M1002 following it, written at once (workers tick fast). */
async function addShow(id: string, start: Date, extra: { status?: number; cancelled?: boolean } = {}) {
  await server.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO shows (live_show_id, anchor_id, title, price, start_time, duration_min, capacity, status, cancelled_at)
       VALUES ($1, 'A2001', 'Push test show', 0, $2, 30, 10, $3, $4)`,
      [id, start, extra.status ?? 1, extra.cancelled ? new Date() : null],
    );
    await tx.query(
      `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ($1, 'M1001', 1, 0)`,
      [id],
    );
    await tx.query(`INSERT INTO show_follows (live_show_id, member_id) VALUES ($1, 'M1002')`, [id]);
    if (id === 'LS9904') {
      // Its records were written while the push servers ran, then they were down past the start.
      await tx.query(
        `INSERT INTO push_reminders (live_show_id, kind, fire_at) VALUES
         ($1, 'soon', now() - interval '45 minutes'), ($1, 'start', now() - interval '15 minutes')`,
        [id],
      );
    }
  });
}

describe('two push-server processes on PostgreSQL and Redis', () => {
  it('send each invitation once', async () => {
    const { endpoint } = await subscribed('M1003');
    const lady = await server.loginAs('A2001');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await lady.call<{ invite_id: string }>(InviteApi.instantInviteUser, { user_id: 'M1003' })).invite_id,
      );
    }
    // Invitations only: a seeded show M1003 holds a ticket for may send its reminder meanwhile.
    const invitations = () => push.to(endpoint).filter((r) => r.payload?.glimmer.kind === 'invite');
    const got = () => [...new Set(invitations().map((r) => r.payload?.glimmer.id))];
    await expect.poll(() => got().length, { timeout: 20_000 }).toBe(3);
    // Both workers heard every event; a while later still one process sent each. (Which process
    // sent a message shows in its VAPID header: each signs its own. A process may post one alert
    // twice when an answer is lost on a loaded machine — a retry, which the Topic collapses at a
    // real push service — but never two processes the same alert.)
    await new Promise((r) => setTimeout(r, 1_500));
    expect(got().sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const senders = new Set(
        invitations()
          .filter((r) => r.payload?.glimmer.id === id)
          .map((r) => r.headers.authorization),
      );
      expect(senders.size, `processes that sent ${id}`).toBe(1);
    }
  });

  it('fire each show reminder once; a cancelled show and a long-missed reminder fire nothing', async () => {
    const holder = await subscribed('M1001');
    const follower = await subscribed('M1002');
    // LS9901: the 30-minute reminder is due now. LS9902: starts in 4 s (its 30-minute reminder goes
    // at once, the start one at the start). LS9903: cancelled. LS9904: started 15 minutes ago while
    // the push servers were down (its records were written then).
    await addShow('LS9901', secondsFromNow(30 * 60 - 1));
    await addShow('LS9902', secondsFromNow(4));
    await addShow('LS9903', secondsFromNow(30 * 60 - 1), { status: 4, cancelled: true });
    await addShow('LS9904', secondsFromNow(-15 * 60));
    const shows = (endpoint: string) =>
      push
        .to(endpoint)
        .filter((r) => r.payload?.glimmer.kind === 'show')
        .map(
          (r) =>
            `${r.payload?.glimmer.id}:${r.payload?.notification.title.includes('started') ? 'start' : 'soon'}`,
        )
        .sort();
    const expected = ['LS9901:soon', 'LS9902:soon', 'LS9902:start'];
    await expect.poll(() => shows(holder.endpoint), { timeout: 30_000 }).toEqual(expected);
    await expect.poll(() => shows(follower.endpoint), { timeout: 10_000 }).toEqual(expected);
    // Many more ticks of both workers: still once each.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(shows(holder.endpoint)).toEqual(expected);
    expect(shows(follower.endpoint)).toEqual(expected);

    const rows = await server.db.query<{ live_show_id: string; kind: string; outcome: string }>(
      `SELECT live_show_id, kind, outcome FROM push_reminders WHERE live_show_id LIKE 'LS99%'
       ORDER BY live_show_id, kind`,
    );
    expect(rows).toEqual([
      { live_show_id: 'LS9901', kind: 'soon', outcome: 'sent' },
      // Scheduled, due at the start in 30 minutes.
      { live_show_id: 'LS9901', kind: 'start', outcome: null },
      { live_show_id: 'LS9902', kind: 'soon', outcome: 'sent' },
      { live_show_id: 'LS9902', kind: 'start', outcome: 'sent' },
      { live_show_id: 'LS9904', kind: 'soon', outcome: 'late' },
      { live_show_id: 'LS9904', kind: 'start', outcome: 'late' },
    ]);
    // The 30-minute reminder lives until the start: TTL no longer than that.
    const soon = push.to(holder.endpoint).find((r) => r.payload?.glimmer.id === 'LS9901');
    expect(Number(soon?.headers.ttl)).toBeLessThanOrEqual(30 * 60);
    expect(Number(soon?.headers.ttl)).toBeGreaterThan(25 * 60);
    expect(soon?.payload?.notification).toMatchObject({ tag: 'show:LS9901' });
    expect(soon?.payload?.notification.actions?.map((a) => a.title)).toEqual(['Join']);
  }, 60_000);
});
