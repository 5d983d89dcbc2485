/** The member's credit and chat-minute histories (protocol/histories/histories.ts). */

import { HistoryApi } from '../../../protocol/histories/histories';
import { HistoryPageQuery } from '../../../protocol/histories/history-schemas';
import { defineRoute } from '../../http/route';

export const historyRoutes = [
  defineRoute({
    path: HistoryApi.credit,
    method: 'GET',
    auth: 'man',
    schema: HistoryPageQuery,
    handler: (ctx, q) => ctx.services.histories.credit(ctx.caller.userid, q.start, q.step),
  }),
  defineRoute({
    path: HistoryApi.chatmin,
    method: 'GET',
    auth: 'man',
    schema: HistoryPageQuery,
    handler: (ctx, q) => ctx.services.histories.chatmin(ctx.caller.userid, q.start, q.step),
  }),
];
