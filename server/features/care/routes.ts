/** Customer care: the member's calls and the `support` operator's. */
import { CareApi } from '../../../protocol/care/care';
import {
  CareCreateBody,
  CareOperatorListBody,
  CareOperatorReplyBody,
  CareReplyBody,
  CareThreadBody,
} from '../../../protocol/care/care-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const careRoutes = [
  defineRoute({
    path: CareApi.list,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.care.list(ctx.caller.userid),
  }),
  defineRoute({
    path: CareApi.unread,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.care.unread(ctx.caller.userid),
  }),
  defineRoute({
    path: CareApi.thread,
    auth: 'man',
    schema: CareThreadBody,
    handler: (ctx, body) => ctx.services.care.thread(ctx.caller.userid, body.thread_id),
  }),
  defineRoute({
    path: CareApi.create,
    auth: 'man',
    schema: CareCreateBody,
    handler: (ctx, body) => ctx.services.care.create(ctx.caller.userid, body),
  }),
  defineRoute({
    path: CareApi.reply,
    auth: 'man',
    schema: CareReplyBody,
    handler: (ctx, body) => ctx.services.care.reply(ctx.caller.userid, body),
  }),
  defineRoute({
    path: CareApi.operatorList,
    auth: 'operator',
    operatorRole: 'support',
    schema: CareOperatorListBody,
    handler: (ctx, body) => ctx.services.care.operatorList(body.status),
  }),
  defineRoute({
    path: CareApi.operatorThread,
    auth: 'operator',
    operatorRole: 'support',
    schema: CareThreadBody,
    handler: (ctx, body) => ctx.services.care.operatorThread(body.thread_id),
  }),
  defineRoute({
    path: CareApi.operatorReply,
    auth: 'operator',
    operatorRole: 'support',
    schema: CareOperatorReplyBody,
    handler: (ctx, body) => ctx.services.care.operatorReply(ctx.caller.userid, body.thread_id, body.message),
  }),
  defineRoute({
    path: CareApi.operatorClose,
    auth: 'operator',
    operatorRole: 'support',
    schema: CareThreadBody,
    handler: (ctx, body) => ctx.services.care.operatorClose(body.thread_id),
  }),
];
