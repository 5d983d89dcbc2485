/**
 * bench/realtime: one Glimmer server and one bare `ws` server (the floor), each in its own process;
 * N sockets opened against each in turn from a few client workers, logged in and beating; RSS per
 * connection from /proc/<pid>/status; then sends at a fixed rate and the delivery latency; then a
 * short step search for the highest rate each holds with p99 under 100 ms.
 *   node --import tsx bench/realtime/run.ts [--sockets N] [--rate R] [--seconds S] [--workers W] [--quick]
 *     [--database-url postgres://... (a dedicated database; PGlite in a temp DATA_DIR otherwise)]
 *     [--steps 250,500,...|none] [--step-seconds S]
 * Use bench/realtime/run.sh, which raises the open-files limit first.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SOCKET_HEARTBEAT_MS } from '../../protocol/constants';
import { SOCKET_PATH } from '../../protocol/paths';
import { InviteApi } from '../../protocol/realtime';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags';
import { ClientPool } from './clients';
import type { DriveDone, DriveMode, GcReport, MemoryReport, SendLog, ServerReady, TraceReport } from './ipc';
import { HTTP_CONNECTIONS, sendOverHttp } from './load';
import { pickTargets } from './pace';
import { type Measured, report } from './report';
import { DEFAULT_STEPS, parseSteps, searchRates } from './search';
import {
  commandCpu,
  commandCpuMsBetween,
  cpuMs,
  databaseCommits,
  databasePids,
  forkChild,
  machineBusyMs,
  nextMessage,
  openFds,
  openFileLimit,
  stopChild,
  vmRssKiB,
} from './servers';
import { byKey, latencies, splitLatency } from './stats';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '20000' },
    /** Invitations per second of the measured run (the aims are set at 500/s). */
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '10' },
    workers: { type: 'string', default: '4' },
    quick: { type: 'boolean', default: false },
    /** Uncounted sends first, at the same rate: long enough for V8 to compile the hot paths. */
    warmup: { type: 'string', default: '2' },
    /** A dedicated PostgreSQL database instead of PGlite (the bench writes N members into it). */
    'database-url': { type: 'string' },
    /** Where the table goes (default bench/results/realtime.txt), for A/B runs that must not replace it. */
    out: { type: 'string' },
    /** The rates of the step search after the measured run ('none': no search). */
    steps: { type: 'string', default: DEFAULT_STEPS.join(',') },
    /** Counted seconds of each step (after a 1 s lead-in at the step's rate). */
    'step-seconds': { type: 'string', default: '3' },
  },
});
const asked = args.quick ? 2_000 : Number(args.sockets);
const rate = Number(args.rate);
const seconds = args.quick ? 3 : Number(args.seconds);
const workers = Number(args.workers);
const warmupS = Number(args.warmup);
const steps = parseSteps(args.steps);
const stepSeconds = Number(args['step-seconds']);
/** Uncounted seconds at each step's rate before its counted sends: the queues settle at the new rate. */
const STEP_LEAD_S = 1;
/** Descriptors a server needs besides its sockets after start: the sender's keep-alive connections,
 * and a few more (a log file, a database segment). */
const FD_MARGIN = HTTP_CONNECTIONS + 32;
const fdLimit = openFileLimit();
if (Math.ceil(asked / workers) + FD_MARGIN * 2 > fdLimit)
  throw new Error('too few --workers for the fd limit');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** cpuMs of a process that may have ended meanwhile (a database connection): 0 then. */
