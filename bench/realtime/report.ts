/** The table the bench prints and writes to bench/results/realtime.txt. */
import { cpus, loadavg } from 'node:os';
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
}

const AIM_SOCKETS = 20_000;
const AIM_RSS_KIB = 1024 * 1024;
const AIM_P99_MS = 50;
const AIM_RATE = 1_000;
const AIM_RATIO = 1.5;

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
    row('PostgreSQL CPU per send (ms)', num(g.dbCpuPerSendMs, 3), num(b.dbCpuPerSendMs, 3)),
    row(
      'machine CPU per send (ms)',
      num(g.machineCpuPerSendMs, 3),
      num(b.machineCpuPerSendMs, 3),
      ratio(g.machineCpuPerSendMs, b.machineCpuPerSendMs),
    ),
    row('HTTP answer p50 (ms)', num(percentile(g.answerMs, 0.5), 2), num(percentile(b.answerMs, 0.5), 2)),
    row('HTTP answer p99 (ms)', num(percentile(g.answerMs, 0.99), 2), num(percentile(b.answerMs, 0.99), 2)),
    `HTTP answers: Glimmer ${answers(g)}; bare ${answers(b)}`,
    '',
    'Aims',
    `  20,000 sockets under 1 GiB: ${num(rssAt20k / 1024)} MiB${projected}  ${verdict(rssAt20k < AIM_RSS_KIB)}`,
    `  p99 under 50 ms at 1,000 invitations/s: ${num(g.latency.p99, 2)} ms${atRate}  ${verdict(g.latency.p99 < AIM_P99_MS && g.latency.delivered === g.latency.sent)}`,
    `  within 1.5x of the bare server, p99 latency: ${ratio(g.latency.p99, b.latency.p99)}  ${verdict(g.latency.p99 <= AIM_RATIO * b.latency.p99)}`,
    `  within 1.5x of the bare server, RSS per connection: ${ratio(perConnKiB(g), perConnKiB(b))}  ${verdict(perConnKiB(g) <= AIM_RATIO * perConnKiB(b))}`,
    '',
    'KB = 1,024 bytes. Latency: send (HTTP request written, or deliver called) to arrival at the member socket.',
  ];
  return `${lines.join('\n')}\n`;
}
