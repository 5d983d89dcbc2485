/** The drawn images, the built app's pages and files, and the VAPID key route. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../protocol/paths';
import type { VapidKeyData } from '../../protocol/types';
import { createTestDatabase, startServer, type TestServer } from './harness';

const INDEX =
  '<!doctype html><html><head><title>Glimmer</title></head><body><div id="root"></div></body></html>';

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'glimmer-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"Glimmer"}');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  await writeFile(join(dist, 'icon-192.png'), 'png');
  server = await startServer({ config: { staticDir: dist } });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('media', () => {
  it.each([
    ['/media/portrait/A2001.svg'],
    ['/media/portrait/M1001.svg'],
    ['/media/cover/A2001.svg'],
    ['/media/gift/G101.svg'],
    ['/media/show/LS3001.svg'],
  ])('serves %s as a cached SVG', async (path) => {
    const response = await server.client().get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = await response.text();
    expect(body.startsWith('<svg')).toBe(true);
    expect(body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('draws the same picture for the same id', async () => {
    const a = await (await server.client().get('/media/portrait/A2005.svg')).text();
    const b = await (await server.client().get('/media/portrait/A2005.svg')).text();
    expect(a).toBe(b);
  });

  it.each([
    ['/media/portrait/A9999.svg'],
    ['/media/cover/M1001.svg'],
    ['/media/gift/G999.svg'],
    ['/media/show/XX1.svg'],
    ['/media/portrait/A2001.png'],
    ['/media/portrait/..%2F..%2Fetc%2Fpasswd'],
    ['/media/avatar/A2001.svg'],
    [`/media/portrait/${'A'.repeat(200)}.svg`],
  ])('answers 404 for %s', async (path) => {
    expect((await server.client().get(path)).status).toBe(404);
  });
});

describe('static app', () => {
  it.each([
    ['/'],
    ['/user/login'],
    ['/broadcast/login'],
    ['/static/maintenance/'],
    ['/list.html'],
    ['/page/list.html'],
    ['/live.html'],
    ['/page/live.html'],
  ])('GET %s answers the app page', async (path) => {
    const response = await server.client().get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it('serves the shell files with no-cache and hashed assets as immutable', async () => {
    for (const path of ['/sw.js', '/index.html', '/manifest.webmanifest']) {
      const response = await server.client().get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
    const asset = await server.client().get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await server.client().get('/icon-192.png')).status).toBe(200);
    expect((await server.client().get('/nope.js')).status).toBe(404);
  });

  it('POST /user/login is still the API while GET /user/login is the page', async () => {
    const answer = await server.client().form(Api.memberLogin, { userid: 'M1001', password: 'demo1234' });
    expect(answer.body.errno).toBe(0);
  });

  it('without a build, GET / says how to build', async () => {
    const bare = await startServer();
    try {
      const response = await bare.client().get('/');
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});

describe('push', () => {
  it('GET /push/vapidPublicKey needs no login and answers one key', async () => {
    const response = await server.client().get(Api.vapidPublicKey);
    const body = (await response.json()) as { errno: number; errmsg: string; data: VapidKeyData };
    expect(body.errno).toBe(0);
    expect(body.errmsg).toBe('');
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(body.data.key, 'base64url')).toHaveLength(65);
    const again = (await (await server.client().get(Api.vapidPublicKey)).json()) as { data: VapidKeyData };
    expect(again.data.key).toBe(body.data.key);
  });

  it('keeps the same VAPID key across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'glimmer-restart-'));
    const db = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    const keyOf = async () => {
      const running = await startServer({ databaseUrl: db?.url, config: { dataDir } });
      try {
        return ((await (await running.client().get(Api.vapidPublicKey)).json()) as { data: VapidKeyData })
          .data.key;
      } finally {
        await running.close();
      }
    };
    try {
      const first = await keyOf();
      expect(await keyOf()).toBe(first);
    } finally {
      await db?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
