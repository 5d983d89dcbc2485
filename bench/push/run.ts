/**
 * `npm run bench:push`: N alerts to M subscriptions through the delivery pipeline (push-server:
 * batched subscription lookups and claims in the database, VAPID header reused per origin,
 * keep-alive agents, bounded concurrency), and in the same run through a plain loop of
 * `webpush.sendNotification`, against a local HTTPS push service in its own process.
 * For each: deliveries per second at saturation, CPU per alert (this process, all its threads), and latency
 * from the event to the push service's 201 (p50, p99) with events paced at half of that rate.
 * Options: --alerts N (10000), --subs M (1000), --plain N (1000), --rounds R (3), --threads T, --rate R,
 * --no-h1 (skip the HTTP/1.1 pipeline), --ab (adds single-change variants: no leases, a burst's
 * encryption in one message to the worker instead of a stream of small batches, and encryption in
 * the main thread instead of the worker), --quick, --out FILE (writes the results there instead:
 * A/B runs leave the recorded results alone). Writes bench/results/push.txt unless --quick.
 * PGlite in a temp folder, or DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { EventRoute, type InstantInviteNotice } from '../../protocol/realtime';
import { type Alert, alertFromEvent, ttlOf } from '../../push-server/alerts';
import { DeliveryPipeline, type DeliveryReport } from '../../push-server/delivery';
import {
  defaultEncryptThreads,
  type Encrypt,
  EncryptPool,
  encryptInline,
} from '../../push-server/encrypt-pool';
import { type LeasesRepository, leasesRepository } from '../../push-server/leases';
import { PushSender, type PushTarget } from '../../push-server/sender';
import { subscriptionsRepository } from '../../push-server/subscriptions';
import { MemoryPresence } from '../../server/realtime/presence';
import type { Db } from '../../server/storage/contract';
import { openDatabase } from '../../server/storage/open';
import { selfSignedCert } from '../../tests/integration/push/push-service';

const root = new URL('../..', import.meta.url).pathname;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const quick = process.argv.includes('--quick');
/** --out FILE: where the results go (even with --quick); by default push.txt, and not with --quick. */
const outAt = process.argv.indexOf('--out');
const OUT = outAt > 0 ? process.argv[outAt + 1] : undefined;
if (outAt > 0 && (!OUT || OUT.startsWith('--'))) throw new Error('--out needs a file');
const ALERTS = arg('alerts', quick ? 4_000 : 10_000);
const SUBS = arg('subs', quick ? 200 : 1_000);
const PLAIN = arg('plain', quick ? 500 : 1_000);
const PACED_SECONDS = quick ? 2 : 5;
const ROUNDS = arg('rounds', quick ? 1 : 3);
const loadAtStart = loadavg();
/** Paced latency at this rate (/s) instead of half the measured one. */
const RATE = process.argv.includes('--rate') ? arg('rate', 100) : undefined;
const SUBJECT = 'mailto:bench@glimmer.example';
const THREADS = arg('threads', defaultEncryptThreads());
const AB = process.argv.includes('--ab');
/** --ab: the pipeline as it was before leases (nothing written: a crash loses the alert). */
const noLeases: Pick<LeasesRepository, 'claim' | 'complete' | 'reclaim'> = {
  claim: async () => true,
  complete: async () => undefined,
  reclaim: async () => ({ claimed: [], dropped: [] }),
};

interface Figures {
  name: string;
  alerts: number;
  perSecond: number;
  cpuMsPerAlert: number;
  p50: number;
  p99: number;
  failed: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) : 0;
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The test push service's self-signed certificate, written where the service child reads it. */
function makeCert(dir: string) {
  const { key, cert } = selfSignedCert();
  writeFileSync(join(dir, 'key.pem'), key);
  writeFileSync(join(dir, 'cert.pem'), cert);
  return cert;
}

async function startService(dir: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/push/service.ts'), join(dir, 'cert.pem'), join(dir, 'key.pem')],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      const m = b.toString().match(/port (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`push service exited ${code}`)));
  });
  return { child, origin: `https://127.0.0.1:${port}` };
}

