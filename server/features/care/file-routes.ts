/**
 * Care's files over HTTP: his screenshot upload (raw bytes, the mail photo rules, re-encoded without
 * metadata) and each message's screenshot, to him and to care only; anyone else gets 404.
 */
import type { FastifyInstance } from 'fastify';
import { CareApi } from '../../../protocol/care/care';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { MailMessages, PHOTO_MAX_BYTES } from '../../../protocol/mail/mail';
import { notFound, rawUpload, sendStored } from '../../http/file-routes';
import type { AppServices } from '../../http/route';

const ID = /^[1-9]\d{0,15}$/;

export function registerCareFiles(app: FastifyInstance, services: AppServices): void {
  rawUpload(app, services, {
    path: CareApi.uploadScreenshot,
    role: 'man',
    maxBytes: PHOTO_MAX_BYTES,
    texts: MailMessages,
    take: (userid, body) => services.care.uploadScreenshot(userid, body),
  });
  app.get<{ Params: { id: string } }>(`${CareApi.screenshot}/:id`, async (request, reply) => {
    const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (!session || !ID.test(request.params.id)) return notFound(reply);
    const key = await services.care.screenshotFor(session.userid, Number(request.params.id));
    if (!key) return notFound(reply);
    return sendStored(request, reply, services.care.files, key, 'image/webp', 'private, max-age=3600');
  });
}
