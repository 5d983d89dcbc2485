/** Hang-out rooms (protocol/hangouts/hangout.ts): the member's calls, the host's and her friends'. */
import { HangoutApi } from '../../../protocol/hangouts/hangout';
import {
  HangoutAnchorBody,
  HangoutAnswerBody,
  HangoutCameraBody,
  HangoutChatBody,
  HangoutFriendBody,
  HangoutKnockBody,
  HangoutRoomBody,
  HangoutStartBody,
  HangoutWatchBody,
} from '../../../protocol/hangouts/hangout-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const hangoutRoutes = [
  defineRoute({
    path: HangoutApi.hangoutingAnchors,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.hangouts.lists.hangouting(),
  }),
  defineRoute({
    path: HangoutApi.friends,
    auth: 'user',
    schema: HangoutAnchorBody,
    handler: (ctx, body) => ctx.services.hangouts.lists.friends(body.anchorid),
  }),
  defineRoute({
    path: HangoutApi.status,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.hangouts.lists.status(ctx.caller.userid),
  }),
  defineRoute({
    path: HangoutApi.enter,
    auth: 'man',
    schema: HangoutAnchorBody,
    handler: (ctx, body) => ctx.services.hangouts.enter(ctx.caller.userid, body.anchorid),
  }),
  defineRoute({
    path: HangoutApi.leave,
    auth: 'man',
    schema: HangoutRoomBody,
    handler: (ctx, body) => ctx.services.hangouts.leave(ctx.caller.userid, body.room_id),
  }),
  defineRoute({
    path: HangoutApi.camera,
    auth: 'man',
    schema: HangoutCameraBody,
    handler: (ctx, body) => ctx.services.hangouts.camera(ctx.caller.userid, body.room_id, body.sdp),
  }),
  defineRoute({
    path: HangoutApi.cameraOff,
    auth: 'man',
    schema: HangoutRoomBody,
    handler: (ctx, body) => ctx.services.hangouts.cameraOff(ctx.caller.userid, body.room_id),
  }),
  defineRoute({
    path: HangoutApi.watch,
    auth: 'user',
    schema: HangoutWatchBody,
    handler: (ctx, body) => ctx.services.hangouts.watch(ctx.caller.userid, body.room_id, body.anchor_id),
  }),
  defineRoute({
    path: HangoutApi.answer,
    auth: 'user',
    schema: HangoutAnswerBody,
    handler: (ctx, body) => ctx.services.hangouts.answer(ctx.caller.userid, body.viewer_id, body.sdp),
  }),
  defineRoute({
    path: HangoutApi.chat,
    auth: 'user',
    schema: HangoutChatBody,
    handler: (ctx, body) => ctx.services.hangouts.chat(ctx.caller.userid, body.room_id, body.text),
  }),
  defineRoute({
    path: HangoutApi.room,
    auth: 'user',
    schema: HangoutRoomBody,
    handler: (ctx, body) => ctx.services.hangouts.room(ctx.caller.userid, body.room_id),
  }),
  defineRoute({
    path: HangoutApi.start,
    auth: 'lady',
    schema: HangoutStartBody,
    handler: (ctx, body) => ctx.services.hangouts.host.start(ctx.caller.userid, body.invite_id, body.sdp),
  }),
  defineRoute({
    path: HangoutApi.invite,
    auth: 'lady',
    schema: HangoutFriendBody,
    handler: (ctx, body) =>
      ctx.services.hangouts.host.invite(ctx.caller.userid, body.room_id, body.anchor_id),
  }),
  defineRoute({
    path: HangoutApi.knock,
    auth: 'lady',
    schema: HangoutKnockBody,
    handler: (ctx, body) => ctx.services.hangouts.host.knock(ctx.caller.userid, body.room_id, body.sdp),
  }),
  defineRoute({
    path: HangoutApi.accept,
    auth: 'lady',
    schema: HangoutFriendBody,
    handler: (ctx, body) =>
      ctx.services.hangouts.host.accept(ctx.caller.userid, body.room_id, body.anchor_id),
  }),
  defineRoute({
    path: HangoutApi.refuse,
    auth: 'lady',
    schema: HangoutFriendBody,
    handler: (ctx, body) =>
      ctx.services.hangouts.host.refuse(ctx.caller.userid, body.room_id, body.anchor_id),
  }),
  defineRoute({
    path: HangoutApi.ladyLeave,
    auth: 'lady',
    schema: HangoutRoomBody,
    handler: (ctx, body) => ctx.services.hangouts.host.leave(ctx.caller.userid, body.room_id),
  }),
  defineRoute({
    path: HangoutApi.mine,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.hangouts.host.mine(ctx.caller.userid),
  }),
];
