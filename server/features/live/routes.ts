/** Live rooms: watching a public room, and a broadcaster going live (protocol/live/live.ts). */

import { LiveApi } from '../../../protocol/live/live';
import {
  AnswerBody,
  CameraBody,
  GoLiveBody,
  JoinPrivateBody,
  LadyChatBody,
  LeaveBody,
  LeavePrivateBody,
  MemberChatBody,
  MemberLeaveBody,
  MySessionsQuery,
  RoomBody,
  WatchBody,
} from '../../../protocol/live/live-schemas';
import { LiveSessionsApi } from '../../../protocol/live/live-sessions';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const liveRoutes = [
  defineRoute({
    path: LiveApi.iceServers,
    auth: 'user',
    schema: Empty,
    handler: async (ctx) => ({ ice_servers: ctx.services.live.iceServers(ctx.caller.userid) }),
  }),
  defineRoute({
    path: LiveApi.watch,
    auth: 'man',
    schema: WatchBody,
    handler: (ctx, body) =>
      ctx.services.live.watch(ctx.caller.userid, body.anchorid, body.type, {
        inviteId: body.anchor_inviteid || undefined,
        roomId: body.roomid || undefined,
        isAuto: body.isauto === '1',
        liveShowId: body.liveShowid || undefined,
        priceOk: body.price_ok === '1',
      }),
  }),
  defineRoute({
    path: LiveApi.answer,
    auth: 'man',
    schema: AnswerBody,
    handler: (ctx, body) => ctx.services.live.answer(ctx.caller.userid, body.viewer_id, body.sdp),
  }),
  defineRoute({
    path: LiveApi.leave,
    auth: 'man',
    schema: MemberLeaveBody,
    handler: (ctx, body) => ctx.services.live.leave(ctx.caller.userid, body.viewer_id, body.away === 1),
  }),
  defineRoute({
    path: LiveApi.memberCamera,
    auth: 'man',
    schema: CameraBody,
    handler: (ctx, body) =>
      ctx.services.live.oneOnOne.memberCamera(ctx.caller.userid, body.viewer_id, body.sdp),
  }),
  defineRoute({
    path: LiveApi.memberCameraOff,
    auth: 'man',
    schema: LeaveBody,
    handler: (ctx, body) => ctx.services.live.oneOnOne.memberCameraOff(ctx.caller.userid, body.viewer_id),
  }),
  defineRoute({
    path: LiveApi.joinPrivate,
    auth: 'lady',
    schema: JoinPrivateBody,
    handler: (ctx, body) => ctx.services.live.oneOnOne.joinPrivate(ctx.caller.userid, body.room_id, body.sdp),
  }),
  defineRoute({
    path: LiveApi.watchMember,
    auth: 'lady',
    schema: RoomBody,
    handler: (ctx, body) => ctx.services.live.oneOnOne.watchMember(ctx.caller.userid, body.room_id),
  }),
  defineRoute({
    path: LiveApi.answerMember,
    auth: 'lady',
    schema: AnswerBody,
    handler: (ctx, body) =>
      ctx.services.live.oneOnOne.answerMember(ctx.caller.userid, body.viewer_id, body.sdp),
  }),
  defineRoute({
    path: LiveApi.leavePrivate,
    auth: 'lady',
    schema: LeavePrivateBody,
    handler: (ctx, body) =>
      body.away === 1
        ? ctx.services.live.oneOnOne.away(ctx.caller.userid, body.room_id)
        : ctx.services.live.oneOnOne.leavePrivate(ctx.caller.userid, body.room_id),
  }),
  defineRoute({
    path: LiveApi.herOneOnOne,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.live.oneOnOne.current(ctx.caller.userid),
  }),
  defineRoute({
    path: LiveApi.goLive,
    auth: 'lady',
    schema: GoLiveBody,
    handler: (ctx, body) =>
      ctx.services.live.goLive(ctx.caller.userid, body.sdp, body.room_type, body.live_show_id),
  }),
  defineRoute({
    path: LiveApi.memberChat,
    auth: 'man',
    schema: MemberChatBody,
    handler: (ctx, body) => ctx.services.live.memberChat(ctx.caller.userid, body.viewer_id, body.text),
  }),
  defineRoute({
    path: LiveApi.ladyChat,
    auth: 'lady',
    schema: LadyChatBody,
    handler: (ctx, body) => ctx.services.live.ladyChat(ctx.caller.userid, body.room_id, body.text),
  }),
  defineRoute({
    path: LiveApi.viewers,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.live.viewers(ctx.caller.userid),
  }),
  defineRoute({
    path: LiveSessionsApi.mine,
    method: 'GET',
    auth: 'man',
    schema: MySessionsQuery,
    handler: (ctx, query) => ctx.services.liveHistory.oneOnOnes(ctx.caller.userid, query.limit),
  }),
  defineRoute({
    path: LiveApi.endLive,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.live.end(ctx.caller.userid),
  }),
];
