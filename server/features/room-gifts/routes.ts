/** Room gifts' calls (ours: protocol/room-gifts). */
import { RoomGiftApi } from '../../../protocol/room-gifts/room-gifts';
import {
  ReceivedRoomGiftsBody,
  RoomGiftOptionsBody,
  SendRoomGiftBody,
} from '../../../protocol/room-gifts/room-gifts-schemas';
import { defineRoute } from '../../http/route';

export const roomGiftRoutes = [
  defineRoute({
    path: RoomGiftApi.sendRoomGift,
    auth: 'man',
    schema: SendRoomGiftBody,
    handler: (ctx, body) => ctx.services.roomGifts.send(ctx.caller.userid, body),
  }),
  defineRoute({
    path: RoomGiftApi.getRoomGiftOptions,
    auth: 'man',
    schema: RoomGiftOptionsBody,
    handler: (ctx, body) => ctx.services.roomGifts.options(ctx.caller.userid, body.anchor_id),
  }),
  defineRoute({
    path: RoomGiftApi.getReceivedRoomGifts,
    auth: 'lady',
    schema: ReceivedRoomGiftsBody,
    handler: (ctx, body) => ctx.services.roomGifts.received(ctx.caller.userid, body.start, body.step),
  }),
];
