/** The table the bench prints and writes to bench/results/realtime.txt. */
import { cpus, loadavg } from 'node:os';
import type { GcReport } from './ipc';
import { HELD_P99_MS, type Search } from './search';
import { type Latency, percentile } from './stats';

export interface Measured {
  sockets: number;
  failed: number;
  connectS: number;
  rssBeforeKiB: number;
  rssAfterKiB: number;
  heapBefore: number;
  heapAfter: number;
  /** Sockets the server itself counts as logged in. */
  serverSockets: number;
  latency: Latency;
  answers: Map<string, number>;
  /** HTTP answer times, sorted (empty when driven inside the server). */
  answerMs: number[];
  offeredPerS: number;
  answeredPerS: number;
  /** Server CPU (user + system) per counted send, from the first send until 2 s after the last. */
  cpuPerSendMs: number;
  /** PostgreSQL's CPU per counted send over the same window (0 on PGlite, inside the server). */
  dbCpuPerSendMs: number;
  /** The whole machine's busy CPU per counted send (servers, database, load generator, kernel). */
  machineCpuPerSendMs: number;
  /** The bench's own processes only (server, its database's processes, load generator): what other
   * work on the machine does not add to, though kernel work outside them is missing. */
  benchCpuPerSendMs: number;
  /** PostgreSQL transactions committed per counted send (NaN without --database-url). */
  commitsPerSend: number;
  /** The server's garbage collections over the same window. */
  gc: GcReport;
  /** Their main-thread pauses per counted send. */
  gcPausePerSendMs: number;
  /** The step search for the highest rate held (absent with --steps none). */
  search?: Search;
}

export interface Run {
  asked: number;
  capNote: string;
  /** os.loadavg() when the bench started: other work on the machine skews latencies. */
  loadAtStart: number[];
  storage: string;
  rate: number;
  seconds: number;
  /** Uncounted sends at the same rate before the counted ones. */
  warmupS: number;
  path: string;
  barePath: string;
  glimmer: Measured;
  bare: Measured;
  /** Counted seconds of each step of the search, and the lead-in before them. */
  stepSeconds: number;
  stepLeadS: number;
}

const AIM_SOCKETS = 20_000;
const AIM_RSS_KIB = 1024 * 1024;
/** The rate the latency and CPU aims are set at: one the 2 shared cores can carry. */
const AIM_RATE = 500;
const AIM_RSS_RATIO = 1.5;
const AIM_P99_RATIO = 2;
const AIM_CPU_RATIO = 1.3;

