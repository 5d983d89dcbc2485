/** Room gifts' calls (paths and shapes in protocol/room-gifts/room-gifts.ts). */
import {
  type ReceivedRoomGifts,
  RoomGiftApi,
  type RoomGiftOptions,
  type RoomGiftSent,
} from '../../../protocol/room-gifts/room-gifts';
import { call } from '../../api/http';

export const getRoomGiftOptions = (anchor_id: string) =>
  call<RoomGiftOptions>(RoomGiftApi.getRoomGiftOptions, { anchor_id });
export const sendRoomGift = (fields: {
  anchor_id: string;
  gift_id: string;
  num: number;
  key: string;
  use_backpack: 0 | 1;
}) => call<RoomGiftSent>(RoomGiftApi.sendRoomGift, { ...fields });
export const getReceivedRoomGifts = (start: number, step: number) =>
  call<ReceivedRoomGifts>(RoomGiftApi.getReceivedRoomGifts, { start, step });
