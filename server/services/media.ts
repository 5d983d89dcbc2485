/**
 * The media side of the composition root: the SFU the live rooms, hang-outs, live chat's camera and
 * calls share (LIVE_SFU), and the demo broadcasters' clip, read once on the first demo room.
 */
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import { createEmbeddedSfu } from '../sfu/embedded-sfu';
import { createJanusSfu } from '../sfu/janus-sfu';
import type { Sfu } from '../sfu/sfu';
import { loadClip, type Vp8Clip } from '../sfu/vp8-clip';

/** LIVE_SFU: the SFU in this process, or rooms placed on the Janus instances. */
export function createSfu(live: Config['live']): Sfu {
  const iceServers = live.iceUrls.filter((url) => url.startsWith('stun')).map((urls) => ({ urls }));
  if (live.sfu === 'janus') return createJanusSfu({ urls: live.janusUrls, iceServers });
  return createEmbeddedSfu({ iceServers });
}

let clip: Vp8Clip | undefined;
/** The demo broadcasters' clip (server/sfu/demo-live.ivf, its SD layer demo-live-sd.ivf), read on the first demo room. */
export function demoClip(): Vp8Clip {
  clip ??= loadClip(
    fileURLToPath(new URL('../sfu/demo-live.ivf', import.meta.url)),
    fileURLToPath(new URL('../sfu/demo-live-sd.ivf', import.meta.url)),
  );
  return clip;
}
