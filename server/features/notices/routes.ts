/** The notification centre's calls (protocol/notices/notices.ts NoticeApi). */
import { NoticeQuietBody, NoticeReadBody } from '../../../protocol/notices/notice-schemas';
import { NoticeApi } from '../../../protocol/notices/notices';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const noticeRoutes = [
  defineRoute({
    path: NoticeApi.list,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.notices.list(ctx.caller.userid),
  }),
  defineRoute({
    path: NoticeApi.quiet,
    auth: 'man',
    schema: NoticeQuietBody,
    handler: (ctx, body) => ctx.services.notices.setQuiet(ctx.caller.userid, body.minutes),
  }),
  defineRoute({
    path: NoticeApi.read,
    auth: 'man',
    schema: NoticeReadBody,
    handler: (ctx, body) => ctx.services.notices.markRead(ctx.caller.userid, body.keys),
  }),
];
