/**
 * Mail files over HTTP: the member's photo upload and the broadcaster's photo and video uploads (raw
 * bytes, checked by content in the domain; one route helper for the three) and the letter media and
 * uploaded photos, each served only to who may see it — a paid item only after payment. Anything
 * else answers 404 (not 403), so ids cannot be probed. Files are served with byte ranges (206,
 * Accept-Ranges, Content-Range; 416 past the end), so the video player can seek and replay; the bytes
 * come from the file store (server/files) or, for demo letters, the drawn picture and the demo clip
 * kept with the server.
 */
import type { Readable } from 'node:stream';
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
import { ok, sendFail } from './envelope';

/** Room above the 5 MB rule so a slightly larger file still gets the spec's message. */
const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 2 * 1024 * 1024;
/** The same room above the video cap. */
const VIDEO_BODY_LIMIT = VIDEO_MAX_BYTES + 2 * 1024 * 1024;

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
   * One raw-body upload route (application/octet-stream): who may call it, the body cap (413 answers
   * the kind's too-large text, the domain checks the exact rule) and the domain call that checks the
   * bytes by content and keeps them.
   */
  const rawUpload = (
    path: string,
    role: 'man' | 'lady',
    bodyLimit: number,
    texts: { tooLarge: string; badFormat: string },
    take: (userid: string, bytes: Buffer) => Promise<unknown>,
  ) =>
    void app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/octet-stream',
        { parseAs: 'buffer', bodyLimit },
        (_req, body, done) => done(null, body),
      );
      scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
        if (error.statusCode === 413) return sendFail(reply, MailErrno.TOO_LARGE, texts.tooLarge);
        return sendFail(reply, Errno.SERVER_ERROR, Messages.serverError, 500);
      });
      scope.post(path, { bodyLimit }, async (request, reply) => {
        const session = await caller(request);
        if (!session) return sendFail(reply, Errno.LOGIN_TIMEOUT, Messages.loginTimeout);
        if (session.role !== role) return sendFail(reply, Errno.FORBIDDEN, Messages.forbidden);
        if (!Buffer.isBuffer(request.body)) return sendFail(reply, MailErrno.BAD_FORMAT, texts.badFormat);
        try {
          return ok(await take(session.userid, request.body));
        } catch (error) {
          if (error instanceof ApiError) return sendFail(reply, error.errno, error.errmsg);
          throw error;
        }
      });
    });

  // A member's photo for his mail: JPEG, PNG or GIF by content, under 5 MB, 120–3600 px.
  rawUpload(MAIL_UPLOAD_PATH, 'man', UPLOAD_BODY_LIMIT, MailMessages, (userid, bytes) =>
    services.mail.upload(userid, bytes),
  );
  // A broadcaster's photo for a letter: the members' rules and texts.
  rawUpload(MAIL_LADY_PHOTO_UPLOAD_PATH, 'lady', UPLOAD_BODY_LIMIT, MailMessages, (userid, bytes) =>
    services.mail.ladyUpload(userid, 'photo', bytes),
  );
  // A broadcaster's video for a letter: WebM or MP4 by content, under VIDEO_MAX_BYTES.
  rawUpload(MAIL_VIDEO_UPLOAD_PATH, 'lady', VIDEO_BODY_LIMIT, VideoMessages, (userid, bytes) =>
    services.mail.ladyUpload(userid, 'video', bytes),
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
