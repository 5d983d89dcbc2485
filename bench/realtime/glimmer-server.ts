/**
 * The Glimmer server for the bench: the product's createServer, plus bench-only set-up done here
 * and not in product code: N member rows written through the storage handle, a socket token for
 * each from the server's TokenService, and sessions for the broadcasters who send invitations.
 * Forked by run.ts with --expose-gc; talks to it over IPC.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { SESSION_LIFETIME_S } from '../../protocol/constants';
import { EventRoute, INSTANT_INVITE_LIFETIME_S, InviteApi } from '../../protocol/realtime';
import { createServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DELIVER_CHANNEL } from '../../server/realtime/deliver';
import { ALL_PRIVILEGES } from '../../server/seed/members';
import { gcWindow } from './gc-window';
import { type MemoryReport, now, type ServerCommand, type ServerMessage, type TraceReport } from './ipc';
import { pace } from './pace';

const sockets = Number(process.argv[2] ?? '1000');
const send = (message: ServerMessage) => process.send?.(message);

const server = await createServer(loadConfig());
const { db } = server;

// Members M100001.. (the demo ones are M1001..M1005), paid, with every privilege, in two statements.
await db.query(
  `INSERT INTO users (userid, role, nickname, password_hash)
   SELECT 'M' || (100000 + g), 'man', 'Bench ' || g, '-' FROM generate_series(1, $1::int) g
   ON CONFLICT (userid) DO NOTHING`,
  [sockets],
);
await db.query(
  `INSERT INTO members (userid, credit, is_paid, agree_provision, priv)
   SELECT 'M' || (100000 + g), 100000, true, true, $2::jsonb FROM generate_series(1, $1::int) g
   ON CONFLICT (userid) DO NOTHING`,
  [sockets, JSON.stringify(ALL_PRIVILEGES)],
);
// Every socket token names a live session: one each, stored by hash as logins store them.
await db.query(
  `INSERT INTO sessions (id_hash, userid, role, expires_at)
   SELECT 'bench-' || g, 'M' || (100000 + g), 'man', now() + interval '1 day' FROM generate_series(1, $1::int) g
   ON CONFLICT DO NOTHING`,
  [sockets],
);
const members: { key: string; token: string }[] = [];
for (let g = 1; g <= sockets; g++) {
  const key = `M${100000 + g}`;
  members.push({ key, token: (await server.services.tokens.issue(key, 'man', `bench-${g}`)).token });
}

const anchors = await db.query<{ userid: string; nickname: string; photourl: string }>(
  `SELECT a.userid, u.nickname, u.photourl FROM anchors a JOIN users u USING (userid)
   WHERE a.account_status = 1 ORDER BY a.userid`,
);
const cookies: string[] = [];
for (const anchor of anchors) {
  const sessionId = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + SESSION_LIFETIME_S * 1000);
  await server.repositories.sessions.create(sessionId, anchor.userid, 'lady', expires);
  cookies.push(sessionId);
}

send({
  type: 'ready',
  port: server.port,
  members,
  cookies,
  inviteRoute: server.app.hasRoute({ method: 'POST', url: InviteApi.instantInviteUser }),
});
members.length = 0;

/**
 * BENCH_TRACE=1 (a diagnosis): when each invitation reached the service (after HTTP, session and
 * schema) and when its event went on the bus (after the insert committed), by member, so run.ts can
 * split the latency. Wraps the service object in this process only; product code is untouched.
 */
const trace: TraceReport = { type: 'trace', handled: [], delivered: [] };
if (process.env.BENCH_TRACE === '1') {
  const invitations = server.services.invitations;
  const instantInvite = invitations.instantInvite.bind(invitations);
  invitations.instantInvite = (anchorId, userId) => {
    trace.handled.push([userId, now()]);
    return instantInvite(anchorId, userId);
  };
  await server.bus.subscribe(DELIVER_CHANNEL, (message) => {
    const { userid, route } = message as { userid: string; route: string };
    if (route === EventRoute.instantInvite) trace.delivered.push([userid, now()]);
  });
}

/**
 * Diagnoses of the counted window (run.ts opens and closes it around the measured sends):
 * BENCH_CPU_PROFILE=<file>, a V8 CPU profile (wall time: a syscall's wait counts as its caller's);
 * BENCH_HEAP_SAMPLE=<file>, a sampling heap profile of what the window allocated and no scavenge
 * freed: what was promoted and what the heap keeps, but also the young objects a mark-compact freed
 * (it empties the young generation too), so short-lived objects are over-counted; with
 * BENCH_HEAP_SAMPLE_ALL=1, all it allocated. Allocations of code a function inlined count as that
 * function's.
 */
const profileFile = process.env.BENCH_CPU_PROFILE;
const heapSampleFile = process.env.BENCH_HEAP_SAMPLE;
let inspector: Session | undefined;
let windowOpened = false;
const gc = gcWindow();

async function openWindow() {
  if ((!profileFile && !heapSampleFile) || windowOpened) return;
  windowOpened = true;
  inspector = new Session();
  inspector.connect();
  if (profileFile) {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  if (heapSampleFile)
    await inspector.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_SAMPLE_ALL === '1',
    });
}

async function closeWindow() {
  const session = inspector;
  if (!session) return;
  inspector = undefined;
  if (profileFile) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
  }
  if (heapSampleFile) {
    // A scavenge first: the young garbage of the moment leaves the profile (it would stay if a full
    // collection freed it, as the window's promoted garbage stays).
    (globalThis.gc as ((options: { type: 'minor' }) => void) | undefined)?.({ type: 'minor' });
    const { profile } = await session.post('HeapProfiler.getSamplingProfile');
    await session.post('HeapProfiler.stopSampling');
    writeFileSync(heapSampleFile, JSON.stringify(profile));
  }
  session.disconnect();
}

async function stop() {
  await closeWindow();
  await server.close();
  process.exit(0);
}

process.on('message', async (message: ServerCommand) => {
  if (message.cmd === 'memory') {
    globalThis.gc?.();
    let count = 0;
    for (let g = 1; g <= sockets; g++) count += server.realtime.gateway.localSockets(`M${100000 + g}`);
    // BENCH_HEAP_SNAPSHOT=<prefix> (a diagnosis): a heap snapshot at each measurement, to see what
    // each connection holds (compare the two in DevTools' Comparison view).
    const prefix = process.env.BENCH_HEAP_SNAPSHOT;
    if (prefix) writeHeapSnapshot(`${prefix}-${count}.heapsnapshot`);
    const report: MemoryReport = {
      type: 'memory',
      heapUsed: getHeapStatistics().used_heap_size,
      sockets: count,
    };
    send(report);
  } else if (message.cmd === 'window') {
    if (message.on) {
      gc.open();
      await openWindow();
    } else {
      // Counted before closeWindow, whose own scavenge (for the heap sample) is not the load's.
      const collected = gc.close();
      await closeWindow();
      send(collected);
    }
  } else if (message.cmd === 'trace') {
    send(trace);
  } else if (message.cmd === 'drive') {
    // No HTTP route yet: the same event through the gateway's deliver over the in-process bus.
    const log = await pace(message.keys, message.rate, (key, i) => {
      const anchor = anchors[i % anchors.length];
      if (!anchor) return;
      void server.realtime.deliver(key, EventRoute.instantInvite, {
        anchor_id: anchor.userid,
        nick_name: anchor.nickname,
        photourl: anchor.photourl,
        invite_id: randomUUID(),
        left_seconds: INSTANT_INVITE_LIFETIME_S,
      });
    });
    send({ type: 'driven', log });
  } else if (message.cmd === 'stop') {
    await stop();
  }
});
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