const perConnKiB = (m: Measured) => (m.rssAfterKiB - m.rssBeforeKiB) / m.sockets;
const heapPerConnKiB = (m: Measured) => (m.heapAfter - m.heapBefore) / 1024 / m.sockets;
const num = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${num(a / b, 2)}x` : 'n/a');
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

function row(label: string, glimmer: string, bare: string, r = ''): string {
  return `${label.padEnd(30)}${glimmer.padStart(16)}${bare.padStart(16)}${r.padStart(14)}`;
}

const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');

function answers(m: Measured): string {
  return [...m.answers].map(([k, v]) => `${k}: ${num(v)}`).join(', ') || 'none';
}

export function report(run: Run): string {
  const { glimmer: g, bare: b } = run;
  const rssAt20k = g.rssBeforeKiB + perConnKiB(g) * AIM_SOCKETS;
  const projected = g.sockets < AIM_SOCKETS ? ` (projected from ${num(g.sockets)})` : '';
  const atRate = run.rate === AIM_RATE ? '' : ` (measured at ${num(run.rate)}/s, not ${num(AIM_RATE)}/s)`;
  const p99Ratio = g.latency.p99 / b.latency.p99;
  const cpuRatio = g.machineCpuPerSendMs / b.machineCpuPerSendMs;
  const allDelivered = g.latency.delivered === g.latency.sent;
  const lines = [
    `Glimmer realtime benchmark, ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} CPUs, loopback`,
    `Load average (1, 5, 15 min) at start ${loads(run.loadAtStart)}, at end ${loads(loadavg())}: other work on the machine skews latencies`,
    `Sockets: ${num(run.asked)} asked${run.capNote}`,
    `Glimmer storage: ${run.storage}`,
    `Load: ${num(run.rate * run.seconds)} sends at ${num(run.rate)}/s for ${run.seconds} s after a ${run.warmupS} s warm-up (not counted)`,
    `  Glimmer: ${run.path}`,
    `  bare ws: ${run.barePath}`,
    '',
    row('', 'Glimmer', 'bare ws', 'Glimmer/bare'),
    row('sockets logged in', num(g.sockets), num(b.sockets)),
    row(
      '  failed / server counts',
      `${num(g.failed)} / ${num(g.serverSockets)}`,
      `${num(b.failed)} / ${num(b.serverSockets)}`,
    ),
    row('connect + login (s)', num(g.connectS, 1), num(b.connectS, 1)),
    row(
      'RSS before -> after (MiB)',
      `${num(g.rssBeforeKiB / 1024)} -> ${num(g.rssAfterKiB / 1024)}`,
      `${num(b.rssBeforeKiB / 1024)} -> ${num(b.rssAfterKiB / 1024)}`,
    ),
    row(
      'RSS per connection (KB)',
      num(perConnKiB(g), 2),
      num(perConnKiB(b), 2),
      ratio(perConnKiB(g), perConnKiB(b)),
    ),
    row(
      'heap per connection (KB)',
      num(heapPerConnKiB(g), 2),
      num(heapPerConnKiB(b), 2),
      ratio(heapPerConnKiB(g), heapPerConnKiB(b)),
    ),
    row(
      'delivered / sent',
      `${num(g.latency.delivered)}/${num(g.latency.sent)}`,
      `${num(b.latency.delivered)}/${num(b.latency.sent)}`,
    ),
    row(
      'latency p50 (ms)',
      num(g.latency.p50, 2),
      num(b.latency.p50, 2),
      ratio(g.latency.p50, b.latency.p50),
    ),
    row(
      'latency p99 (ms)',
      num(g.latency.p99, 2),
      num(b.latency.p99, 2),
      ratio(g.latency.p99, b.latency.p99),
    ),
    row(
      'latency max (ms)',
      num(g.latency.max, 2),
      num(b.latency.max, 2),
      ratio(g.latency.max, b.latency.max),
    ),
    row('sends offered (/s)', num(g.offeredPerS), num(b.offeredPerS)),
    row('HTTP answered (/s)', num(g.answeredPerS), num(b.answeredPerS)),
    row(
      'server CPU per send (ms)',
      num(g.cpuPerSendMs, 3),
      num(b.cpuPerSendMs, 3),
      ratio(g.cpuPerSendMs, b.cpuPerSendMs),
    ),
    row(
      '  its GCs: young / full',
      `${num(g.gc.scavenges)} / ${num(g.gc.markCompacts)}`,
      `${num(b.gc.scavenges)} / ${num(b.gc.markCompacts)}`,
    ),
    row('  GC pauses per send (ms)', num(g.gcPausePerSendMs, 3), num(b.gcPausePerSendMs, 3)),
    row('PostgreSQL CPU per send (ms)', num(g.dbCpuPerSendMs, 3), num(b.dbCpuPerSendMs, 3)),
    row('  its commits per send', num(g.commitsPerSend, 2), ''),
    row(
      'machine CPU per send (ms)',
      num(g.machineCpuPerSendMs, 3),
      num(b.machineCpuPerSendMs, 3),
      ratio(g.machineCpuPerSendMs, b.machineCpuPerSendMs),
    ),
    row(
      '  bench processes only (ms)',
      num(g.benchCpuPerSendMs, 3),
      num(b.benchCpuPerSendMs, 3),
      ratio(g.benchCpuPerSendMs, b.benchCpuPerSendMs),
    ),
    row('HTTP answer p50 (ms)', num(percentile(g.answerMs, 0.5), 2), num(percentile(b.answerMs, 0.5), 2)),
    row('HTTP answer p99 (ms)', num(percentile(g.answerMs, 0.99), 2), num(percentile(b.answerMs, 0.99), 2)),
    `HTTP answers: Glimmer ${answers(g)}; bare ${answers(b)}`,
    '',
    ...searchLines(run),
    `Aims (against the bare server in the same run, at ${num(AIM_RATE)} invitations/s${atRate})`,
    `  20,000 sockets under 1 GiB: ${num(rssAt20k / 1024)} MiB${projected}  ${verdict(rssAt20k < AIM_RSS_KIB)}`,
    `  RSS per connection at most ${AIM_RSS_RATIO}x: ${ratio(perConnKiB(g), perConnKiB(b))}  ${verdict(perConnKiB(g) <= AIM_RSS_RATIO * perConnKiB(b))}`,
    `  p99 latency at most ${AIM_P99_RATIO}x: ${num(g.latency.p99, 2)} against ${num(b.latency.p99, 2)} ms, ${num(p99Ratio, 2)}x  ${verdict(allDelivered && p99Ratio <= AIM_P99_RATIO)}`,
    `  machine CPU per invitation at most ${AIM_CPU_RATIO}x: ${num(g.machineCpuPerSendMs, 3)} against ${num(b.machineCpuPerSendMs, 3)} ms, ${num(cpuRatio, 2)}x  ${verdict(cpuRatio <= AIM_CPU_RATIO)}`,
    '',
    'KB = 1,024 bytes. Latency: send (HTTP request written, or deliver called) to arrival at the member socket.',
  ];
  return `${lines.join('\n')}\n`;
}

/** The step search's table and verdicts (nothing with --steps none). */
function searchLines(run: Run): string[] {
  const g = run.glimmer.search;
  const b = run.bare.search;
  if (!g || !b) return [];
  const rates = [...new Set([...g.steps, ...b.steps].map((s) => s.rate))].sort((x, y) => x - y);
  const cell = (search: Search, rate: number) => {
    const step = search.steps.find((s) => s.rate === rate);
    if (!step) return '';
    const lost = step.delivered < step.sent ? ` (${num(step.sent - step.delivered)} lost)` : '';
    return `${num(step.p99, 1)}${lost}${step.held ? '' : ' *'}`;
  };
  const heldText = (search: Search) =>
    search.held === undefined
      ? `under ${num(search.steps[0]?.rate ?? 0)}/s`
      : `${num(search.held)}/s${search.allHeld ? ' +' : ''}`;
  return [
    `Highest rate held with p99 under ${HELD_P99_MS} ms: steps of ${run.stepSeconds} s after a ${run.stepLeadS} s lead-in, same sockets, up to the first step missed (*; +: every step held)`,
    row('  rate (/s)', 'Glimmer p99', 'bare ws p99'),
    ...rates.map((rate) => row(`  ${num(rate)}`, cell(g, rate), cell(b, rate))),
    row('  held', heldText(g), heldText(b)),
    '',
  ];
}
