/** Ours, beside routes.ts: his own grant of a call-me authorization, her authorizations and the calls she takes. */
import { CallMeExtraApi } from '../../../protocol/call-service/call-me-extra';
import { AddAuthorizationBody, CallTakesBody } from '../../../protocol/call-service/call-service-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const callMeExtraRoutes = [
  defineRoute({
    path: CallMeExtraApi.addAuthorization,
    auth: 'man',
    schema: AddAuthorizationBody,
    handler: (ctx, body) => ctx.services.calls.callMe.grant(ctx.caller.userid, body.anchor_id, body.message),
  }),
  defineRoute({
    path: CallMeExtraApi.ladyAuthorizations,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.calls.callMe.ladyList(ctx.caller.userid),
  }),
  defineRoute({
    path: CallMeExtraApi.ladyCallTakes,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.calls.anchors.takes(ctx.caller.userid),
  }),
  defineRoute({
    path: CallMeExtraApi.ladySaveCallTakes,
    auth: 'lady',
    schema: CallTakesBody,
    handler: (ctx, body) => ctx.services.calls.anchors.saveTakes(ctx.caller.userid, body),
  }),
];