const liveCpuMs = (pid: number) => {
  try {
    return cpuMs(pid);
  } catch {
    return 0;
  }
};
/** This process's CPU time (user + system), in ms. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const log = (text: string) => console.log(`[bench] ${text}`);
const children: ChildProcess[] = [];
let capNote = '';
const loadAtStart = loadavg();
const dataDir = mkdtempSync(join(tmpdir(), 'glimmer-bench-'));

async function memory(child: ChildProcess): Promise<{ rss: number; heap: number; sockets: number }> {
  const reply = nextMessage<MemoryReport>(child, 'memory', 60_000);
  child.send({ cmd: 'memory' });
  const { heapUsed, sockets: count } = await reply;
  await pause(500);
  return { rss: vmRssKiB(child.pid ?? 0), heap: heapUsed, sockets: count };
}

async function drive(
  child: ChildProcess,
  ready: ServerReady,
  kind: 'glimmer' | 'bare',
  mode: DriveMode,
  keys: string[],
  atRate = rate,
) {
  if (mode === 'http') return sendOverHttp(ready.port, kind, keys, atRate, ready.cookies);
  const reply = nextMessage<DriveDone>(child, 'driven', keys.length * 10 + 60_000);
  child.send({ cmd: 'drive', keys, rate: atRate });
  const { log } = await reply;
  return { log, answers: new Map<string, number>(), answerMs: [], spanMs: Number.NaN };
}

async function measure(
  name: string,
  child: ChildProcess,
  ready: ServerReady,
  kind: 'glimmer' | 'bare',
  mode: DriveMode,
): Promise<Measured> {
  const before = await memory(child);
  const pool = new ClientPool(workers);
  try {
    log(`${name}: opening ${ready.members.length} sockets`);
    const started = performance.now();
    const url = `ws://127.0.0.1:${ready.port}${kind === 'glimmer' ? SOCKET_PATH : '/'}`;
    const opened = await pool.open(url, kind, ready.members, SOCKET_HEARTBEAT_MS, 600_000);
    const connectS = (performance.now() - started) / 1000;
    log(`${name}: ${opened.ok} logged in, ${opened.failed} failed in ${connectS.toFixed(1)} s`);
    if (opened.firstError) log(`${name}: first failure: ${opened.firstError}`);
    await pause(3_000);
    const after = await memory(child);

    const warm = Math.round(rate * warmupS);
    const targets = pickTargets(
      ready.members.map((m) => m.key),
      warm + rate * seconds,
    );
    log(`${name}: warming up, then ${rate * seconds} sends at ${rate}/s (${mode})`);
    const warmUp = await drive(child, ready, kind, mode, targets.slice(0, warm));
    // The bench's own processes: the server, its database connections (and PostgreSQL's writers),
    // the client workers and this process, which sends.
    const dbPids = kind === 'glimmer' && args['database-url'] ? await databasePids(args['database-url']) : [];
    const benchCpuMs = () =>
      [child.pid ?? 0, ...dbPids, ...pool.pids()].reduce((sum, pid) => sum + liveCpuMs(pid), 0) + ownCpuMs();
    const cpuBefore = cpuMs(child.pid ?? 0);
    const dbBefore = commandCpu('postgres');
    const machineBefore = machineBusyMs();
    const benchBefore = benchCpuMs();
    const dbUrl = kind === 'glimmer' ? args['database-url'] : undefined;
    const commitsBefore = dbUrl ? await databaseCommits(dbUrl) : Number.NaN;
    child.send({ cmd: 'window', on: true });
    const load = await drive(child, ready, kind, mode, targets.slice(warm));
    // HTTP answers come after the deliver; 2 s more for the last events to cross the sockets.
    await pause(2_000);
    const collected = nextMessage<GcReport>(child, 'gc', 60_000);
    child.send({ cmd: 'window', on: false });
    // The server's CPU for the counted sends and their answers back, idle heartbeats included;
    // PostgreSQL's and the whole machine's (load generator included) over the same window.
    const cpuPerSendMs = (cpuMs(child.pid ?? 0) - cpuBefore) / load.log.length;
    const dbCpuPerSendMs = commandCpuMsBetween(dbBefore, commandCpu('postgres')) / load.log.length;
    const machineCpuPerSendMs = (machineBusyMs() - machineBefore) / load.log.length;
    const benchCpuPerSendMs = (benchCpuMs() - benchBefore) / load.log.length;
    const commitsPerSend = dbUrl
      ? ((await databaseCommits(dbUrl)) - commitsBefore) / load.log.length
      : Number.NaN;
    const gc = await collected;
    const receipts = await pool.receipts();
    const all: SendLog = [...warmUp.log, ...load.log];
    const latency = latencies(all, receipts, warmUp.log.length);
    if (kind === 'glimmer' && process.env.BENCH_TRACE === '1')
      await split(child, all, receipts, warmUp.log.length);
    const search =
      steps.length === 0
        ? undefined
        : await searchRates({
            rates: steps,
            stepSeconds,
            leadSeconds: STEP_LEAD_S,
            keys: ready.members.map((m) => m.key),
            drive: async (keys, atRate) => (await drive(child, ready, kind, mode, keys, atRate)).log,
            receipts: () => pool.receipts(),
            history: all,
            log: (text) => log(`${name}: ${text}`),
          });
    return {
      sockets: opened.ok,
      failed: opened.failed,
      connectS,
      rssBeforeKiB: before.rss,
      rssAfterKiB: after.rss,
      heapBefore: before.heap,
      heapAfter: after.heap,
      serverSockets: after.sockets,
      latency,
      answers: load.answers,
      answerMs: load.answerMs.sort((a, b) => a - b),
      offeredPerS: (load.log.length / ((load.log.at(-1)?.[1] ?? 0) - (load.log[0]?.[1] ?? 0))) * 1000,
      answeredPerS: (load.answerMs.length / load.spanMs) * 1000,
      cpuPerSendMs,
      dbCpuPerSendMs,
      machineCpuPerSendMs,
      benchCpuPerSendMs,
      commitsPerSend,
      gc,
      gcPausePerSendMs: gc.pauseMs / load.log.length,
      search,
    };
  } finally {
    log(`${name}: closing sockets`);
    await pool.close();
  }
}

/**
 * BENCH_TRACE=1: the delivery latency in parts, from the server's own timestamps (the k-th send to
 * a member is matched with the k-th of each timestamp for that member, as in stats.ts). The notice
 * reaches a socket of the serving process before the insert commits, so the commit (when the event
 * goes on the bus) is timed beside the member's path, not on it.
 */
