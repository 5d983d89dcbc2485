/** Security headers on every kind of answer, and HSTS only for requests that came over https. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import { Api } from '../../protocol/paths';
import { startServer, type TestServer } from './harness';

const INDEX =
  '<!doctype html><html><head><title>Glimmer</title></head><body><div id="root"></div></body></html>';

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'glimmer-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  server = await startServer({ config: { staticDir: dist } });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const directives = (csp: string | null) =>
  new Map(
    (csp ?? '').split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

function expectSecurityHeaders(h: Headers, what: string) {
  const csp = directives(h.get('content-security-policy'));
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('style-src'), what).toEqual(["'self'"]);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(h.get('content-security-policy'), what).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('referrer-policy'), what).toBe('same-origin');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(h.get('permissions-policy'), what).toMatch(/^camera=\(self\), microphone=\(self\), /);
  expect(h.get('permissions-policy'), what).toContain('geolocation=()');
  expect(h.get('permissions-policy'), what).toContain('payment=()');
  expect(h.get('strict-transport-security'), what).toBeNull();
}

describe('security headers', () => {
  it('are on a page, a static file, an API answer, a drawn image, the SMS outbox and a 404', async () => {
    const client = server.client();
    const answers: [string, { status: number; headers: Headers }][] = [
      ['page', await client.get('/user/login')],
      ['static file', await client.get('/assets/index-abc123.js')],
      ['API', await client.form(Api.getConfig)],
      ['media', await client.get('/media/portrait/A2001.svg')],
      ['SMS outbox', await client.get(SMS_OUTBOX_PATH)],
      ['not found', await client.get('/nope.js')],
    ];
    for (const [what, answer] of answers) {
      expect(answer.status, what).toBe(what === 'not found' ? 404 : 200);
      expectSecurityHeaders(answer.headers, what);
    }
  });

  it('the SMS outbox page has no inline style; its stylesheet is a file of its own', async () => {
    const page = await (await server.client().get(SMS_OUTBOX_PATH)).text();
    expect(page).not.toMatch(/<style|style=|<script/i);
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page)?.[1];
    expect(href).toBe(`${SMS_OUTBOX_PATH}.css`);
    const css = await server.client().get(href ?? '');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('border-collapse');
  });

  it('no HSTS over plain http, nor when an untrusted client claims https', async () => {
    expect((await server.client().get('/user/login')).headers.get('strict-transport-security')).toBeNull();
    const claimed = await fetch(`${server.url}/user/login`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.status).toBe(200);
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS when a trusted proxy says the request came over https', async () => {
    const proxied = await startServer({ config: { staticDir: dist, trustProxy: ['127.0.0.1'] } });
    try {
      const https = await fetch(`${proxied.url}/user/login`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const http = await fetch(`${proxied.url}/user/login`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });

  it('with a public address, the socket URL is spelt out for browsers whose self does not cover it', async () => {
    const pub = await startServer({ config: { publicOrigin: 'https://glimmer.example' } });
    try {
      const csp = directives((await pub.client().get('/user/login')).headers.get('content-security-policy'));
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://glimmer.example']);
    } finally {
      await pub.close();
    }
  });
});
