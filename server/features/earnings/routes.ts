/** Her earnings (protocol/earnings/earnings.ts): broadcasters only. */
import { EarningsApi } from '../../../protocol/earnings/earnings';
import { EarningsQuery } from '../../../protocol/earnings/earnings-schemas';
import { defineRoute } from '../../http/route';

export const earningsRoutes = [
  defineRoute({
    path: EarningsApi.mine,
    method: 'GET',
    auth: 'lady',
    schema: EarningsQuery,
    handler: (ctx, q) => ctx.services.earnings.mine(ctx.caller.userid, q.since, q.room_id),
  }),
];
