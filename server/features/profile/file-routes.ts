/**
 * His profile photo over HTTP: the upload (raw bytes, checked by content and re-encoded like mail's
 * and the album's photos, EXIF stripped) and the picture itself, for signed-in callers only (a
 * broadcaster sees it on his card). An old photo's URL answers 404 once he replaced it.
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { MailMessages, PHOTO_MAX_BYTES } from '../../../protocol/mail/mail';
import { ProfileApi } from '../../../protocol/profile/profile';
import { notFound, rawUpload, sendStored } from '../../http/file-routes';
import type { AppServices } from '../../http/route';

const ID = /^[A-Za-z0-9_]{1,48}$/;
const CACHE = 'private, max-age=3600';

export function registerProfileFiles(app: FastifyInstance, services: AppServices): void {
  rawUpload(app, services, {
    path: ProfileApi.uploadMemberPhoto,
    role: 'man',
    maxBytes: PHOTO_MAX_BYTES,
    texts: MailMessages,
    take: (userid, body) => services.profiles.uploadPhoto(userid, body),
  });
  app.get<{ Params: { userid: string; photo: string } }>(
    `${ProfileApi.memberPhoto}/:userid/:photo`,
    async (request, reply) => {
      const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
      const { userid, photo } = request.params;
      if (!session || !ID.test(userid) || !ID.test(photo)) return notFound(reply);
      const file = await services.profiles.photo(userid, photo);
      if (!file) return notFound(reply);
      return sendStored(request, reply, services.profiles.files, file.key, file.mime, CACHE);
    },
  );
}
