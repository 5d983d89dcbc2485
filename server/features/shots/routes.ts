/** Her shots: getDynamic, setLike, cancelLike (spec 001 §7) and her own calls (ours, docs/api.md "Shots"). */
import { Api } from '../../../protocol/paths';
import {
  AddDynamicBody,
  DynamicIdBody,
  GetDynamicBody,
  LadyDynamicListBody,
} from '../../../protocol/shots/shot-schemas';
import { defineRoute } from '../../http/route';

export const shotRoutes = [
  defineRoute({
    path: Api.getDynamic,
    auth: 'user',
    schema: GetDynamicBody,
    async handler(ctx, body) {
      return ctx.services.shots.list(ctx.caller, body.anchor_id, body.type);
    },
  }),
  defineRoute({
    path: Api.setLike,
    auth: 'man',
    schema: DynamicIdBody,
    async handler(ctx, body) {
      return ctx.services.shots.setLike(ctx.caller.userid, body.dynamic_id, true);
    },
  }),
  defineRoute({
    path: Api.cancelLike,
    auth: 'man',
    schema: DynamicIdBody,
    async handler(ctx, body) {
      return ctx.services.shots.setLike(ctx.caller.userid, body.dynamic_id, false);
    },
  }),
  defineRoute({
    path: Api.ladyDynamicList,
    auth: 'lady',
    schema: LadyDynamicListBody,
    async handler(ctx) {
      return ctx.services.shots.ladyList(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: Api.ladyAddDynamic,
    auth: 'lady',
    schema: AddDynamicBody,
    async handler(ctx, body) {
      return ctx.services.shots.add(ctx.caller.userid, body);
    },
  }),
  defineRoute({
    path: Api.ladyDeleteDynamic,
    auth: 'lady',
    schema: DynamicIdBody,
    async handler(ctx, body) {
      return ctx.services.shots.delete(ctx.caller.userid, body.dynamic_id);
    },
  }),
];
