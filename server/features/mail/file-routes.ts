/**
 * Mail files over HTTP: the member's photo upload and the broadcaster's photo and video uploads (raw
 * bytes, checked by content in the domain) and the letter media and uploaded photos, each served
 * only to who may see it — a paid item only after payment. Anything else answers 404 (not 403), so
 * ids cannot be probed. Files are served with byte ranges (./file-routes), so the video player can
 * seek and replay; the bytes come from the file store (server/files) or, for demo letters, the drawn
 * picture and the demo clip kept with the server.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import {
  MAIL_LADY_PHOTO_UPLOAD_PATH,
  MAIL_MEDIA_PATH,
  MAIL_PHOTO_PATH,
  MAIL_UPLOAD_PATH,
  MAIL_VIDEO_UPLOAD_PATH,
  MailMessages,
  PHOTO_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VideoMessages,
} from '../../../protocol/mail/mail';
import {
  bufferSource,
  notFound,
  rawUpload,
  sendRanged,
  sendStored,
  storedSource,
} from '../../http/file-routes';
import type { AppServices } from '../../http/route';
import { letterPhotoSvg, lockedSvg, videoSvg } from '../../media/letter';
import { DEMO_VIDEO_MIME, demoVideo } from '../../media/video';

const ID = /^[A-Za-z0-9_-]{1,48}$/;

export function registerMailFiles(app: FastifyInstance, services: AppServices): void {
  const caller = async (request: FastifyRequest) =>
    services.sessions.resolve(request.cookies[SESSION_COOKIE]);
  const files = services.mailFiles.store;
  const stored = (key: string, size: number, mime: string) => storedSource(files, key, size, mime);
  const svg = (reply: FastifyReply, body: string) =>
    reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);

  // A member's photo for his mail: JPEG, PNG or GIF by content, under 5 MB, 120–3600 px.
  rawUpload(app, services, {
    path: MAIL_UPLOAD_PATH,
    role: 'man',
    maxBytes: PHOTO_MAX_BYTES,
    texts: MailMessages,
    take: (userid, body) => services.mailFiles.upload(userid, body),
  });
  // A broadcaster's photo for a letter: the members' rules and texts.
  rawUpload(app, services, {
    path: MAIL_LADY_PHOTO_UPLOAD_PATH,
    role: 'lady',
    maxBytes: PHOTO_MAX_BYTES,
    texts: MailMessages,
    take: (userid, body) => services.mailFiles.ladyUpload(userid, 'photo', body),
  });
  // A broadcaster's video for a letter: WebM or MP4 by content, under VIDEO_MAX_BYTES.
  rawUpload(app, services, {
    path: MAIL_VIDEO_UPLOAD_PATH,
    role: 'lady',
    maxBytes: VIDEO_MAX_BYTES,
    texts: VideoMessages,
    take: (userid, body) => services.mailFiles.ladyUpload(userid, 'video', body),
  });

  app.get<{ Params: { emf: string; rid: string; size: string } }>(
    `${MAIL_MEDIA_PATH}/:emf/:rid/:size`,
    async (request, reply) => {
      const { emf, rid, size } = request.params;
      const session = await caller(request);
      if (!session || !ID.test(emf) || !ID.test(rid)) return notFound(reply);
      if (size === 'small') {
        const item = await services.mailFiles.mediaExists(session.userid, emf, rid);
        return item ? svg(reply, lockedSvg(rid, item.isVideo)) : notFound(reply);
      }
      const item = await services.mailFiles.mayOpen(session.userid, emf, rid);
      if (!item) return notFound(reply);
      if (size === 'video' && item.isVideo) {
        const source = await services.mailFiles.mediaSource(item);
        if (source === 'demo') {
          const clip = await demoVideo();
          return sendRanged(request, reply, bufferSource(clip, DEMO_VIDEO_MIME), 'private, max-age=3600');
        }
        const mime = source.contentType ?? DEMO_VIDEO_MIME;
        return sendRanged(request, reply, stored(source.key, source.size, mime), 'private, max-age=3600');
      }
      if (size === 'origin') {
        if (item.isVideo) return svg(reply, videoSvg(`${emf}${rid}`));
        // Her uploaded picture from the store; a demo item's is drawn.
        const source = await services.mailFiles.mediaSource(item);
        if (source === 'demo') return svg(reply, letterPhotoSvg(`${emf}${rid}`));
        const mime = source.contentType ?? 'application/octet-stream';
        return sendStored(request, reply, files, source.key, mime, 'private, max-age=3600');
      }
      return notFound(reply);
    },
  );

  app.get<{ Params: { id: string } }>(`${MAIL_PHOTO_PATH}/:id`, async (request, reply) => {
    const session = await caller(request);
    if (!session || !ID.test(request.params.id)) return notFound(reply);
    const file = await services.mailFiles.photoFile(session.userid, request.params.id);
    if (!file) return notFound(reply);
    return sendStored(request, reply, files, file.key, file.mime, 'private, max-age=86400');
  });
}
