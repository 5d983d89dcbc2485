/** Say Hi calls (spec 001 §7 isCanSendSayHi; the rest ours, protocol/sayhi/sayhi.ts). */
import { SayHiApi } from '../../../protocol/sayhi/sayhi';
import {
  Empty,
  RespondSayHiBody,
  SayHiAnchorBody,
  SayHiDetailBody,
  SayHiListBody,
  SendSayHiBody,
} from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const sayHiRoutes = [
  defineRoute({
    path: SayHiApi.isCanSendSayHi,
    auth: 'man',
    schema: SayHiAnchorBody,
    async handler(ctx, body) {
      return ctx.services.sayHi.canSend(ctx.caller.userid, body.anchor_id);
    },
  }),
  defineRoute({
    path: SayHiApi.sendSayHi,
    auth: 'man',
    schema: SendSayHiBody,
    async handler(ctx, body) {
      return ctx.services.sayHi.send(ctx.caller.userid, {
        anchorId: body.anchor_id,
        greeting: body.greeting,
        theme: body.theme,
      });
    },
  }),
  defineRoute({
    path: SayHiApi.getSayHiList,
    auth: 'man',
    schema: SayHiListBody,
    async handler(ctx, body) {
      return ctx.services.sayHi.list(ctx.caller.userid, body.type, body.start, body.step);
    },
  }),
  defineRoute({
    path: SayHiApi.getSayHiDetail,
    auth: 'man',
    schema: SayHiDetailBody,
    async handler(ctx, body) {
      return ctx.services.sayHi.detail(ctx.caller.userid, body.sayid);
    },
  }),
  defineRoute({
    path: SayHiApi.ladySayHiList,
    auth: 'lady',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.sayHi.ladyList(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: SayHiApi.ladyRespondSayHi,
    auth: 'lady',
    schema: RespondSayHiBody,
    async handler(ctx, body) {
      return ctx.services.sayHi.respond(ctx.caller.userid, body.sayid, body.response);
    },
  }),
];
