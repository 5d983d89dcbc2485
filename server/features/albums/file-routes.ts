/**
 * Album files over HTTP: her photo and video uploads (raw bytes, checked by content in the domain,
 * with the mail rules and texts) and each item's picture, clip and locked preview. What the caller
 * may not see answers 404 (not 403), like mail's files, so ids cannot be probed. Files are served
 * with byte ranges (./file-routes), so the video player can seek; a demo item's picture is drawn and
 * its clip is the demo clip kept with the server.
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { MailMessages, PHOTO_MAX_BYTES, VIDEO_MAX_BYTES, VideoMessages } from '../../../protocol/mail/mail';
import { Api } from '../../../protocol/paths';
import { bufferSource, notFound, rawUpload, sendRanged, sendStored } from '../../http/file-routes';
import type { AppServices } from '../../http/route';
import { DEMO_VIDEO_MIME, demoVideo } from '../../media/video';

const ID = /^[A-Za-z0-9_-]{1,48}$/;
/** Short: a private item she makes public, or the reverse, must not stay cached long. */
const CACHE = 'private, max-age=300';

export function registerAlbumFiles(app: FastifyInstance, services: AppServices): void {
  rawUpload(app, services, {
    path: Api.ladyUploadAlbumPhoto,
    role: 'lady',
    maxBytes: PHOTO_MAX_BYTES,
    texts: MailMessages,
    take: (userid, body) => services.albums.upload(userid, 'photo', body),
  });
  rawUpload(app, services, {
    path: Api.ladyUploadAlbumVideo,
    role: 'lady',
    maxBytes: VIDEO_MAX_BYTES,
    texts: VideoMessages,
    take: (userid, body) => services.albums.upload(userid, 'video', body),
  });

  app.get<{ Params: { id: string; size: string } }>(`${Api.albumMedia}/:id/:size`, async (request, reply) => {
    const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (!session || !ID.test(request.params.id)) return notFound(reply);
    const media = await services.albums.media(session, request.params.id, request.params.size);
    if (!media) return notFound(reply);
    if ('svg' in media) {
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', CACHE)
        .header('X-Content-Type-Options', 'nosniff')
        .send(media.svg);
    }
    if ('demoClip' in media) {
      return sendRanged(request, reply, bufferSource(await demoVideo(), DEMO_VIDEO_MIME), CACHE);
    }
    const { key, mime } = media.file;
    return sendStored(request, reply, services.albums.files, key, mime, CACHE);
  });
}
