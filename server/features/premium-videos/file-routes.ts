/**
 * Premium video files over HTTP: the broadcaster's uploads (raw bytes, checked by content in the
 * domain), covers (to any signed-in user while the video is listed; a demo video's is drawn) and the
 * video itself with byte ranges, only to a member who bought it or to its broadcaster. Anything else
 * answers 404 (not 403), so ids cannot be probed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { MailMessages, PHOTO_MAX_BYTES, VIDEO_MAX_BYTES, VideoMessages } from '../../../protocol/mail/mail';
import {
  PREMIUM_COVER_PATH,
  PREMIUM_COVER_UPLOAD_PATH,
  PREMIUM_PLAY_PATH,
  PREMIUM_VIDEO_UPLOAD_PATH,
} from '../../../protocol/premium-videos/premium-videos';
import {
  bufferSource,
  notFound,
  rawUpload,
  sendRanged,
  sendStored,
  storedSource,
} from '../../http/file-routes';
import type { AppServices } from '../../http/route';
import { premiumCoverSvg } from '../../media/premium-cover';
import { DEMO_VIDEO_MIME, demoVideo } from '../../media/video';

const ID = /^[A-Za-z0-9_-]{1,48}$/;
const CACHE = 'private, max-age=3600';

export function registerPremiumVideoFiles(app: FastifyInstance, services: AppServices): void {
  const premium = services.premiumVideos;
  const caller = async (request: FastifyRequest) =>
    services.sessions.resolve(request.cookies[SESSION_COOKIE]);

  rawUpload(app, services, {
    path: PREMIUM_VIDEO_UPLOAD_PATH,
    role: 'lady',
    maxBytes: VIDEO_MAX_BYTES,
    texts: VideoMessages,
    take: (userid, body) => premium.upload(userid, 'video', body),
  });
  rawUpload(app, services, {
    path: PREMIUM_COVER_UPLOAD_PATH,
    role: 'lady',
    maxBytes: PHOTO_MAX_BYTES,
    texts: MailMessages,
    take: (userid, body) => premium.upload(userid, 'cover', body),
  });

  app.get<{ Params: { id: string } }>(`${PREMIUM_COVER_PATH}/:id`, async (request, reply) => {
    const session = await caller(request);
    if (!session || !ID.test(request.params.id)) return notFound(reply);
    const cover = await premium.cover(session.userid, request.params.id);
    if (!cover || cover.kind === 'demo') return notFound(reply);
    if (cover.kind === 'drawn') {
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', CACHE)
        .header('X-Content-Type-Options', 'nosniff')
        .send(premiumCoverSvg(request.params.id, cover.title));
    }
    return sendStored(request, reply, premium.files, cover.key, cover.mime, CACHE);
  });

  app.get<{ Params: { id: string } }>(`${PREMIUM_PLAY_PATH}/:id`, async (request, reply) => {
    const session = await caller(request);
    if (!session || !ID.test(request.params.id)) return notFound(reply);
    const file = await premium.playable(session.userid, request.params.id);
    if (!file) return notFound(reply);
    if (file.kind === 'demo') {
      return sendRanged(request, reply, bufferSource(await demoVideo(), DEMO_VIDEO_MIME), CACHE);
    }
    return sendRanged(request, reply, storedSource(premium.files, file.key, file.size, file.mime), CACHE);
  });
}
