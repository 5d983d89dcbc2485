/** The hang-out calls (paths and answers in protocol/hangouts/hangout.ts). */
import {
  HangoutApi,
  type HangoutEnterAnswer,
  type HangoutFriendItem,
  type HangoutInvitationNotice,
  type HangoutKnockAnswer,
  type HangoutRoom,
  type HangoutStartAnswer,
  type HangoutStatusEntry,
  type HangoutWatchAnswer,
} from '../../../protocol/hangouts/hangout';
import type { RoomChatLine } from '../../../protocol/live/live';
import { call } from '../../api/http';

export const getHangoutFriends = async (anchorid: string) =>
  (await call<{ list: HangoutFriendItem[] }>(HangoutApi.friends, { anchorid })).list;
/** [] when he is in no hang-out; 18003 (an ApiError whose data names the room) when he is. */
export const getHangoutStatus = () => call<HangoutStatusEntry[]>(HangoutApi.status, {});
export const enterHangout = (anchorid: string) => call<HangoutEnterAnswer>(HangoutApi.enter, { anchorid });
export const leaveHangout = (room_id: string, keepalive = false) =>
  call(HangoutApi.leave, { room_id }, keepalive ? { keepalive: true } : {});
export const watchHangout = (room_id: string, anchor_id: string) =>
  call<HangoutWatchAnswer>(HangoutApi.watch, { room_id, anchor_id });
export const answerHangout = (viewer_id: string, sdp: string) => call(HangoutApi.answer, { viewer_id, sdp });
export const sayInHangout = (room_id: string, text: string) =>
  call<RoomChatLine>(HangoutApi.chat, { room_id, text });
export const getHangoutRoom = (room_id: string) => call<HangoutRoom>(HangoutApi.room, { room_id });
export const startHangout = (invite_id: string, sdp: string) =>
  call<HangoutStartAnswer>(HangoutApi.start, { invite_id, sdp });
export const inviteToHangout = (room_id: string, anchor_id: string) =>
  call<HangoutRoom>(HangoutApi.invite, { room_id, anchor_id });
export const knockHangout = (room_id: string, sdp: string) =>
  call<HangoutKnockAnswer>(HangoutApi.knock, { room_id, sdp });
export const acceptKnock = (room_id: string, anchor_id: string) =>
  call<HangoutRoom>(HangoutApi.accept, { room_id, anchor_id });
export const refuseKnock = (room_id: string, anchor_id: string) =>
  call<HangoutRoom>(HangoutApi.refuse, { room_id, anchor_id });
export const ladyLeaveHangout = (room_id: string) => call(HangoutApi.ladyLeave, { room_id });
/** Her hang-out now, and the invitation waiting for her knock (both null when none). */
export const myHangout = () =>
  call<{ room: HangoutRoom | null; invitation: HangoutInvitationNotice | null }>(HangoutApi.mine, {});
export const hangoutCameraOn = (room_id: string, sdp: string) =>
  call<{ sdp: string }>(HangoutApi.camera, { room_id, sdp });
export const hangoutCameraOff = (room_id: string) => call(HangoutApi.cameraOff, { room_id });
