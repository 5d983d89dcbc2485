/**
 * Live video on the embedded SFU and on Janus, in the same run: one publisher sending a 1 Mbps video
 * stream and N viewers, all real WebRTC peers (werift) on this machine; the SFU adapter runs in a
 * child process so its CPU is its own, and Janus (started here, server/sfu/janus-process.ts) is
 * read from /proc/<pid>/stat.
 * Prints forwarded Mbps, SFU CPU and memory per viewer, packet loss, the time from a viewer's watch
 * call to his first packet (p50, p95), and how long forwarding goes on after the room is closed.
 * Then what simulcast layers cost: the demo clip as the source, its top layer alone and with its SD
 * layer (the embedded SFU picks a layer per viewer), beside the same clip on Janus.
 *
 *   node --import tsx bench/live/run.ts [--viewers 50,150] [--seconds 10] [--mbps 1]
 *     [--layer-viewers 20] [--layer-seconds 6] [--only embedded|janus] [--out bench/results/live.txt]
 *   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" ... # flags for the SFU child (a diagnosis)
 *
 * Aims (live video): 50 viewers of a 1 Mbps stream under 1% loss; watch → first packet under 1 s
 * at p50 and p95 on loopback (the browser's first decoded frame follows its first key frame; the
 * e2e tests read that in Chromium); forwarding stops within 1 s of the room's end; the embedded
 * SFU's CPU per viewer at most 1.1x Janus's. Each viewer count (50 and 150) gets its own table.
 */
