/**
 * Live video on the embedded SFU: one publisher sending a 1 Mbps video stream and N viewers, all
 * real WebRTC peers (werift) on loopback; the SFU runs in a child process so its CPU is its own.
 * Prints forwarded Mbps, SFU CPU per viewer, packet loss, the time from a viewer's watch call to
 * his first packet (p50, p95), and how long forwarding goes on after the room is closed.
 *
 *   node --import tsx bench/live/run.ts [--viewers 50] [--seconds 10] [--mbps 1] [--out bench/results/live.txt]
 *
 * Aims (issue: live video): 50 viewers of a 1 Mbps stream under 1% loss; watch → first packet
 * under 1 s at p50 on loopback (the browser's first decoded frame follows its first key frame; the
 * e2e tests read that in Chromium); forwarding stops within 1 s of the room's end.
 * Janus, the SFU for scale, is to be measured beside it in the same run once its adapter lands.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    mbps: { type: 'string', default: '1' },
    out: { type: 'string', default: 'bench/results/live.txt' },
  },
});
const VIEWERS = Number(values.viewers);
const SECONDS = Number(values.seconds);
const MBPS = Number(values.mbps);
const PAYLOAD = 1100;
const PACKETS_PER_S = Math.round((MBPS * 1_000_000) / 8 / PAYLOAD);

const child = fork(new URL('./sfu-child.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
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

async function publisher(room: string) {
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

async function viewer(room: string): Promise<{ stats: ViewerStats; pc: RTCPeerConnection }> {
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
  return { stats, pc };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function main() {
  await ready;
  const room = 'BENCH';
  const pub = await publisher(room);
  const viewers: { stats: ViewerStats; pc: RTCPeerConnection }[] = [];
  for (let i = 0; i < VIEWERS; i++) viewers.push(await viewer(room));
  // Let every viewer connect, then measure a clean window.
  await new Promise((r) => setTimeout(r, 2000));
  const start = viewers.map((v) => ({ packets: v.stats.packets, bytes: v.stats.bytes, lost: v.stats.lost }));
  const cpuStart = await ask<NodeJS.CpuUsage>({ op: 'cpu' });
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const elapsed = (performance.now() - t0) / 1000;
  const cpuEnd = await ask<NodeJS.CpuUsage>({ op: 'cpu' });
  const cpuS = (cpuEnd.user - cpuStart.user + cpuEnd.system - cpuStart.system) / 1e6;
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

  const mbps = (bytes * 8) / elapsed / 1e6;
  const loss = packets + lost > 0 ? (lost / (packets + lost)) * 100 : 100;
  const cpuPct = (cpuS / elapsed) * 100;
  const lines = [
    `bench/live — ${new Date().toISOString()} — embedded SFU (werift), loopback, ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `1 publisher at ${MBPS} Mbps (${PACKETS_PER_S} packets/s of ${PAYLOAD} bytes), ${VIEWERS} viewers, ${SECONDS} s measured`,
    '',
    'figure                           embedded SFU   aim',
    `forwarded                        ${mbps.toFixed(1).padStart(7)} Mbps   ${(MBPS * VIEWERS).toFixed(0)} Mbps`,
    `SFU CPU (one process)            ${cpuPct.toFixed(0).padStart(7)} %      —`,
    `SFU CPU per viewer               ${(cpuPct / VIEWERS).toFixed(2).padStart(7)} %      —`,
    `packet loss                      ${loss.toFixed(2).padStart(7)} %      < 1 %   ${loss < 1 ? 'PASS' : 'MISS'}`,
    `watch → first packet p50         ${percentile(firsts, 50).toFixed(0).padStart(7)} ms     < 1000 ms ${percentile(firsts, 50) < 1000 ? 'PASS' : 'MISS'}`,
    `watch → first packet p95         ${percentile(firsts, 95).toFixed(0).padStart(7)} ms`,
    `forwarding after the room ended  ${tail.toFixed(0).padStart(7)} ms     < 1000 ms ${tail < 1000 ? 'PASS' : 'MISS'}`,
    '',
    'Janus (the SFU for scale) is not measured yet: its adapter is still to come.',
  ];
  console.log(lines.join('\n'));
  if (values.out) writeFileSync(values.out, `${lines.join('\n')}\n`);
  for (const v of viewers) await v.pc.close();
  await pub.close();
  child.kill();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  child.kill();
  process.exit(1);
});