/** M members, each logged in once with one subscription at the local service. */
async function makeSubscriptions(db: Db, origin: string): Promise<PushTarget[]> {
  await db.query(
    `INSERT INTO users (userid, role, nickname, password_hash)
     SELECT 'B' || g, 'man', 'Bench ' || g, 'x' FROM generate_series(1, $1::int) g ON CONFLICT DO NOTHING`,
    [SUBS],
  );
  await db.query(
    `INSERT INTO sessions (id_hash, userid, role, expires_at)
     SELECT 'bench' || g, 'B' || g, 'man', now() + interval '1 day' FROM generate_series(1, $1::int) g
     ON CONFLICT DO NOTHING`,
    [SUBS],
  );
  const repo = subscriptionsRepository(db);
  const targets: PushTarget[] = [];
  for (let i = 1; i <= SUBS; i++) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const target = {
      endpoint: `${origin}/push/${randomBytes(12).toString('base64url')}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    await repo.upsert({ ...target, userId: `B${i}`, sessionHash: `bench${i}`, types: ['invite', 'show'] });
    targets.push(target);
  }
  return targets;
}

let serial = 0;
function makeAlert(member: number, now = Date.now()): Alert {
  const notice: InstantInviteNotice = {
    invite_id: `I${process.pid}x${++serial}`,
    anchor_id: 'A2001',
    nick_name: 'Olena',
    photourl: '/media/portrait/A2001.svg',
    left_seconds: 180,
    invMsg: 'Olena would love to see you in a One-on-One. Come and say hi!',
  };
  const alert = alertFromEvent(`B${member}`, EventRoute.instantInvite, notice, now);
  if (!alert) throw new Error('no alert');
  return alert;
}

/** Sends `count` events through `send` (all at once, or paced at `rate`/s); latency per event. */
async function drive(
  count: number,
  rate: number | undefined,
  send: (alert: Alert) => Promise<boolean>,
): Promise<{ elapsedMs: number; cpu: number; latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const work: Promise<void>[] = [];
  const one = (i: number) => {
    const startedAt = performance.now();
    const alert = makeAlert((i % SUBS) + 1);
    work.push(
      send(alert).then((ok) => {
        if (ok) latencies.push(performance.now() - startedAt);
        else failed++;
      }),
    );
  };
  if (rate === undefined) {
    for (let i = 0; i < count; i++) one(i);
  } else {
    // Paced: events arrive on a clock, whether or not earlier ones are done.
    for (let i = 0; i < count; ) {
      const due = Math.floor(((performance.now() - t0) / 1000) * rate);
      while (i < Math.min(due, count)) one(i++);
      await sleep(5);
    }
  }
  await Promise.all(work);
  return {
    elapsedMs: performance.now() - t0,
    cpu: cpuMs(process.cpuUsage(cpu0)),
    latencies: latencies.sort((a, b) => a - b),
    failed,
  };
}

interface Contender {
  name: string;
  count: number;
  send: (alert: Alert) => Promise<boolean>;
}

/**
 * Saturation rounds alternate between the contenders (the machine's load changes under a long run;
 * alternating spreads it fairly) and the median round counts; then each runs paced at half its rate.
 */
async function measure(contenders: Contender[]): Promise<Figures[]> {
  for (const c of contenders) await drive(Math.min(200, c.count), undefined, c.send); // warm-up
  const rounds = contenders.map(() => [] as Awaited<ReturnType<typeof drive>>[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, c] of contenders.entries()) rounds[i]?.push(await drive(c.count, undefined, c.send));
  }
  const figures: Figures[] = [];
  for (const [i, c] of contenders.entries()) {
    const sorted = [...(rounds[i] ?? [])].sort((a, b) => a.elapsedMs - b.elapsedMs);
    const median = sorted[Math.floor(sorted.length / 2)] as Awaited<ReturnType<typeof drive>>;
    const perSecond = (c.count / median.elapsedMs) * 1000;
    const rate = RATE ?? perSecond / 2;
    const paced = await drive(Math.max(50, Math.round(rate * PACED_SECONDS)), rate, c.send);
    figures.push({
      name: c.name,
      alerts: c.count,
      perSecond,
      cpuMsPerAlert: median.cpu / c.count,
      p50: quantile(paced.latencies, 0.5),
      p99: quantile(paced.latencies, 0.99),
      failed: sorted.reduce((n, r) => n + r.failed, 0) + paced.failed,
    });
  }
  return figures;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'glimmer-bench-push-'));
  const ca = makeCert(dir);
  const service = await startService(dir).catch((error) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const db = await openDatabase({ dataDir: join(dir, 'db'), databaseUrl: process.env.DATABASE_URL });
  try {
    const targets = await makeSubscriptions(db, service.origin);
    const vapid = webpush.generateVAPIDKeys();

    // 1. The delivery pipeline, as push-server runs it (nobody has a visible tab).
    //    Twice: over HTTP/2 (what it does with a service that offers it) and HTTP/1.1 keep-alive
    //    only (what it does with one that does not), alternating in the same run.
    const pool = new EncryptPool(THREADS);
    // --ab only (workers start on first use): as before, a whole burst in one message per worker.
    const burstPool = new EncryptPool(THREADS, undefined, Number.POSITIVE_INFINITY);
    const presence = new MemoryPresence();
    const waiting = new Map<string, (ok: boolean) => void>();
    const senders: PushSender[] = [];
    const pipelineVia = (http2: boolean, variant: { encrypt?: Encrypt; leases?: boolean } = {}) => {
      const encrypt = variant.encrypt ?? pool.encrypt;
      const sender = new PushSender({ vapid, subject: SUBJECT, tls: { ca }, encrypt, http2 });
      senders.push(sender);
      const pipeline = new DeliveryPipeline({
        subscriptions: subscriptionsRepository(db),
        // Every alert is leased in the database (written, then marked done), as push-server does.
        leases: variant.leases === false ? noLeases : leasesRepository(db),
        hasVisibleTab: (userId) => presence.hasVisibleTab(userId),
        sender,
        onReport: (r: DeliveryReport) => waiting.get(r.alert.key)?.(r.outcome === 'pushed'),
      });
      return (alert: Alert) =>
        new Promise<boolean>((resolve) => {
          waiting.set(alert.key, (ok) => {
            waiting.delete(alert.key);
            resolve(ok);
          });
          pipeline.submit(alert);
        });
    };
    const viaPipeline = pipelineVia(true);
    const viaPipelineH1 = pipelineVia(false);
    // --ab: what single changes are worth, in the same run (CPU per alert is the figure to read).
    const ab: Contender[] = AB
      ? [
          {
            name: 'A/B: no leases (crash-unsafe)',
            count: ALERTS,
            send: pipelineVia(true, { leases: false }),
          },
          {
            name: 'A/B: burst in one worker message',
            count: ALERTS,
            send: pipelineVia(true, { encrypt: burstPool.encrypt }),
          },
          {
            name: 'A/B: encryption in-thread',
            count: ALERTS,
            send: pipelineVia(true, { encrypt: encryptInline }),
          },
        ]
      : [];

    // 2. A plain loop: one sendNotification at a time, as the library's README shows it.
    const agent = new https.Agent({ ca, keepAlive: true });
    const byMember = (alert: Alert) => targets[Number(alert.userId.slice(1)) - 1] as PushTarget;
    const queue: { alert: Alert; done: (ok: boolean) => void }[] = [];
    let looping = false;
    const loop = async () => {
      looping = true;
      for (let job = queue.shift(); job; job = queue.shift()) {
        const t = byMember(job.alert);
        try {
          const r = await webpush.sendNotification(
            { endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } },
            JSON.stringify(job.alert.payload),
            {
              TTL: ttlOf(job.alert, Date.now()),
              urgency: job.alert.urgency,
              topic: job.alert.topic,
              vapidDetails: { subject: SUBJECT, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
              agent,
            },
          );
          job.done(r.statusCode === 201);
        } catch {
          job.done(false);
        }
      }
      looping = false;
    };
    const viaLoop = (alert: Alert) =>
      new Promise<boolean>((done) => {
        queue.push({ alert, done });
        if (!looping) void loop();
      });
    const figures = await measure([
      { name: 'delivery pipeline (HTTP/2)', count: ALERTS, send: viaPipeline },
      { name: 'plain sendNotification loop', count: PLAIN, send: viaLoop },
      ...(process.argv.includes('--no-h1')
        ? []
        : [{ name: 'delivery pipeline (HTTP/1.1)', count: ALERTS, send: viaPipelineH1 }]),
      ...ab,
    ]);
    for (const s of senders) s.close();
    await pool.close();
    await burstPool.close();
    agent.destroy();
    report(figures, db.driver);
  } finally {
    service.child.kill('SIGTERM');
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(rows: Figures[], driver: string) {
  const [pipe, plain] = rows as [Figures, Figures];
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = [
    `Glimmer push benchmark — ${new Date().toISOString()}`,
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, database ${driver}`,
    `Pipeline: ${THREADS} encryption thread(s), each alert leased in the database and marked done`,
    `Workload: ${SUBS} subscriptions at a local HTTPS push service (own process, HTTP/2 and HTTP/1.1, answers 201);`,
    `  invitation alerts (Declarative Web Push payload, ~${JSON.stringify(makeAlert(1).payload).length} bytes),`,
    `  aes128gcm + VAPID ES256. Throughput and CPU: median of ${ROUNDS} alternating saturation rounds;`,
    `  latency event → 201 with events paced at half that rate for ${PACED_SECONDS} s. CPU: the sending process, all its threads.`,
    `Load average while running: ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} at the start, ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end (other work on this machine competes for its cores).`,
    '',
    `${pad('', 34)}${pad('alerts', 9)}${pad('alerts/s', 11)}${pad('CPU ms/alert', 14)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}failed`,
    ...rows.map(
      (r) =>
        `${pad(r.name, 34)}${pad(String(r.alerts), 9)}${pad(r.perSecond.toFixed(0), 11)}${pad(
          r.cpuMsPerAlert.toFixed(3),
          14,
        )}${pad(r.p50.toFixed(1), 9)}${pad(r.p99.toFixed(1), 9)}${r.failed}`,
    ),
    '',
    `Pipeline (HTTP/2) vs plain loop: ${(pipe.perSecond / plain.perSecond).toFixed(1)}x throughput, ${(
      plain.cpuMsPerAlert / pipe.cpuMsPerAlert
    ).toFixed(1)}x less CPU per alert.`,
    `Aim: >= 4500 alerts/s and >= 5x the plain loop: ${pipe.perSecond >= 4500 && pipe.perSecond >= 5 * plain.perSecond ? 'met' : 'NOT met'}.`,
  ];
  const text = `${lines.join('\n')}\n`;
  process.stdout.write(text);
  if (OUT) writeFileSync(OUT, text);
  else if (!quick) writeFileSync(join(root, 'bench/results/push.txt'), text);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
