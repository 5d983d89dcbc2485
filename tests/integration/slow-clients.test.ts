/**
 * Slow clients: a request whose headers, or whole body, do not arrive within HTTP_HEADERS_TIMEOUT_MS
 * / HTTP_REQUEST_TIMEOUT_MS is answered 408 and its connection closed by the server, so a body
 * trickled a byte at a time cannot hold a connection (or an upload) open. The times are shortened
 * here; the defaults leave a phone time for a 20 MB video.
 */
import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_VIDEO_UPLOAD_PATH } from '../../protocol/mail/mail';
import { Api } from '../../protocol/paths';
import { ConfigError, loadConfig } from '../../server/config';
import { type Client, startServer, type TestServer } from './harness';

const REQUEST_MS = 1_500;
const HEADERS_MS = 800;

interface Trickled {
  /** How long after the first byte the server closed the connection. */
  closedAfterMs: number;
  /** What the server wrote before closing. */
  answer: string;
}

/** Opens a raw connection, sends `start` at once, then `rest` one byte every `everyMs`, until it is closed. */
function trickle(
  server: TestServer,
  start: string | Buffer,
  rest: string,
  everyMs: number,
): Promise<Trickled> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    const began = Date.now();
    let answer = '';
    let at = 0;
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    const timer = setInterval(() => {
      if (at < rest.length && !socket.destroyed) socket.write(rest[at++] ?? '');
    }, everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - began, answer });
    });
    socket.write(start);
    // Never closed by the server: give up well past the time-outs, so the test fails instead of hanging.
    setTimeout(() => socket.destroy(), REQUEST_MS * 4);
  });
}

describe('slow clients', () => {
  let server: TestServer;
  let lady: Client;
  beforeAll(async () => {
    server = await startServer({
      config: { httpTimeouts: { requestMs: REQUEST_MS, headersMs: HEADERS_MS } },
    });
    lady = await server.sessionOf('A2001');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('closes a call whose body is trickled a byte at a time, with a 408', async () => {
    const head = [
      `POST ${Api.memberLogin} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/x-www-form-urlencoded',
      'Content-Length: 200',
      '',
      '',
    ].join('\r\n');
    const slow = await trickle(server, head, 'userid=M1001&password=demo1234'.padEnd(200, '&'), 200);
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(slow.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(slow.closedAfterMs).toBeLessThan(REQUEST_MS + 1_200);
  });

  it('closes a connection whose headers are trickled', async () => {
    const slow = await trickle(
      server,
      'G',
      `ET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'x'.repeat(100)}`,
      100,
    );
    expect(slow.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(slow.closedAfterMs).toBeLessThan(HEADERS_MS + 1_200);
  });

  it('closes a trickled upload and keeps nothing of it', async () => {
    const clip = await readFile(new URL('../fixtures/clip.mp4', import.meta.url));
    const cookie = [...lady.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const head = Buffer.concat([
      Buffer.from(
        [
          `POST ${MAIL_VIDEO_UPLOAD_PATH} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: application/octet-stream',
          `Content-Length: ${clip.length + 1000}`,
          `Cookie: ${cookie}`,
          '',
          '',
        ].join('\r\n'),
      ),
      clip,
    ]);
    const slow = await trickle(server, head, '\u0000'.repeat(1000), 200);
    expect(slow.closedAfterMs).toBeLessThan(REQUEST_MS + 1_200);
    // The half-written file goes once the server sees the connection gone.
    const kept = () => readdir(join(server.config.dataDir, 'mail-uploads', 'A2001')).catch(() => []);
    await vi.waitFor(async () => expect(await kept()).toEqual([]), { timeout: 2_000 });
    // The server is still there for everyone else.
    expect((await lady.form(Api.getOwnUserInfo)).body.errno).toBe(0);
  });

  it('has generous but finite defaults, and refuses a headers time-out longer than the request’s', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({ requestMs: 600_000, headersMs: 30_000 });
    expect(
      loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '120000', HTTP_HEADERS_TIMEOUT_MS: '5000' }).httpTimeouts,
    ).toEqual({
      requestMs: 120_000,
      headersMs: 5_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '10000', HTTP_HEADERS_TIMEOUT_MS: '20000' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });
});
