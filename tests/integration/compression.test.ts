/**
 * Compression on the wire: the build's precompressing (scripts/precompress.ts, run here on a small
 * made-up build rather than a real one), the app's files served as their Brotli or gzip sibling by
 * what the browser accepts (the SPA's pages too) with `Vary: Accept-Encoding`, favicon.ico, API
 * answers compressed from 1 KiB up, and ranged media left as stored. Requests go through node:http,
 * which neither asks for nor undoes an encoding by itself.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailApi } from '../../protocol/mail/mail';
import { Api } from '../../protocol/paths';
import { type Precompressed, precompressDir } from '../../scripts/precompress';
import { COMPRESS_THRESHOLD_BYTES } from '../../server/http/compression';
import { type Client, startServer, type TestServer } from './harness';

const INDEX = `<!doctype html><html><head><title>Glimmer</title><link rel="icon" href="/favicon.svg"></head><body>${'<div class="shell"></div>'.repeat(40)}<div id="root"></div></body></html>`;
const SCRIPT = `export function greet(name) { return 'Hello, ' + name + '!'; }\n`.repeat(200);
const STYLE = `.card { display: flex; padding: 8px; color: #1b0f1f; }\n`.repeat(100);
const WEBM = await readFile(new URL('../../server/media/demo-video.webm', import.meta.url));
const ICO = await readFile(new URL('../../public/favicon.ico', import.meta.url));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as sent, the body as received (still encoded). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decode = (answer: Raw) => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
};

let dist: string;
let made: Precompressed[];
let server: TestServer;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'glimmer-compress-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(
    join(dist, 'sw.js'),
    `self.__WB_MANIFEST = ${JSON.stringify(Array(40).fill({ url: '/x.js' }))};`,
  );
  await writeFile(
    join(dist, 'manifest.webmanifest'),
    JSON.stringify({ name: 'Glimmer', icons: Array(20).fill({ src: '/i.png' }) }),
  );
  await writeFile(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(dist, 'assets', 'index-abc123.css'), STYLE);
  await writeFile(join(dist, 'assets', 'tiny-1.js'), 'x');
  await writeFile(join(dist, 'favicon.ico'), ICO);
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify(Array(50).fill({ file: 'x.js' })));
  made = await precompressDir(dist);
  server = await startServer({ config: { staticDir: dist } });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('precompressing the build', () => {
  it('writes .br and .gz beside each text file they make smaller; nothing for images or .vite/', async () => {
    expect(made.map((f) => f.file)).toEqual([
      'assets/index-abc123.css',
      'assets/index-abc123.js',
      'assets/tiny-1.js',
      'index.html',
      'manifest.webmanifest',
      'sw.js',
    ]);
    for (const file of ['index.html', 'sw.js', 'manifest.webmanifest', 'assets/index-abc123.js']) {
      const original = await readFile(join(dist, file));
      const br = await readFile(join(dist, `${file}.br`));
      const gz = await readFile(join(dist, `${file}.gz`));
      expect(br.length, file).toBeLessThan(original.length / 2);
      expect(gz.length, file).toBeLessThan(original.length / 2);
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
    }
    // One byte compresses to more than one byte: no sibling, and none for the icon.
    expect(made.find((f) => f.file === 'assets/tiny-1.js')).toEqual({ file: 'assets/tiny-1.js', raw: 1 });
    await expect(readFile(join(dist, 'assets', 'tiny-1.js.br'))).rejects.toThrow();
    await expect(readFile(join(dist, 'favicon.ico.br'))).rejects.toThrow();
    await expect(readFile(join(dist, '.vite', 'manifest.json.br'))).rejects.toThrow();
  });
});

describe('the app files', () => {
  const asset = '/assets/index-abc123.js';

  it('sends the Brotli file when the browser accepts it, gzip otherwise, the file itself for neither', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=1.0, gzip;q=0.8', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const answer = await raw(`${server.url}${asset}`, accept ? { 'accept-encoding': accept } : {});
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type'], accept).toBe('application/javascript; charset=utf-8');
      expect(answer.headers.vary, accept).toBe('accept-encoding');
      expect(answer.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length']), accept).toBe(answer.body.length);
      expect(decode(answer).toString(), accept).toBe(SCRIPT);
      if (encoding) expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    }
  });

  it('keeps each file’s type and cache rule, and the security headers, when compressed', async () => {
    const cases = [
      ['/assets/index-abc123.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['/sw.js', 'application/javascript; charset=utf-8', 'no-cache'],
      ['/manifest.webmanifest', 'application/manifest+json', 'no-cache'],
      ['/index.html', 'text/html; charset=utf-8', 'no-cache'],
    ] as const;
    for (const [path, type, cache] of cases) {
      const answer = await raw(`${server.url}${path}`, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(answer.headers['content-type'], path).toBe(type);
      expect(answer.headers['cache-control'], path).toBe(cache);
      expect(answer.headers.vary, path).toBe('accept-encoding');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['content-security-policy'], path).toContain("default-src 'self'");
    }
  });

  it('answers the app’s pages with index.html, compressed too', async () => {
    for (const path of ['/', '/user/login', '/broadcast/login', '/list.html']) {
      const br = await raw(`${server.url}${path}`, { 'accept-encoding': 'gzip, br' });
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control'], path).toBe('no-cache');
      expect(br.headers.vary, path).toBe('accept-encoding');
      expect(decode(br).toString(), path).toBe(INDEX);
      const gz = await raw(`${server.url}${path}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(decode(gz).toString(), path).toBe(INDEX);
      const plain = await raw(`${server.url}${path}`);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers.vary, path).toBe('accept-encoding');
      expect(plain.body.toString(), path).toBe(INDEX);
    }
  });

  it('serves a file too small to compress as it is, and a range of the representation chosen', async () => {
    const tiny = await raw(`${server.url}/assets/tiny-1.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBe('accept-encoding');
    expect(tiny.body.toString()).toBe('x');
    const whole = await raw(`${server.url}${asset}`, { 'accept-encoding': 'br' });
    const part = await raw(`${server.url}${asset}`, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body.equals(whole.body.subarray(0, 10))).toBe(true);
  });

  it('answers /favicon.ico with the icon', async () => {
    const answer = await raw(`${server.url}/favicon.ico`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/x-icon');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(ICO)).toBe(true);
    // An ICO header (reserved 0, type 1) holding 16, 32 and 48 px images.
    expect(ICO.readUInt16LE(0)).toBe(0);
    expect(ICO.readUInt16LE(2)).toBe(1);
    expect([0, 1, 2].map((i) => ICO[6 + 16 * i])).toEqual([16, 32, 48]);
  });
});

describe('API answers', () => {
  let member: Client;
  beforeAll(async () => {
    member = await server.loginAs('M1001');
  });
  const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const call = (path: string, accept?: string) =>
    raw(
      member.url(path),
      {
        cookie: cookie(member),
        'content-type': 'application/x-www-form-urlencoded',
        'dev-type': '10',
        ...(accept ? { 'accept-encoding': accept } : {}),
      },
      'POST',
      '',
    );

  it('compresses an answer over 1 KiB as the caller accepts', async () => {
    const plain = await call(Api.getAllGiftList);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const list = JSON.parse(plain.body.toString()) as { errno: number };
    expect(list.errno).toBe(0);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const answer = await call(Api.getAllGiftList, accept);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type'], accept).toBe('application/json; charset=utf-8');
      expect(answer.headers.vary, accept).toBe('accept-encoding');
      expect(answer.headers['x-content-type-options'], accept).toBe('nosniff');
      expect(answer.body.length, accept).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(answer).toString()), accept).toEqual(list);
    }
  });

  it('sends a small answer as it is', async () => {
    const answer = await call(Api.getConfig, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(answer.body.toString()) as { errno: number }).errno).toBe(0);
  });

  it('leaves media as stored: a video and its byte ranges are never encoded', async () => {
    await server.db.query('UPDATE members SET credit = 5000 WHERE userid = $1', ['M1001']);
    const { emf_id } = await server.services.mailHost.send('A2002', {
      manId: 'M1001',
      kind: 'loi',
      content: 'Hello',
      media: [{ type: 'video', is_free: false, describe: '' }],
    });
    await member.call(MailApi.buyPrivatePhotoVideo, { emf_id, resource_id: 'R1' });
    const url = `${server.url}/pman/emf/media/${emf_id}/R1/video`;
    const whole = await raw(url, { cookie: cookie(member), 'accept-encoding': 'gzip, deflate, br' });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.equals(WEBM)).toBe(true);
    const part = await raw(url, {
      cookie: cookie(member),
      'accept-encoding': 'gzip, deflate, br',
      range: 'bytes=0-1023',
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${WEBM.length}`);
    expect(part.body.equals(WEBM.subarray(0, 1024))).toBe(true);
    const svg = await raw(`${server.url}/media/portrait/A2001.svg`, { 'accept-encoding': 'br' });
    expect(svg.status).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
  });
});
