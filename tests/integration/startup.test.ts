/**
 * Configuration validation, `node --import tsx server/main.ts` as a person runs it, and `npm start`
 * (scripts/start.mjs) stopped by Ctrl-C or a signal to its process, with the app built or building.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Api } from '../../protocol/paths';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags';
import { ConfigError, loadConfig } from '../../server/config';
import { createTestDatabase } from './harness';

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      maintenance: false,
      moneyType: 'credits',
      moneyMultiplier: 1,
      pushSubject: 'mailto:support@glimmer.example',
      pushAllowedOrigins: [],
      staticDir: './dist',
      quiet: false,
      requestTimeoutMs: 20_000,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      MAINTENANCE: '1',
      MONEY_TYPE: 'coins',
      MONEY_MULTIPLIER: '2.5',
      PUSH_SUBJECT: 'https://glimmer.example/contact',
      PUSH_ALLOWED_ORIGINS: 'https://push.example.com, https://other.example',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://h:6379',
      GLIMMER_QUIET: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      maintenance: true,
      moneyType: 'coins',
      moneyMultiplier: 2.5,
      pushSubject: 'https://glimmer.example/contact',
      pushAllowedOrigins: ['https://push.example.com', 'https://other.example'],
      databaseUrl: 'postgres://u@h:5432/db',
      redisUrl: 'redis://h:6379',
      quiet: true,
    });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ OPERATOR_IDS: 'M1005, A2001' }).operatorIds).toEqual(['M1005', 'A2001']);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['MAINTENANCE', 'yes please'],
    ['MONEY_MULTIPLIER', '-1'],
    ['PUSH_SUBJECT', 'support@glimmer.example'],
    ['PUSH_SUBJECT', 'http://glimmer.example'],
    ['PUSH_ALLOWED_ORIGINS', 'push.example.com'],
    ['DATABASE_URL', 'mysql://h/db'],
    ['REDIS_URL', 'http://h:6379'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '99'],
    ['OPERATOR_IDS', 'M1001,bad id'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

function run(
  env: Record<string, string>,
  args = ['--import', 'tsx', 'server/main.ts'],
  /** In a process group of its own, as a shell runs a command: the test can then Ctrl-C all of it. */
  detached = false,
): { child: ChildProcess; output: () => string } {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.REDIS_URL;
  delete clean.GLIMMER_QUIET;
  delete clean.STATIC_DIR;
  const child = spawn(process.execPath, args, {
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let text = '';
  child.stdout?.on('data', (d) => {
    text += d;
  });
  child.stderr?.on('data', (d) => {
    text += d;
  });
  return { child, output: () => text };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('server/main.ts', () => {
  it('prints the URL and the demo logins, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'glimmer-main-'));
    const db = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    const { child, output } = run({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(db ? { DATABASE_URL: db.url } : {}),
      ...(process.env.REDIS_URL
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `glimmer_it_main_${Date.now()}:` }
        : {}),
    });
    const done = exited(child);
    try {
      await expect
        .poll(output, { timeout: 45_000, interval: 200 })
        .toMatch(/running at http:\/\/127\.0\.0\.1:\d+/);
      await expect.poll(output, { timeout: 5_000 }).toContain('broadcasters');
      const text = output();
      for (const id of ['M1001', 'M1002', 'A2001', 'A2002', 'demo1234']) expect(text).toContain(id);
      const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      const answer = await fetch(`${url}${Api.getConfig}?is_ajax=1`, { method: 'POST' });
      expect(((await answer.json()) as { errno: number }).errno).toBe(0);
      child.kill('SIGTERM');
      expect(await done).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await db?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to start on a bad value and says which', async () => {
    const { child, output } = run({ PORT: 'eighty', PUSH_SUBJECT: 'nobody' });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('Invalid configuration');
    expect(output()).toContain('PORT');
    expect(output()).toContain('PUSH_SUBJECT');
  });
});

/** Whether any process is left in the group (the server, a build) after its leader has gone. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start (scripts/start.mjs)', () => {
  const start = (env: Record<string, string>) =>
    run({ PORT: '0', HOST: '127.0.0.1', ...env }, ['scripts/start.mjs'], true);

  /** Sends the signal, then waits for the start and everything it started to be gone. */
  async function stop(child: ChildProcess, signal: NodeJS.Signals, whole: boolean) {
    const pid = child.pid as number;
    const done = exited(child);
    process.kill(whole ? -pid : pid, signal);
    const code = await done;
    // start.mjs ends only after its child has: nothing may outlive it.
    await expect.poll(() => groupAlive(pid), { timeout: 1_000, interval: 50 }).toBe(false);
    return code;
  }

  it.each([
    ['SIGTERM to its process', 'SIGTERM', false],
    ['SIGINT to its process', 'SIGINT', false],
    ['Ctrl-C (SIGINT to the process group)', 'SIGINT', true],
  ] as const)(
    'stops the server on %s and leaves nothing listening',
    async (_name, signal, whole) => {
      // A built app newer than every source: start.mjs serves it without building.
      const dist = await mkdtemp(join(tmpdir(), 'glimmer-start-dist-'));
      const dataDir = await mkdtemp(join(tmpdir(), 'glimmer-start-data-'));
      await writeFile(join(dist, 'index.html'), '<!doctype html><title>Built</title>');
      const later = new Date(Date.now() + 86_400_000);
      await utimes(join(dist, 'index.html'), later, later);
      const { child, output } = start({ STATIC_DIR: dist, DATA_DIR: dataDir });
      try {
        await expect
          .poll(output, { timeout: 45_000, interval: 200 })
          .toMatch(/running at http:\/\/127\.0\.0\.1:\d+/);
        expect(output()).not.toContain('Building');
        const url = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
        expect(await (await fetch(`${url}/`)).text()).toContain('Built');
        // The server runs with the V8 flags the realtime bench measured it with.
        const pid = child.pid as number;
        const [server] = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ');
        const argv = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
        for (const flag of SERVER_NODE_FLAGS) expect(argv).toContain(flag);
        const started = Date.now();
        expect(await stop(child, signal, whole)).toBe(0);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(output()).toContain(`${signal}: shutting down`);
        await expect(fetch(`${url}/`)).rejects.toThrow();
      } finally {
        if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
        await rm(dist, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it.each([
    ['SIGTERM to its process', 'SIGTERM', false],
    ['Ctrl-C', 'SIGINT', true],
  ] as const)(
    'stops a build still running on %s',
    async (_name, signal, whole) => {
      // STATIC_DIR without an app: start.mjs builds into it first.
      const dist = await mkdtemp(join(tmpdir(), 'glimmer-start-build-'));
      const dataDir = await mkdtemp(join(tmpdir(), 'glimmer-start-data-'));
      const { child, output } = start({ STATIC_DIR: dist, DATA_DIR: dataDir });
      try {
        await expect.poll(output, { timeout: 10_000, interval: 50 }).toContain('Building the app');
        const started = Date.now();
        expect(await stop(child, signal, whole)).not.toBe(0);
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(output()).not.toContain('running at');
      } finally {
        if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
        await rm(dist, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
