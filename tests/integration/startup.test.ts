/** Configuration validation, and `node --import tsx server/main.ts` as a person runs it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Api } from '../../protocol/paths';
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

function run(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.REDIS_URL;
  delete clean.GLIMMER_QUIET;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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
