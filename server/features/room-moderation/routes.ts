/** Room moderation's calls (protocol/live/room-moderation.ts RoomModerationApi). */
import { RoomModerationApi } from '../../../protocol/live/room-moderation';
import {
  BanBody,
  HisModerationBody,
  ModerateBody,
  MuteBody,
  SlowModeBody,
} from '../../../protocol/live/room-moderation-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const roomModerationRoutes = [
  defineRoute({
    path: RoomModerationApi.mute,
    auth: 'lady',
    schema: MuteBody,
    handler: (ctx, body) =>
      ctx.services.roomModeration.mute(ctx.caller.userid, body.user_id, body.mute === 1),
  }),
  defineRoute({
    path: RoomModerationApi.remove,
    auth: 'lady',
    schema: ModerateBody,
    handler: (ctx, body) => ctx.services.roomModeration.remove(ctx.caller.userid, body.user_id),
  }),
  defineRoute({
    path: RoomModerationApi.ban,
    auth: 'lady',
    schema: BanBody,
    handler: (ctx, body) => ctx.services.roomModeration.ban(ctx.caller.userid, body.user_id, body.scope),
  }),
  defineRoute({
    path: RoomModerationApi.unban,
    auth: 'lady',
    schema: ModerateBody,
    handler: (ctx, body) => ctx.services.roomModeration.unban(ctx.caller.userid, body.user_id),
  }),
  defineRoute({
    path: RoomModerationApi.slowMode,
    auth: 'lady',
    schema: SlowModeBody,
    handler: (ctx, body) => ctx.services.roomModeration.setSlowMode(ctx.caller.userid, body.seconds),
  }),
  defineRoute({
    path: RoomModerationApi.mine,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.roomModeration.mine(ctx.caller.userid),
  }),
  defineRoute({
    path: RoomModerationApi.his,
    auth: 'man',
    schema: HisModerationBody,
    handler: (ctx, body) => ctx.services.roomModeration.his(ctx.caller.userid, body.anchor_id),
  }),
];
