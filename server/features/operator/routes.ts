/** The operator console's own calls (any operator role). */
import { OperatorApi } from '../../../protocol/operator/operator';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const operatorRoutes = [
  defineRoute({
    path: OperatorApi.me,
    auth: 'operator',
    schema: Empty,
    handler: (ctx) => ctx.services.operator.me(ctx.caller.userid),
  }),
];
