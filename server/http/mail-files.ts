/**
 * Mail files over HTTP: the photo upload (raw bytes, checked by content in the domain) and the letter
 * media and uploaded photos, each served only to who may see it — a paid item only after payment.
 * Anything else answers 404 (not 403), so ids cannot be probed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../protocol/envelope';
import { Errno, Messages } from '../../protocol/errors';
import {
  MAIL_MEDIA_PATH,
  MAIL_PHOTO_PATH,
  MAIL_UPLOAD_PATH,
  MailErrno,
  MailMessages,
  PHOTO_MAX_BYTES,
} from '../../protocol/mail';
import type { Services } from '../domain';
import { ApiError } from '../domain/errors';
import { letterPhotoSvg, lockedSvg, videoSvg } from '../media/letter';
import { ok, sendFail } from './envelope';

/** Room above the 5 MB rule so a slightly larger file still gets the spec's message. */
const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 2 * 1024 * 1024;
const ID = /^[A-Za-z0-9_-]{1,48}$/;

export function registerMailFiles(app: FastifyInstance, services: Services): void {
  const caller = async (request: FastifyRequest) =>
    services.sessions.resolve(request.cookies[SESSION_COOKIE]);
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  const svg = (reply: FastifyReply, body: string) =>
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      if (error.statusCode === 413) return sendFail(reply, MailErrno.TOO_LARGE, MailMessages.tooLarge);
      return sendFail(reply, Errno.SERVER_ERROR, Messages.serverError, 500);
    });
    scope.post(MAIL_UPLOAD_PATH, { bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply) => {
      const session = await caller(request);
      if (!session) return sendFail(reply, Errno.LOGIN_TIMEOUT, Messages.loginTimeout);
      if (session.role !== 'man') return sendFail(reply, Errno.FORBIDDEN, Messages.forbidden);
      if (!Buffer.isBuffer(request.body))
        return sendFail(reply, MailErrno.BAD_FORMAT, MailMessages.badFormat);
      try {
        return ok(await services.mail.upload(session.userid, request.body));
      } catch (error) {
        if (error instanceof ApiError) return sendFail(reply, error.errno, error.errmsg);
        throw error;
      }
    });
  });

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
      if (size === 'video' && item.isVideo) return svg(reply, videoSvg(`${emf}${rid}`));
      if (size === 'origin')
        return svg(reply, item.isVideo ? videoSvg(`${emf}${rid}`) : letterPhotoSvg(`${emf}${rid}`));
      return notFound(reply);
    },
  );

  app.get<{ Params: { id: string } }>(`${MAIL_PHOTO_PATH}/:id`, async (request, reply) => {
    const session = await caller(request);
    if (!session || !ID.test(request.params.id)) return notFound(reply);
    const file = await services.mail.photoFile(session.userid, request.params.id);
    if (!file) return notFound(reply);
    return reply
      .type(file.mime)
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.bytes);
  });
}
