/**
 * Two real product processes (`node scripts/start.mjs`) on one fresh PostgreSQL database and one
 * Redis namespace, as a scaled-out deployment runs them, with rooms on a Janus of their own (a
 * room's Janus number is a hash of its id: a Janus shared with another server of the same seed
 * would mix their rooms). In front of each a door (a plain reverse proxy) that counts what it
 * forwarded, so a test can give each party an origin of its own, always reaching one process, and
 * prove afterwards which process served whom. PostgreSQL, Redis and Janus must be there: a start
 * that fails throws, it never skips.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type JanusProcess, startJanus } from '../../server/sfu/janus-process';
import { JANUS_PORT } from './ports';

export const CLUSTER_POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const CLUSTER_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const root = new URL('../..', import.meta.url).pathname;
const STARTUP_MS = 90_000;

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** One SQL statement on the server of `url` (its own connection). */
export async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

interface ProductProcess {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `node scripts/start.mjs` on a free port and waits until it answers. */
async function startProcess(name: string, env: Record<string, string>): Promise<ProductProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `glimmer-e2e-cluster-${name}-`));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killLater = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killLater);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`process ${name} ended while starting:\n${output}`);
    }
    const up = await fetch(`http://127.0.0.1:${port}/push/vapidPublicKey`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { port, pid: child.pid as number, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`process ${name} did not answer within ${STARTUP_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A door: every request and socket it takes goes to one process, counted. */
export interface Door {
  /** The origin a browser context uses (localhost, as the app is served elsewhere in the tests). */
  url: string;
  /** The process it leads to (its process id). */
  pid: number;
  /** What it forwarded to its process: HTTP requests, and socket upgrades. */
  served: { requests: number; sockets: number };
}

/**
 * A reverse proxy on a port of its own that forwards everything, socket upgrades included, to
 * `upstream` as it came (the Host header too: the server's same-origin rule sees the door's origin),
 * adding no forwarding header.
 */
async function openDoor(to: ProductProcess): Promise<Door & { server: Server }> {
  const upstream = to.port;
  const served = { requests: 0, sockets: 0 };
  const server = createServer((req, res) => {
    served.requests += 1;
    const out = forward(
      { host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('upgrade', (req, socket, head) => {
    served.sockets += 1;
    const out = connect(upstream, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      out.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) out.write(head);
      out.pipe(socket).pipe(out);
    });
    out.on('error', () => socket.destroy());
    socket.on('error', () => out.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, pid: to.pid, served, server };
}

export interface TestCluster {
  /** The fresh database both processes share. */
  databaseUrl: string;
  /** One door to each process. */
  doors: [Door, Door];
  close(): Promise<void>;
}

/**
 * Janus on a free port whose default RTP range (by the port's last two digits) is not the one of
 * the end-to-end Janus at JANUS_PORT.
 */
async function ownJanus(): Promise<JanusProcess> {
  let port = await freePort();
  while (port % 100 === JANUS_PORT % 100) port = await freePort();
  return startJanus({ port });
}

/** Two processes on a fresh database, a fresh Redis prefix and their own Janus, a door to each. */
export async function startCluster(env: Record<string, string> = {}): Promise<TestCluster> {
  const name = `glimmer_e2e_${randomBytes(6).toString('hex')}`;
  const janus = await ownJanus();
  try {
    await sql(CLUSTER_POSTGRES_URL, `CREATE DATABASE ${name}`);
  } catch (error) {
    await janus.stop();
    throw error;
  }
  const database = new URL(CLUSTER_POSTGRES_URL);
  database.pathname = `/${name}`;
  const shared = {
    DATABASE_URL: database.toString(),
    REDIS_URL: CLUSTER_REDIS_URL,
    REDIS_PREFIX: `${name}:`,
    LIVE_SFU: 'janus',
    JANUS_URLS: janus.url,
    GLIMMER_QUIET: '1',
    AUTO_INVITE: '0',
    ...env,
  };
  const started: ProductProcess[] = [];
  const doors: (Door & { server: Server })[] = [];
  const close = async () => {
    for (const door of doors) {
      door.server.closeAllConnections();
      await new Promise((resolve) => door.server.close(resolve));
    }
    await Promise.all(started.map((p) => p.stop()));
    await janus.stop();
    await sql(CLUSTER_POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    // Started together, as a cluster would: the migrations and the seed run once between them.
    const results = await Promise.allSettled(['a', 'b'].map((p) => startProcess(p, shared)));
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    for (const p of started) doors.push(await openDoor(p));
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { databaseUrl: database.toString(), doors: [doors[0] as Door, doors[1] as Door], close };
}
