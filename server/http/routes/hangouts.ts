/** Hang-out rooms (protocol/hangout.ts): the member's calls, the host's and her friends'. */
import { HangoutApi } from '../../../protocol/hangout';
import {
  HangoutAnchorBody,
  HangoutAnswerBody,
  HangoutChatBody,
  HangoutFriendBody,
  HangoutKnockBody,
  HangoutRoomBody,
  HangoutStartBody,
  HangoutWatchBody,
} from '../../../protocol/hangout-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../route';

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
    handler: (ctx, body) => ctx.services.hangouts.startHangout(ctx.caller.userid, body.invite_id, body.sdp),
  }),
  defineRoute({
    path: HangoutApi.invite,
    auth: 'lady',
    schema: HangoutFriendBody,
    handler: (ctx, body) => ctx.services.hangouts.invite(ctx.caller.userid, body.room_id, body.anchor_id),
  }),
  defineRoute({
    path: HangoutApi.knock,
    auth: 'lady',
    schema: HangoutKnockBody,
    handler: (ctx, body) => ctx.services.hangouts.knock(ctx.caller.userid, body.room_id, body.sdp),
  }),
  defineRoute({
    path: HangoutApi.accept,
    auth: 'lady',
    schema: HangoutFriendBody,
    handler: (ctx, body) => ctx.services.hangouts.accept(ctx.caller.userid, body.room_id, body.anchor_id),
  }),
  defineRoute({
    path: HangoutApi.refuse,
    auth: 'lady',
    schema: HangoutFriendBody,
    handler: (ctx, body) => ctx.services.hangouts.refuse(ctx.caller.userid, body.room_id, body.anchor_id),
  }),
  defineRoute({
    path: HangoutApi.ladyLeave,
    auth: 'lady',
    schema: HangoutRoomBody,
    handler: (ctx, body) => ctx.services.hangouts.ladyLeave(ctx.caller.userid, body.room_id),
  }),
  defineRoute({
    path: HangoutApi.mine,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.hangouts.mine(ctx.caller.userid),
  }),
];
