/**
 * The upload routes' guards, over raw HTTP so a test can hold a body back: the session and the role
 * are checked, and a declared length at the cap refused, before one byte of the body is read (the
 * answer comes while the client still holds the rest, and the connection is closed rather than
 * drained); a body without a length is cut off at the cap and nothing of it is kept; other content
 * types answer 415 with the envelope; and a good body still streams into the store, in parts on S3.
 * In the data folder and in an S3-compatible store (tests/integration/s3-server.ts).
 */
import { readFile } from 'node:fs/promises';
import { type IncomingMessage, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../protocol/errors';
import {
  MAIL_LADY_PHOTO_UPLOAD_PATH,
  MAIL_UPLOAD_PATH,
  MAIL_VIDEO_UPLOAD_PATH,
  MailErrno,
  MailMessages,
  PHOTO_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VideoMessages,
  type VideoUploadAnswer,
} from '../../protocol/mail/mail';
import { type Client, startServer, type TestServer } from './harness';
import { startTestS3, type TestS3 } from './s3-server';

const MP4 = await readFile(new URL('../fixtures/clip.mp4', import.meta.url));
const MB = 1024 * 1024;

type Envelope<T = unknown> = { errno: number; errmsg: string; data: T };

interface Sent {
  status: number;
  body: Envelope;
  /** Whether the server closed the connection after answering (instead of reading on). */
  closed: boolean;
}

const cookieOf = (client: Client | undefined) =>
  client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';

async function readBody(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) text += chunk;
  return text;
}

/**
 * Starts a POST declaring `length` bytes and sends only `first` of them: the answer must come while
 * the rest is held back (within `waitMs`), or the test fails.
 */
function holdBack(
  server: TestServer,
  path: string,
  options: { client?: Client; length: number; type?: string; first?: Buffer; waitMs?: number },
): Promise<Sent> {
  const {
    client,
    length,
    type = 'application/octet-stream',
    first = Buffer.alloc(64 * 1024),
    waitMs = 3_000,
  } = options;
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path,
      agent: false,
      headers: { 'content-type': type, 'content-length': String(length), cookie: cookieOf(client) },
    });
    // Writing on after the server closed is expected here.
    req.on('error', () => undefined);
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${path}: no answer while the body was held back`));
    }, waitMs);
    req.on('response', (response) => {
      clearTimeout(timer);
      void readBody(response).then(async (text) => {
        // A connection kept open would wait for the rest of the body; a closed one is gone at once.
        const socket = req.socket;
        const closed =
          socket?.destroyed ||
          (await new Promise<boolean>((done) => {
            const give = setTimeout(() => done(false), 1_000);
            socket?.once('close', () => {
              clearTimeout(give);
              done(true);
            });
          }));
        req.destroy();
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(text) as Envelope,
          closed: Boolean(closed),
        });
      }, reject);
    });
    req.write(first);
  });
}

const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Sends `head`, then zeros up to `size` bytes in all, without a length (chunked), stopping when the
 * answer comes; `sent` says how many bytes were handed to the connection by then.
 */
function streamed(
  server: TestServer,
  path: string,
  client: Client,
  head: Buffer,
  size: number,
): Promise<Sent & { sent: number }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path,
      agent: false,
      headers: { 'content-type': 'application/octet-stream', cookie: cookieOf(client) },
    });
    let answered = false;
    let sent = 0;
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('response', (response) => {
      answered = true;
      void readBody(response).then((text) => {
        const closed = response.headers.connection === 'close';
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Envelope, closed, sent });
      }, reject);
    });
    const pump = () => {
      while (!answered && sent < size) {
        const part = sent < head.length ? head.subarray(sent) : ZEROS.subarray(0, size - sent);
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** The start of a valid MP4 of `size` bytes: the clip, then a free box's header (zeros follow). */
function mp4Head(size: number): Buffer {
  const free = Buffer.alloc(8);
  free.writeUInt32BE(size - MP4.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([MP4, free]);
}

describe('before the body: session, role and declared length', () => {
  let server: TestServer;
  let member: Client;
  let lady: Client;
  beforeAll(async () => {
    server = await startServer();
    member = await server.sessionOf('M1001');
    lady = await server.sessionOf('A2001');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses ten anonymous 21 MB uploads at once, each before its body, and closes their connections', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        holdBack(server, [MAIL_UPLOAD_PATH, MAIL_VIDEO_UPLOAD_PATH][i % 2] ?? '', { length: 21 * MB }),
      ),
    );
    for (const answer of answers) {
      expect(answer.body).toEqual({ errno: Errno.LOGIN_TIMEOUT, errmsg: Messages.loginTimeout, data: null });
      expect(answer.closed).toBe(true);
    }
  });

  it('refuses the other role before the body', async () => {
    const photo = await holdBack(server, MAIL_LADY_PHOTO_UPLOAD_PATH, { client: member, length: 4 * MB });
    expect(photo.body).toMatchObject({ errno: Errno.FORBIDDEN, errmsg: Messages.forbidden });
    expect(photo.closed).toBe(true);
    const video = await holdBack(server, MAIL_VIDEO_UPLOAD_PATH, { client: member, length: 21 * MB });
    expect(video.body.errno).toBe(Errno.FORBIDDEN);
    expect((await holdBack(server, MAIL_UPLOAD_PATH, { client: lady, length: 4 * MB })).body.errno).toBe(
      Errno.FORBIDDEN,
    );
  });

  it('answers a declared length at the cap with the kind’s too-large text, before the body', async () => {
    const video = await holdBack(server, MAIL_VIDEO_UPLOAD_PATH, { client: lady, length: 21 * MB });
    expect(video.body).toEqual({ errno: MailErrno.TOO_LARGE, errmsg: VideoMessages.tooLarge, data: null });
    expect(video.closed).toBe(true);
    for (const [path, client] of [
      [MAIL_UPLOAD_PATH, member],
      [MAIL_LADY_PHOTO_UPLOAD_PATH, lady],
    ] as const) {
      const photo = await holdBack(server, path, { client, length: PHOTO_MAX_BYTES });
      expect(photo.body).toEqual({ errno: MailErrno.TOO_LARGE, errmsg: MailMessages.tooLarge, data: null });
    }
    // Just under the cap, the body is read (and here, never finished).
    await expect(
      holdBack(server, MAIL_VIDEO_UPLOAD_PATH, {
        client: lady,
        length: VIDEO_MAX_BYTES - 1,
        first: mp4Head(VIDEO_MAX_BYTES - 1),
        waitMs: 500,
      }),
    ).rejects.toThrow(/no answer/);
  });

  it('answers other content types 415 and an empty body with the kind’s format text, in the envelope', async () => {
    for (const [type, body] of [
      ['application/json', '{"bad json'],
      ['application/json', '{}'],
      ['text/plain', 'hello'],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
      ['application/x-www-form-urlencoded', 'a=1'],
    ]) {
      const response = await fetch(`${server.url}${MAIL_VIDEO_UPLOAD_PATH}`, {
        method: 'POST',
        headers: { 'content-type': type ?? '', cookie: cookieOf(lady) },
        body,
      });
      expect(response.status, type).toBe(415);
      expect(await response.json(), type).toMatchObject({ errno: Errno.INVALID_PARAMS, data: null });
    }
    const empty = await fetch(`${server.url}${MAIL_VIDEO_UPLOAD_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', cookie: cookieOf(lady) },
    });
    expect(await empty.json()).toEqual({
      errno: MailErrno.BAD_FORMAT,
      errmsg: VideoMessages.badFormat,
      data: null,
    });
  });
});

