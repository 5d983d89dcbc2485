/**
 * The SFU adapter in a process of its own, driven over IPC by bench/live/run.ts, so that its CPU
 * is measured apart from the publisher's and the viewers' (which the bench process carries):
 * the embedded SFU, or with `--janus <ws url>` the Janus adapter (Janus's own CPU is read from
 * /proc by run.ts).
 */
import { parseArgs } from 'node:util';
import { createEmbeddedSfu } from '../../server/sfu/embedded-sfu';
import { createJanusSfu } from '../../server/sfu/janus-sfu';
import { loadClip } from '../../server/sfu/vp8-clip';

const clipPath = (name: string) => new URL(`../../server/sfu/${name}`, import.meta.url).pathname;

const { values } = parseArgs({ options: { janus: { type: 'string' } } });
const sfu = values.janus ? createJanusSfu({ urls: [values.janus] }) : createEmbeddedSfu();

type Ask =
  | { id: number; op: 'publish'; room: string; sdp: string }
  | { id: number; op: 'watch'; room: string }
  | { id: number; op: 'answer'; viewer: string; sdp: string }
  | { id: number; op: 'close'; room: string }
  | { id: number; op: 'stop' }
  | { id: number; op: 'cpu' }
  | { id: number; op: 'rss' }
  | { id: number; op: 'quality'; viewer: string; quality: 'auto' | 'hd' | 'sd' }
  /** The demo clip as the room's source: its top layer only, or with its SD layer (simulcast). */
  | { id: number; op: 'clip'; room: string; layers: boolean };

process.on('message', async (ask: Ask) => {
  const reply = (value: unknown) => process.send?.({ id: ask.id, value });
  try {
    if (ask.op === 'publish') reply(await sfu.publish(ask.room, ask.sdp));
    else if (ask.op === 'watch') reply(await sfu.watch(ask.room));
    else if (ask.op === 'answer') reply(await sfu.answer(ask.viewer, ask.sdp));
    else if (ask.op === 'close') reply(sfu.close(ask.room));
    else if (ask.op === 'stop') reply(await sfu.stop());
    else if (ask.op === 'rss') reply(process.memoryUsage().rss);
    else if (ask.op === 'quality') reply(await sfu.setQuality(ask.viewer, ask.quality));
    else if (ask.op === 'clip')
      reply(
        sfu.publishClip(
          ask.room,
          loadClip(clipPath('demo-live.ivf'), ask.layers ? clipPath('demo-live-sd.ivf') : undefined),
        ),
      );
    else reply(process.cpuUsage());
  } catch (error) {
    process.send?.({ id: ask.id, error: String(error) });
  }
});
// Ended by the bench: exit rather than die, so that a --cpu-prof profile is written.
process.on('SIGTERM', () => process.exit(0));
process.send?.({ ready: true });