import { type ChildProcess, execSync, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags';
import { startJanus } from '../../server/sfu/janus-process';

const { values } = parseArgs({
  options: {
    /** One table per count, each beside Janus. */
    viewers: { type: 'string', default: '50,150' },
    seconds: { type: 'string', default: '10' },
    mbps: { type: 'string', default: '1' },
    'layer-viewers': { type: 'string', default: '20' },
    'layer-seconds': { type: 'string', default: '6' },
    out: { type: 'string', default: 'bench/results/live.txt' },
    /** One SFU only (a diagnosis: no comparison, no layers' table, no results file). */
    only: { type: 'string' },
  },
});
const VIEWER_COUNTS = (values.viewers ?? '50').split(',').map(Number);
const SECONDS = Number(values.seconds);
const MBPS = Number(values.mbps);
const PAYLOAD = 1100;
const PACKETS_PER_S = Math.round((MBPS * 1_000_000) / 8 / PAYLOAD);

/** One SFU under test: its adapter in a child process, asked over IPC. */
function adapter(args: string[]) {
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  // The embedded SFU runs in the server's process: with the server's flags.
  const child: ChildProcess = fork(new URL('./sfu-child.ts', import.meta.url), args, {
    execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx', ...flags],
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const ready = new Promise<void>((resolve) => {
    child.on('message', (m: { id?: number; value?: unknown; error?: string; ready?: boolean }) => {
      if (m.ready) return resolve();
      const w = waiting.get(m.id ?? -1);
      if (!w) return;
      waiting.delete(m.id ?? -1);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.value);
    });
  });
  function ask<T>(message: Record<string, unknown>): Promise<T> {
    const id = nextId++;
    child.send({ id, ...message });
    return new Promise((resolve, reject) =>
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
  }
  return { ready, ask, kill: () => child.kill() };
}
type Ask = ReturnType<typeof adapter>['ask'];

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
/** CPU seconds a process has used so far (utime + stime, fields 14 and 15 of /proc/<pid>/stat). */
function processCpuS(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** A process's resident memory in bytes (VmRSS in /proc/<pid>/status). */
function processRssB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
}

async function publisher(ask: Ask, room: string) {
  const pc = new RTCPeerConnection();
  const track = new MediaStreamTrack({ kind: 'video' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const answer = await ask<string>({ op: 'publish', room, sdp: pc.localDescription?.sdp });
  await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  await pc.connectionStateChange.watch((s) => s === 'connected');
  let seq = 0;
  let ts = 0;
  const payload = Buffer.alloc(PAYLOAD, 7);
  // Packets in bursts every 10 ms, at the stream's rate.
  const perTick = PACKETS_PER_S / 100;
  let owed = 0;
  const timer = setInterval(() => {
    owed += perTick;
    for (; owed >= 1; owed--) {
      seq = (seq + 1) & 0xffff;
      ts = (ts + 900) >>> 0;
      track.writeRtp(
        new RtpPacket(
          new RtpHeader({ payloadType: 96, sequenceNumber: seq, timestamp: ts, marker: true }),
          payload,
        ),
      );
    }
  }, 10);
  return { stop: () => clearInterval(timer), close: () => pc.close() };
}

interface ViewerStats {
  asked: number;
  first?: number;
  packets: number;
  bytes: number;
  lastSeq?: number;
  lost: number;
  lastAt: number;
}

async function viewer(
  ask: Ask,
  room: string,
  quality?: 'sd',
): Promise<{ stats: ViewerStats; pc: RTCPeerConnection }> {
  const stats: ViewerStats = { asked: performance.now(), packets: 0, bytes: 0, lost: 0, lastAt: 0 };
  const { viewerId, offer } = await ask<{ viewerId: string; offer: string }>({ op: 'watch', room });
  const pc = new RTCPeerConnection();
  pc.onTrack.subscribe((track) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe((rtp) => {
      const now = performance.now();
      stats.first ??= now;
      stats.lastAt = now;
      stats.packets++;
      stats.bytes += rtp.payload.length;
      const seq = rtp.header.sequenceNumber;
      if (stats.lastSeq !== undefined) {
        const gap = (seq - stats.lastSeq - 1 + 0x10000) & 0xffff;
        if (gap < 1000) stats.lost += gap;
      }
      stats.lastSeq = seq;
    });
  });
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  await ask({ op: 'answer', viewer: viewerId, sdp: pc.localDescription?.sdp });
  if (quality) await ask({ op: 'quality', viewer: viewerId, quality });
  return { stats, pc };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

interface Figures {
  mbps: number;
  cpuPct: number;
  loss: number;
  p50: number;
  p95: number;
  tail: number;
  /** Resident memory the viewers added to the forwarding process, per viewer. */
  kbPerViewer: number;
}

interface Run {
  args: string[];
  /** CPU seconds and resident bytes of the process that forwards the media. */
  cpuS: (ask: Ask) => Promise<number>;
  rssB: (ask: Ask) => Promise<number>;
  /** `stream`: a werift publisher at MBPS; `clip`: the demo clip's top layer; `layers`: with its SD layer. */
  source?: 'stream' | 'clip' | 'layers';
  /** Every viewer chooses SD (of a layered source). */
  sd?: boolean;
  viewers?: number;
  seconds?: number;
}

/** One SFU's run. */
async function measure({
  args,
  cpuS,
  rssB,
  source = 'stream',
  sd = false,
  viewers: count = VIEWER_COUNTS[0] ?? 50,
  seconds = SECONDS,
}: Run) {
  const sfu = adapter(args);
  const { ask } = sfu;
  await sfu.ready;
  const room = 'BENCH';
  const pub =
    source === 'stream'
      ? await publisher(ask, room)
      : await ask({ op: 'clip', room, layers: source === 'layers' }).then(() => ({ stop() {}, close() {} }));
  await new Promise((r) => setTimeout(r, 500));
  const rssBefore = await rssB(ask);
  const viewers: { stats: ViewerStats; pc: RTCPeerConnection }[] = [];
  for (let i = 0; i < count; i++) viewers.push(await viewer(ask, room, sd ? 'sd' : undefined));
  // Let every viewer connect, then measure a clean window.
  await new Promise((r) => setTimeout(r, 2000));
  const start = viewers.map((v) => ({ packets: v.stats.packets, bytes: v.stats.bytes, lost: v.stats.lost }));
  const cpuStart = await cpuS(ask);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = (performance.now() - t0) / 1000;
  const cpuUsed = (await cpuS(ask)) - cpuStart;
  const kbPerViewer = ((await rssB(ask)) - rssBefore) / 1024 / count;
  let packets = 0;
  let bytes = 0;
  let lost = 0;
  viewers.forEach((v, i) => {
    packets += v.stats.packets - (start[i]?.packets ?? 0);
    bytes += v.stats.bytes - (start[i]?.bytes ?? 0);
    lost += v.stats.lost - (start[i]?.lost ?? 0);
  });
  const firsts = viewers.map((v) => (v.stats.first ?? Number.POSITIVE_INFINITY) - v.stats.asked);

  // The room ends: how long until the last packet reaches any viewer.
  const closedAt = performance.now();
  await ask({ op: 'close', room });
  await new Promise((r) => setTimeout(r, 1500));
  const tail = Math.max(0, ...viewers.map((v) => v.stats.lastAt - closedAt));
  pub.stop();
  for (const v of viewers) await v.pc.close();
  await pub.close();
  await ask({ op: 'stop' });
  sfu.kill();
  return {
    mbps: (bytes * 8) / elapsed / 1e6,
    cpuPct: (cpuUsed / elapsed) * 100,
    loss: packets + lost > 0 ? (lost / (packets + lost)) * 100 : 100,
    p50: percentile(firsts, 50),
    p95: percentile(firsts, 95),
    tail,
    kbPerViewer,
  };
}

const childCpuS = async (ask: Ask) => {
  const usage = await ask<NodeJS.CpuUsage>({ op: 'cpu' });
  return (usage.user + usage.system) / 1e6;
};

const childRssB = (ask: Ask) => ask<number>({ op: 'rss' });
const LAYER_VIEWERS = Number(values['layer-viewers']);
const LAYER_SECONDS = Number(values['layer-seconds']);

/** The embedded SFU in its child process. */
const onEmbedded = { args: [], cpuS: childCpuS, rssB: childRssB };

/** The figures of one viewer count, on each SFU measured. */
interface Table {
  viewers: number;
  embedded?: Figures;
  janus?: Figures;
}

/** One viewer count's table: the embedded SFU beside Janus, with the aims. */
function tableLines({ viewers, embedded, janus }: Table): string[] {
  const columns = [embedded, janus].filter((f): f is Figures => f !== undefined);
  const row = (name: string, unit: string, digits: number, pick: (f: Figures) => number, aim = '') =>
    `${name.padEnd(33)}${columns
      .map(
        (f, i) =>
          `${pick(f)
            .toFixed(digits)
            .padStart(i === 0 ? 7 : 9)} ${unit.padEnd(5)}`,
      )
      .join('')} ${aim}`.trimEnd();
  const verdict = (ok: (f: Figures) => boolean) => columns.map((f) => (ok(f) ? 'PASS' : 'MISS')).join('/');
  const perViewer = (f: Figures) => f.cpuPct / viewers;
  const cpuRatio = embedded && janus ? perViewer(embedded) / perViewer(janus) : undefined;
  return [
    `1 publisher at ${MBPS} Mbps (${PACKETS_PER_S} packets/s of ${PAYLOAD} bytes), ${viewers} viewers, ${SECONDS} s measured`,
    '',
    `figure                           ${embedded ? 'embedded SFU' : ''}${janus ? `${embedded ? '' : '  '}          Janus` : ''}    aim`,
    row('forwarded', 'Mbps', 1, (f) => f.mbps, `${(MBPS * viewers).toFixed(0)} Mbps`),
    row('SFU CPU (one process)', '%', 0, (f) => f.cpuPct),
    row(
      'SFU CPU per viewer',
      '%',
      2,
      perViewer,
      cpuRatio === undefined
        ? ''
        : `<= 1.1x Janus: ${cpuRatio.toFixed(2)}x ${cpuRatio <= 1.1 ? 'PASS' : 'MISS'}`,
    ),
    row('SFU memory per viewer', 'KB', 0, (f) => f.kbPerViewer),
    row('packet loss', '%', 2, (f) => f.loss, `< 1 %   ${verdict((f) => f.loss < 1)}`),
    row('watch → first packet p50', 'ms', 0, (f) => f.p50, `< 1000 ms ${verdict((f) => f.p50 < 1000)}`),
    row('watch → first packet p95', 'ms', 0, (f) => f.p95, `< 1000 ms ${verdict((f) => f.p95 < 1000)}`),
    row(
      'forwarding after the room ended',
      'ms',
      0,
      (f) => f.tail,
      `< 1000 ms ${verdict((f) => f.tail < 1000)}`,
    ),
  ];
}

async function main() {
  const only = values.only as 'embedded' | 'janus' | undefined;
  const tables: Table[] = VIEWER_COUNTS.map((viewers) => ({ viewers }));
  const layerRun = { viewers: LAYER_VIEWERS, seconds: LAYER_SECONDS };
  const layers: Partial<Record<'single' | 'layered' | 'onSd' | 'layersOnJanus' | 'sdOnJanus', Figures>> = {};
  if (only !== 'janus') {
    for (const table of tables) table.embedded = await measure({ ...onEmbedded, viewers: table.viewers });
    if (!only) {
      layers.single = await measure({ ...onEmbedded, source: 'clip', ...layerRun });
      layers.layered = await measure({ ...onEmbedded, source: 'layers', ...layerRun });
      layers.onSd = await measure({ ...onEmbedded, source: 'layers', sd: true, ...layerRun });
    }
  }
  if (only !== 'embedded') {
    // A port per viewer's connection: its default 100 ports would hang the 101st viewer's join.
    const most = Math.max(LAYER_VIEWERS, ...VIEWER_COUNTS);
    const janus = await startJanus({
      port: 8790 + Math.floor(Math.random() * 100),
      rtpPorts: [40_000, 40_000 + 2 * most + 99],
    });
    try {
      const onIt = {
        args: ['--janus', janus.url],
        cpuS: async () => processCpuS(janus.pid),
        rssB: async () => processRssB(janus.pid),
      };
      for (const table of tables) table.janus = await measure({ ...onIt, viewers: table.viewers });
      if (!only) {
        layers.layersOnJanus = await measure({ ...onIt, source: 'layers', ...layerRun });
        layers.sdOnJanus = await measure({ ...onIt, source: 'layers', sd: true, ...layerRun });
      }
    } finally {
      await janus.stop();
    }
  }
  const heads = (name: string, labels: string[]) =>
    `${name.padEnd(33)}${labels.map((l) => l.padStart(11).padEnd(15)).join('')}`.trimEnd();
  const five = [layers.single, layers.layered, layers.onSd, layers.layersOnJanus, layers.sdOnJanus];
  const three = (name: string, unit: string, digits: number, pick: (f: Figures) => number) =>
    `${name.padEnd(33)}${five
      .map((f) => `${(f ? pick(f) : Number.NaN).toFixed(digits).padStart(9)} ${unit.padEnd(5)}`)
      .join('')}`.trimEnd();
  const lines = [
    `bench/live — ${new Date().toISOString()} — embedded SFU (werift) and Janus 1.1 VideoRoom, this machine, ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    ...tables.flatMap((table) => [...tableLines(table), '']),
    "SFU CPU: the embedded SFU's Node process; for Janus, the janus process (/proc/<pid>/stat). The Janus",
    "adapter's own Node process only signals. The viewers' and publisher's werift peers share the bench process.",
    'Memory per viewer: resident memory the viewers added to that process, over their count.',
  ];
  if (!only) {
    lines.push(
      '',
      `Simulcast layers: the demo clip (640x480 at ~700 kbps; its SD layer 320x240 at ~220 kbps, 15 fps) as the`,
      `room's source, ${LAYER_VIEWERS} viewers on the top layer (Auto) or all on SD, ${LAYER_SECONDS} s measured.`,
      '',
      heads('figure', ['embedded', 'embedded', 'embedded', 'Janus', 'Janus']),
      heads('', ['one layer', 'two layers', 'all on SD', 'two layers', 'all on SD']),
      three('forwarded', 'Mbps', 2, (f) => f.mbps),
      three('SFU CPU (one process)', '%', 1, (f) => f.cpuPct),
      three('SFU CPU per viewer', '%', 3, (f) => f.cpuPct / LAYER_VIEWERS),
      three('SFU memory per viewer', 'KB', 0, (f) => f.kbPerViewer),
      three('packet loss', '%', 2, (f) => f.loss),
      '',
      'Two layers: every packet of both layers reaches the SFU; each viewer gets one, chosen per viewer, and',
      "a key frame's first packet is parsed once per packet for the viewers moving layer. On Janus the clip goes in",
      "as simulcast (server-peer.ts) and each viewer's substream is configured (SD: substream 0).",
    );
  }
  console.log(lines.join('\n'));
  if (values.out && !only) writeFileSync(values.out, `${lines.join('\n')}\n`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
