/**
 * A local Janus for tests, the benchmark and `npm start` users who want one: a config folder in a
 * temp directory that loads only the VideoRoom plugin and the WebSocket transport (on loopback,
 * admin API off, no event handlers or loggers), then `janus -F <dir>`, waited for until its port
 * answers. Production runs Janus on its own machines with its own config; this is the smallest one
 * that does what janus-sfu.ts needs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const JANUS_BINARY = '/usr/bin/janus';
const JANUS_LIB = '/usr/lib/x86_64-linux-gnu/janus';

export interface JanusProcessOptions {
  /** The WebSocket transport's port (on 127.0.0.1). */
  port: number;
  /**
   * Interfaces or addresses ICE may use (Janus `ice_enforce_list`); all but loopback by default.
   * Janus never offers loopback: a browser on this machine reaches it at the machine's address.
   */
  iceEnforce?: string[];
  /** RTP port range, so two local instances never collide. */
  rtpPorts?: [number, number];
  /** Janus log level 0-7 (default 2: errors and warnings only). */
  debugLevel?: number;
}

export interface JanusProcess {
  url: string;
  pid: number;
  /** Settles when Janus exits, whoever stopped it. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

export async function startJanus(options: JanusProcessOptions): Promise<JanusProcess> {
  if (!existsSync(JANUS_BINARY)) {
    throw new Error(`Janus is not installed (${JANUS_BINARY}); apt-get install -y janus`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'glimmer-janus-'));
  // Folders holding only what we load: Janus loads every library it finds in them.
  for (const [folder, lib] of [
    ['plugins', 'libjanus_videoroom.so'],
    ['transports', 'libjanus_websockets.so'],
  ] as const) {
    await mkdir(join(dir, folder));
    await symlink(join(JANUS_LIB, folder, lib), join(dir, folder, lib));
  }
  await mkdir(join(dir, 'none'));
  const [rtpMin, rtpMax] = options.rtpPorts ?? [
    20000 + (options.port % 100) * 100,
    20099 + (options.port % 100) * 100,
  ];
  await writeFile(
    join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${dir}/plugins"
  transports_folder = "${dir}/transports"
  events_folder = "${dir}/none"
  loggers_folder = "${dir}/none"
  debug_level = ${options.debugLevel ?? 2}
  session_timeout = 60
}
media: {
  ipv6 = false
  rtp_port_range = "${rtpMin}-${rtpMax}"
}
nat: {
  nice_debug = false
  full_trickle = false
${options.iceEnforce ? `  ice_enforce_list = "${options.iceEnforce.join(',')}"` : ''}
}
events: {
  broadcast = false
}
`,
  );
  await writeFile(
    join(dir, 'janus.transport.websockets.jcfg'),
    `general: {
  json = "plain"
  ws = true
  ws_port = ${options.port}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`,
  );
  // No static rooms: Glimmer creates each room on demand.
  await writeFile(join(dir, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');

  const child = spawn(JANUS_BINARY, ['-F', dir, '-C', join(dir, 'janus.jcfg'), '-o'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    await ended(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(options.port, child);
  } catch (error) {
    await stop();
    throw new Error(`Janus did not start: ${(error as Error).message}\n${log}`);
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { url: `ws://127.0.0.1:${options.port}`, pid: child.pid ?? 0, exited, stop };
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`port ${port} did not open in ${timeoutMs} ms`);
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
