/**
 * What every file route shares: raw-body uploads (the bytes stream to the domain, which checks them
 * by content as they come) and answers with byte ranges (206, Accept-Ranges, Content-Range; 416 past
 * the end), so a video player can seek and replay; and stored pictures in the width a client asks
 * for (`?w=`, see protocol/images). Used by mail's files, shots, albums and premium videos.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../protocol/envelope';
import { Errno, Messages } from '../../protocol/errors';
import { IMAGE_WIDTH_PARAM } from '../../protocol/images';
import { MailErrno } from '../../protocol/mail/mail';
import { ApiError } from '../core/errors';
import type { FileStore } from '../files';
import { askedWidth, renditionKey } from '../files/images';
import { parseRange } from '../files/range';
import type { ByteRange } from '../files/store';
import { invalid, ok, sendFail } from './envelope';
import type { AppServices } from './route';

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
/** The content type without its parameters, as in `application/octet-stream; charset=…`. */
const mediaType = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();

/** A file to serve: its size and type, and its bytes (or a range of them) on demand. */
export interface Source {
  size: number;
  mime: string;
  open(range?: ByteRange): Promise<Readable | Buffer | undefined>;
}

/** A file in the store. */
export const storedSource = (files: FileStore, key: string, size: number, mime: string): Source => ({
  size,
  mime,
  open: async (range) => (await files.get(key, range))?.body,
});

/** Bytes held in memory (the demo clip). */
export const bufferSource = (bytes: Buffer, mime: string): Source => ({
  size: bytes.length,
  mime,
  open: async (r) => (r ? bytes.subarray(r.start, r.end + 1) : bytes),
});

export const notFound = (reply: FastifyReply) =>
  reply.code(404).type('text/plain; charset=utf-8').send('Not found');

/** Answers GET/HEAD for `source` honouring one Range: 200 whole, 206 part, 416 past the end. */
export async function sendRanged(
  request: FastifyRequest,
  reply: FastifyReply,
  source: Source,
  cache: string,
) {
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', cache)
    .header('X-Content-Type-Options', 'nosniff')
    .type(source.mime);
  // A conditional range (If-Range) is answered whole: these files carry no validator to match.
  const header = request.headers['if-range'] ? undefined : request.headers.range;
  const asked = parseRange(header, source.size);
  if (asked.kind === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${source.size}`)
      .type('text/plain; charset=utf-8')
      .send('Range not satisfiable');
  }
  const range = asked.kind === 'part' ? asked.range : undefined;
  const body = await source.open(range);
  if (body === undefined) return notFound(reply);
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${source.size}`);
  }
  const length = range ? range.end - range.start + 1 : source.size;
  return reply.header('Content-Length', String(length)).send(body);
}

/**
 * A file in the store: with `?w=`, the picture's rendition that covers that width, else (a video, a
 * file kept before pictures had widths) the file itself. The type the store kept wins over `mime`.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  key: string,
  mime: string,
  cache: string,
) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const width = askedWidth(query[IMAGE_WIDTH_PARAM]);
  for (const k of width ? [renditionKey(key, width), key] : [key]) {
    const stored = await files.exists(k);
    if (!stored) continue;
    const source = storedSource(files, k, stored.size, stored.contentType ?? mime);
    return sendRanged(request, reply, source, cache);
  }
  return notFound(reply);
}

export interface RawUpload {
  path: string;
  role: 'man' | 'lady';
  /** A declared length at this size is refused before the body is read. */
  maxBytes: number;
  texts: { tooLarge: string; badFormat: string };
  /** The domain call that streams the bytes into the store, checking them as they come. */
  take(userid: string, body: AsyncIterable<Uint8Array>): Promise<unknown>;
}

/**
 * One raw-body upload route (application/octet-stream). The session, the role, a declared length at
 * the cap and the content type are checked before one byte of the body is read; every refusal before
 * the body's end closes the connection, so the rest of the body is never read.
 */
export function rawUpload(app: FastifyInstance, services: AppServices, upload: RawUpload): void {
  const { path, role, maxBytes, texts, take } = upload;
  void app.register(async (scope) => {
    // The body stays a stream: the domain reads it into the store as it arrives.
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    const uploaders = new WeakMap<FastifyRequest, string>();
    const refuse = (reply: FastifyReply, errno: number, errmsg: string, status = 200) =>
      sendFail(reply.header('connection', 'close'), errno, errmsg, status);
    scope.addHook('onRequest', async (request, reply) => {
      const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
      if (!session) return refuse(reply, Errno.LOGIN_TIMEOUT, Messages.loginTimeout);
      if (session.role !== role) return refuse(reply, Errno.FORBIDDEN, Messages.forbidden);
      if (Number(request.headers['content-length']) >= maxBytes) {
        return refuse(reply, MailErrno.TOO_LARGE, texts.tooLarge);
      }
      if (hasBody(request) && mediaType(request) !== 'application/octet-stream') {
        return refuse(reply, Errno.INVALID_PARAMS, invalid('unsupported content type'), 415);
      }
      uploaders.set(request, session.userid);
    });
    scope.post(path, async (request, reply) => {
      const userid = uploaders.get(request);
      const body = request.body;
      if (!userid || !(body instanceof Readable))
        return sendFail(reply, MailErrno.BAD_FORMAT, texts.badFormat);
      try {
        // Stopping early must not destroy the request: its answer still has to go out.
        return ok(
          await take(userid, { [Symbol.asyncIterator]: () => body.iterator({ destroyOnReturn: false }) }),
        );
      } catch (error) {
        if (!request.raw.complete) reply.header('connection', 'close');
        if (error instanceof ApiError) return sendFail(reply, error.errno, error.errmsg);
        // The client went away, or sent too slowly: nobody is left to answer.
        if (request.raw.destroyed)
          return sendFail(reply, Errno.INVALID_PARAMS, invalid('the body could not be read'), 400);
        throw error;
      }
    });
  });
}
