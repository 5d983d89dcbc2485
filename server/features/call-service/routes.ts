/** The call service's calls (protocol/call-service): his under /pman/callService, hers under /lady/v1. */

import type { CallType } from '../../../protocol/call-service/call-service';
import { CallServiceApi } from '../../../protocol/call-service/call-service';
import {
  AskCallMeBody,
  CallAnchorBody,
  CallListBody,
  CallMeListBody,
  CallMessageBody,
  CallRefBody,
  CallSettingsBody,
  MakeCallBody,
  ScheduleCallBody,
} from '../../../protocol/call-service/call-service-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';
import { standInRoutes } from './stand-in-routes';

export const callServiceRoutes = [
  defineRoute({
    path: CallServiceApi.sendInstantCall,
    auth: 'man',
    schema: CallAnchorBody,
    handler: (ctx, body) => ctx.services.calls.orders.sendInstant(ctx.caller.userid, body.anchor_id),
  }),
  defineRoute({
    path: CallServiceApi.sendScheduleCall,
    auth: 'man',
    schema: ScheduleCallBody,
    handler: (ctx, body) =>
      ctx.services.calls.orders.sendScheduled(
        ctx.caller.userid,
        body.anchor_id,
        body.scheduled_time,
        body.message,
      ),
  }),
  defineRoute({
    path: CallServiceApi.addMessage,
    auth: 'man',
    schema: CallMessageBody,
    handler: (ctx, body) =>
      ctx.services.calls.orders.addMessage(ctx.caller.userid, body.ref_no, body.message),
  }),
  defineRoute({
    path: CallServiceApi.acceptRequest,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.callMe.accept(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.declineRequest,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.callMe.decline(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.revokeAuthorization,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.callMe.revoke(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.removeAuthorization,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.callMe.remove(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.makeCall,
    auth: 'man',
    schema: MakeCallBody,
    handler: (ctx, body) =>
      ctx.services.calls.flow.makeCall(ctx.caller.userid, body.ref_no, body.redial === 1),
  }),
  defineRoute({
    path: CallServiceApi.confirmCall,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.flow.confirmCall(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.getCallStatus,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.flow.status(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.callList,
    auth: 'man',
    schema: CallListBody,
    handler: (ctx, body) => ctx.services.calls.orders.list(ctx.caller.userid, body.call_type as CallType),
  }),
  defineRoute({
    path: CallServiceApi.callDetail,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.orders.detail(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.anchorList,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.calls.anchors.anchors(ctx.caller.userid),
  }),
  defineRoute({
    path: CallServiceApi.callTimes,
    auth: 'man',
    schema: CallAnchorBody,
    async handler(ctx, body) {
      return { times: await ctx.services.calls.orders.freeTimes(ctx.caller.userid, body.anchor_id) };
    },
  }),
  defineRoute({
    path: CallServiceApi.callMeList,
    auth: 'man',
    schema: CallMeListBody,
    handler: (ctx, body) => ctx.services.calls.callMe.list(ctx.caller.userid, body.status),
  }),
  defineRoute({
    path: CallServiceApi.callMeDetail,
    auth: 'man',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.callMe.detail(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.counters,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      const { calls } = ctx.services;
      const { list: _list, ...callme } = await calls.callMe.list(ctx.caller.userid, 'all');
      return { ...(await calls.orders.counts(ctx.caller.userid)), ...callme };
    },
  }),
  // ---- Her side.
  defineRoute({
    path: CallServiceApi.ladyRequests,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.calls.orders.ladyList(ctx.caller.userid),
  }),
  defineRoute({
    path: CallServiceApi.ladyAccept,
    auth: 'lady',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.orders.accept(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.ladyDecline,
    auth: 'lady',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.orders.decline(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.ladyAskCallMe,
    auth: 'lady',
    schema: AskCallMeBody,
    handler: (ctx, body) => ctx.services.calls.callMe.ask(ctx.caller.userid, body.man_id, body.message),
  }),
  defineRoute({
    path: CallServiceApi.ladyCallOnAuthorization,
    auth: 'lady',
    schema: CallRefBody,
    handler: (ctx, body) => ctx.services.calls.callOnAuthorization(ctx.caller.userid, body.ref_no),
  }),
  defineRoute({
    path: CallServiceApi.ladySettings,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.calls.anchors.settings(ctx.caller.userid),
  }),
  defineRoute({
    path: CallServiceApi.ladySaveSettings,
    auth: 'lady',
    schema: CallSettingsBody,
    handler: (ctx, body) => ctx.services.calls.anchors.saveSettings(ctx.caller.userid, body),
  }),
  // ---- The local call center's phones (a `dev` operator's, development tools only).
  ...standInRoutes,
];