async function split(child: ChildProcess, all: SendLog, receipts: Map<string, number[]>, skip: number) {
  const reply = nextMessage<TraceReport>(child, 'trace', 30_000);
  child.send({ cmd: 'trace' });
  const { handled, delivered } = await reply;
  const [toService, toSocket] = splitLatency(all, [byKey(handled), receipts], skip);
  const [, toCommit] = splitLatency(all, [byKey(handled), byKey(delivered)], skip);
  const parts: [string, { p50: number; p99: number } | undefined][] = [
    ['send -> service (HTTP, session)', toService],
    ['service -> member socket (ws, client)', toSocket],
    ['service -> insert committed (bus)', toCommit],
  ];
  for (const [label, part] of parts) {
    if (part) log(`trace ${label.padEnd(38)} p50 ${part.p50.toFixed(2)} ms  p99 ${part.p99.toFixed(2)} ms`);
  }
}

async function main() {
  log(`${asked} sockets asked, ${rate}/s for ${seconds} s, ${workers} client workers, data in ${dataDir}`);
  const glimmer = forkChild(
    './glimmer-server.ts',
    [String(asked)],
    {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      GLIMMER_QUIET: '1',
      AUTO_INVITE: '0',
      DATABASE_URL: args['database-url'] ?? '',
    },
    [...SERVER_NODE_FLAGS, ...(process.env.BENCH_GLIMMER_FLAGS?.split(' ').filter(Boolean) ?? [])],
  );
  const bare = forkChild('./bare-server.ts', [String(asked)]);
  children.push(glimmer, bare);
  const [glimmerReady, bareReady] = await Promise.all([
    nextMessage<ServerReady>(glimmer, 'ready', 300_000),
    nextMessage<ServerReady>(bare, 'ready', 60_000),
  ]);
  // One process holds every server-side socket: N descriptors on top of those it has open already.
  const baseFds = Math.max(openFds(glimmer.pid ?? 0), openFds(bare.pid ?? 0));
  const sockets = Math.min(asked, fdLimit - baseFds - FD_MARGIN);
  if (sockets < asked) {
    capNote = `; ${sockets.toLocaleString('en-US')} measured: the open-files limit is ${fdLimit} (hard, cannot be raised here) and the server has ${baseFds} open before any socket`;
    glimmerReady.members.length = sockets;
    bareReady.members.length = sockets;
  }
  const mode: DriveMode = glimmerReady.inviteRoute ? 'http' : 'bus';
  log(
    `servers ready (Glimmer pid ${glimmer.pid}, bare pid ${bare.pid}); invitations ${mode === 'http' ? 'over HTTP' : 'over the in-process bus: no HTTP route yet'}`,
  );

  const bareResult = await measure('bare ws', bare, bareReady, 'bare', mode);
  const glimmerResult = await measure('Glimmer', glimmer, glimmerReady, 'glimmer', mode);

  const text = report({
    asked,
    capNote,
    loadAtStart,
    storage: args['database-url'] ? 'PostgreSQL (--database-url)' : 'PGlite in a temp DATA_DIR',
    rate,
    seconds,
    warmupS,
    path:
      mode === 'http'
        ? `POST ${InviteApi.instantInviteUser} {user_id} as logged-in broadcasters (keep-alive), the real route`
        : `gateway deliver(imLady/instantInviteUserNotice) over the in-process bus, called in the server process (${InviteApi.instantInviteUser} does not exist yet)`,
    barePath:
      mode === 'http'
        ? '100-byte message to one client on POST /send {key} (keep-alive)'
        : '100-byte message to one client, ws.send called in the server process',
    glimmer: glimmerResult,
    bare: bareResult,
    stepSeconds,
    stepLeadS: STEP_LEAD_S,
  });
  console.log(`\n${text}`);
  const out = args.out ?? fileURLToPath(new URL('../results/realtime.txt', import.meta.url));
  writeFileSync(out, text);
  log(`written to ${args.out ?? 'bench/results/realtime.txt'}`);
}

async function shutdown() {
  await Promise.all(children.map((child) => stopChild(child)));
  rmSync(dataDir, { recursive: true, force: true });
}

process.on('SIGINT', () => {
  void shutdown().then(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  console.error('[bench] failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await shutdown();
}
