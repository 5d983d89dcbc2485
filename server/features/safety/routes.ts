/** Safety's calls (protocol/safety/safety.ts SafetyApi): his blocks and reports, the trust team's queue. */
import { SafetyApi } from '../../../protocol/safety/safety';
import {
  SafetyBlockBody,
  SafetyHandleBody,
  SafetyReportBody,
  SafetyStatusBody,
} from '../../../protocol/safety/safety-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const safetyRoutes = [
  defineRoute({
    path: SafetyApi.block,
    auth: 'man',
    schema: SafetyBlockBody,
    handler: (ctx, body) => ctx.services.safety.setBlock(ctx.caller.userid, body.anchor_id, body.block === 1),
  }),
  defineRoute({
    path: SafetyApi.blockList,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.safety.blockList(ctx.caller.userid),
  }),
  defineRoute({
    path: SafetyApi.status,
    auth: 'man',
    schema: SafetyStatusBody,
    handler: (ctx, body) => ctx.services.safety.status(ctx.caller.userid, body.anchor_id),
  }),
  defineRoute({
    path: SafetyApi.report,
    auth: 'man',
    schema: SafetyReportBody,
    handler: (ctx, body) =>
      ctx.services.safety.report(ctx.caller.userid, body.anchor_id, body.reason, body.text),
  }),
  defineRoute({
    path: SafetyApi.operatorReports,
    auth: 'operator',
    operatorRole: 'trust',
    schema: Empty,
    handler: (ctx) => ctx.services.safety.openReports(),
  }),
  defineRoute({
    path: SafetyApi.operatorHandle,
    auth: 'operator',
    operatorRole: 'trust',
    schema: SafetyHandleBody,
    handler: (ctx, body) => ctx.services.safety.handle(ctx.caller.userid, body.report_id, body.note),
  }),
];
