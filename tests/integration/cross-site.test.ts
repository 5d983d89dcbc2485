/**
 * A page of another origin cannot spend a member's money with his cookie: every state-changing call
 * (API, uploads, push routes) and the socket's upgrade are refused when the browser says the request
 * comes from elsewhere, while the app's own calls and non-browser clients go on working.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Errno, Messages } from '../../protocol/errors';
import { MAIL_UPLOAD_PATH } from '../../protocol/mail/mail';
import { PushApi } from '../../protocol/push/push';
import { type Client, startServer, type TestServer } from './harness';

const PUBLIC_ORIGIN = 'https://glimmer.example';
let server: TestServer;
let member: Client;

beforeAll(async () => {
  server = await startServer({ config: { publicOrigin: PUBLIC_ORIGIN } });
  member = await server.loginAs('M1002');
});
afterAll(async () => {
  await server?.close();
});

const credit = async () => {
  const [row] = await server.db.query<{ credit: number }>(
    "SELECT credit::int AS credit FROM members WHERE userid = 'M1002'",
  );
  return row?.credit;
};

/** buyTicket for LS3015 (2.00 credits; M1002 has 3.20) with the given browser headers. */
async function buyWith(headers: Record<string, string>) {
  const response = await fetch(member.url('/man/v1/buyTicket'), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    },
    body: 'live_show_id=LS3015',
  });
  return { status: response.status, body: (await response.json()) as { errno: number; errmsg: string } };
}

const refused = { status: 403, body: { errno: Errno.CROSS_SITE, errmsg: Messages.crossSite, data: null } };

describe('state-changing calls', () => {
  it('refuse a sibling origin, another site and an opaque origin, and charge nothing', async () => {
    const before = await credit();
    const sibling = `http://localhost:${server.port}`.replace(String(server.port), String(server.port + 1));
    const cases: Record<string, string>[] = [
      { origin: sibling, 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: sibling },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ];
    for (const headers of cases) {
      expect(await buyWith(headers), JSON.stringify(headers)).toEqual(refused);
    }
    expect(await credit()).toBe(before);
  });

  it('cover uploads and push routes too, before reading the body', async () => {
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const upload = await fetch(`${server.url}${MAIL_UPLOAD_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...evil },
      body: Buffer.alloc(1024),
    });
    expect(upload.status).toBe(403);
    const push = await fetch(member.url(PushApi.subscribe), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...evil },
      body: '{}',
    });
    expect((await push.json()) as unknown).toMatchObject({ errno: Errno.CROSS_SITE });
  });

  it("serve the app's own origin, its public origin and clients that are not browsers", async () => {
    const own = await buyWith({ origin: server.url, 'sec-fetch-site': 'same-origin' });
    expect(own.body.errno).toBe(0);
    const again = await buyWith({ origin: PUBLIC_ORIGIN });
    expect(again.body.errno).not.toBe(Errno.CROSS_SITE);
    // Behind a TLS-ending proxy the browser's https origin differs from what the server sees; its
    // Sec-Fetch-Site still says same-origin, and that is believed.
    const proxied = await buyWith({ origin: 'https://glimmer.internal', 'sec-fetch-site': 'same-origin' });
    expect(proxied.body.errno).not.toBe(Errno.CROSS_SITE);
    const plain = await buyWith({});
    expect(plain.body.errno).not.toBe(Errno.CROSS_SITE);
    // Reading is not refused: a GET changes nothing.
    expect(
      (await fetch(`${server.url}/push/vapidPublicKey`, { headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(200);
  });
});

describe('the socket', () => {
  const open = (origin?: string) =>
    new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, origin ? { origin } : {});
      ws.once('open', () => {
        ws.close();
        resolve('open');
      });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });

  it('opens for the app and refuses a page of another origin', async () => {
    expect(await open(`http://127.0.0.1:${server.port}`)).toBe('open');
    expect(await open()).toBe('open');
    expect(await open('https://evil.example')).toBe(403);
  });
});
