/**
 * Mail files over HTTP: the member's photo upload and the broadcaster's photo and video uploads (raw
 * bytes, checked by content in the domain; one route helper for the three) and the letter media and
 * uploaded photos, each served only to who may see it — a paid item only after payment. Anything
 * else answers 404 (not 403), so ids cannot be probed. Files are served with byte ranges (206,
 * Accept-Ranges, Content-Range; 416 past the end), so the video player can seek and replay; the bytes
 * come from the file store (server/files) or, for demo letters, the drawn picture and the demo clip
 * kept with the server.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../protocol/envelope';
import { Errno, Messages } from '../../protocol/errors';
import {
  MAIL_LADY_PHOTO_UPLOAD_PATH,
  MAIL_MEDIA_PATH,
  MAIL_PHOTO_PATH,
  MAIL_UPLOAD_PATH,
  MAIL_VIDEO_UPLOAD_PATH,
  MailErrno,
  MailMessages,
  PHOTO_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VideoMessages,
} from '../../protocol/mail';
import type { Services } from '../domain';
import { ApiError } from '../domain/errors';
import { parseRange } from '../files/range';
import type { ByteRange } from '../files/store';
import { letterPhotoSvg, lockedSvg, videoSvg } from '../media/letter';
import { DEMO_VIDEO_MIME, demoVideo } from '../media/video';
import { invalid, ok, sendFail } from './envelope';

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
/** The content type without its parameters, as in `application/octet-stream; charset=…`. */
const mediaType = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();

/** A file to serve: its size and type, and its bytes (or a range of them) on demand. */
interface Source {
  size: number;
  mime: string;
  open(range?: ByteRange): Promise<Readable | Buffer | undefined>;
}

/** Answers GET/HEAD for `source` honouring one Range: 200 whole, 206 part, 416 past the end. */
async function sendRanged(request: FastifyRequest, reply: FastifyReply, source: Source, cache: string) {
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
  if (body === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  if (range) {
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${source.size}`);
  }
  const length = range ? range.end - range.start + 1 : source.size;
  return reply.header('Content-Length', String(length)).send(body);
}
const ID = /^[A-Za-z0-9_-]{1,48}$/;

export function registerMailFiles(app: FastifyInstance, services: Services): void {
  const caller = async (request: FastifyRequest) =>
    services.sessions.resolve(request.cookies[SESSION_COOKIE]);
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  const files = services.mail.files;
  const stored = (key: string, size: number, mime: string): Source => ({
    size,
    mime,
    open: async (range) => (await files.get(key, range))?.body,
  });
  const svg = (reply: FastifyReply, body: string) =>
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);

  /**
   * One raw-body upload route (application/octet-stream): who may call it, the kind's size cap and
   * texts, and the domain call that streams the bytes into the store, checking them by content as
   * they come. The session, the role, a declared length at the cap and the content type are checked
   * before one byte of the body is read; every refusal before the body's end closes the connection,
   * so the rest of the body is never read.
   */
  const rawUpload = (
    path: string,
    role: 'man' | 'lady',
    maxBytes: number,
    texts: { tooLarge: string; badFormat: string },
    take: (userid: string, body: AsyncIterable<Uint8Array>) => Promise<unknown>,
  ) =>
    void app.register(async (scope) => {
      // The body stays a stream: the domain reads it into the store as it arrives.
      scope.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
        done(null, payload),
      );
      const uploaders = new WeakMap<FastifyRequest, string>();
      const refuse = (reply: FastifyReply, errno: number, errmsg: string, status = 200) =>
        sendFail(reply.header('connection', 'close'), errno, errmsg, status);
      scope.addHook('onRequest', async (request, reply) => {
        const session = await caller(request);
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

  // A member's photo for his mail: JPEG, PNG or GIF by content, under 5 MB, 120–3600 px.
  rawUpload(MAIL_UPLOAD_PATH, 'man', PHOTO_MAX_BYTES, MailMessages, (userid, body) =>
    services.mail.upload(userid, body),
  );
  // A broadcaster's photo for a letter: the members' rules and texts.
  rawUpload(MAIL_LADY_PHOTO_UPLOAD_PATH, 'lady', PHOTO_MAX_BYTES, MailMessages, (userid, body) =>
    services.mail.ladyUpload(userid, 'photo', body),
  );
  // A broadcaster's video for a letter: WebM or MP4 by content, under VIDEO_MAX_BYTES.
  rawUpload(MAIL_VIDEO_UPLOAD_PATH, 'lady', VIDEO_MAX_BYTES, VideoMessages, (userid, body) =>
    services.mail.ladyUpload(userid, 'video', body),
  );

  app.get<{ Params: { emf: string; rid: string; size: string } }>(
    `${MAIL_MEDIA_PATH}/:emf/:rid/:size`,
    async (request, reply) => {
      const { emf, rid, size } = request.params;
      const session = await caller(request);
      if (!session || !ID.test(emf) || !ID.test(rid)) return notFound(reply);
      if (size === 'small') {
        const item = await services.mail.mediaExists(session.userid, emf, rid);
        return item ? svg(reply, lockedSvg(rid, item.isVideo)) : notFound(reply);
      }
      const item = await services.mail.mayOpen(session.userid, emf, rid);
      if (!item) return notFound(reply);
      if (size === 'video' && item.isVideo) {
        const source = await services.mail.mediaSource(item);
        if (source === 'demo') {
          const clip = await demoVideo();
          return sendRanged(
            request,
            reply,
            {
              size: clip.length,
              mime: DEMO_VIDEO_MIME,
              open: async (r) => (r ? clip.subarray(r.start, r.end + 1) : clip),
            },
            'private, max-age=3600',
          );
        }
        const mime = source.contentType ?? DEMO_VIDEO_MIME;
        return sendRanged(request, reply, stored(source.key, source.size, mime), 'private, max-age=3600');
      }
      if (size === 'origin') {
        if (item.isVideo) return svg(reply, videoSvg(`${emf}${rid}`));
        // Her uploaded picture from the store; a demo item's is drawn.
        const source = await services.mail.mediaSource(item);
        if (source === 'demo') return svg(reply, letterPhotoSvg(`${emf}${rid}`));
        const mime = source.contentType ?? 'application/octet-stream';
        return sendRanged(request, reply, stored(source.key, source.size, mime), 'private, max-age=3600');
      }
      return notFound(reply);
    },
  );

  app.get<{ Params: { id: string } }>(`${MAIL_PHOTO_PATH}/:id`, async (request, reply) => {
    const session = await caller(request);
    if (!session || !ID.test(request.params.id)) return notFound(reply);
    const file = await services.mail.photoFile(session.userid, request.params.id);
    const info = file && (await files.exists(file.key));
    if (!file || !info) return notFound(reply);
    return sendRanged(request, reply, stored(file.key, info.size, file.mime), 'private, max-age=86400');
  });
}