describe.each(['local', 's3'] as const)('streaming into the %s store', (kind) => {
  let server: TestServer;
  let s3: TestS3 | undefined;
  let lady: Client;
  const stored = async (anchor: string): Promise<string[]> => {
    // On S3, a file is kept by a PUT of the whole object or by completing a multipart upload.
    const object = new RegExp(`^(PUT /glimmer-test/mail-uploads/${anchor}/[^?]*$|POST .*\\?uploadId=)`);
    if (s3) return s3.signed.filter((r) => object.test(r));
    const { readdir } = await import('node:fs/promises');
    return readdir(join(server.config.dataDir, 'mail-uploads', anchor)).catch(() => []);
  };
  beforeAll(async () => {
    s3 = kind === 's3' ? await startTestS3() : undefined;
    server = await startServer(s3 ? { config: { s3: s3.config } } : {});
    lady = await server.sessionOf('A2001');
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('cuts a body without a length off at the cap and keeps nothing of it', async () => {
    const before = await stored('A2001');
    // A valid clip's start, then more than the cap: answered at the cap, not at the end of 200 MB.
    const size = 200 * MB;
    const video = await streamed(server, MAIL_VIDEO_UPLOAD_PATH, lady, mp4Head(size), size);
    expect(video.body).toEqual({ errno: MailErrno.TOO_LARGE, errmsg: VideoMessages.tooLarge, data: null });
    expect(video.closed).toBe(true);
    expect(video.sent).toBeLessThan(VIDEO_MAX_BYTES + 20 * MB);
    const photo = await streamed(server, MAIL_LADY_PHOTO_UPLOAD_PATH, lady, Buffer.alloc(64, 1), size);
    // The first bytes show it is no picture: refused without reading to the cap.
    expect(photo.body).toMatchObject({ errno: MailErrno.BAD_FORMAT, errmsg: MailMessages.badFormat });
    expect(await stored('A2001')).toEqual(before);
    if (s3) {
      // Parts went up, and the upload was aborted rather than completed.
      expect(s3.signed.some((r) => r.includes('?partNumber=1&uploadId='))).toBe(true);
      expect(s3.signed.some((r) => r.startsWith('DELETE ') && r.includes('?uploadId='))).toBe(true);
      expect(s3.signed.some((r) => r.startsWith('POST ') && r.includes('?uploadId='))).toBe(false);
      expect(s3.refused).toEqual([]);
    }
  });

  it('streams a good body of several megabytes into the store, the same bytes', async () => {
    const head = mp4Head(12 * MB);
    const clip = Buffer.concat([head, Buffer.alloc(12 * MB - head.length)]);
    const answer = await streamed(server, MAIL_VIDEO_UPLOAD_PATH, lady, clip, clip.length);
    expect(answer.body.errno).toBe(0);
    const { video_id, mime, bytes } = answer.body.data as VideoUploadAnswer;
    expect({ mime, bytes }).toEqual({ mime: 'video/mp4', bytes: clip.length });
    const file = await server.services.mailFiles.store.get(`mail-uploads/A2001/${video_id}`);
    expect(file?.contentType).toBe('video/mp4');
    const parts: Buffer[] = [];
    for await (const part of file?.body ?? []) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(clip)).toBe(true);
    if (s3) {
      expect(s3.signed.some((r) => r.startsWith('POST ') && r.includes(`${video_id}?uploadId=`))).toBe(true);
      expect(s3.refused).toEqual([]);
    }
  });
});
