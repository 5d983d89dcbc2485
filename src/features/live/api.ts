/** The live-room calls (paths and answers in protocol/live/live.ts). */

import {
  FACE_ID_SERVICE_TYPE,
  FaceIdApi,
  type FaceIdResultAnswer,
  type FaceIdStartAnswer,
  type FaceIdStatus,
  verifyRoomTypeOf,
} from '../../../protocol/face-id/face-id';
import {
  type GoLiveAnswer,
  type HerOneOnOne,
  type IceServerInfo,
  type JoinPrivateAnswer,
  LiveApi,
  type MemberWatchAnswer,
  type RoomAnswered,
  type RoomChatLine,
  type ViewersAnswer,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { call } from '../../api/http';
import type { LiveSearch } from './search';

/** price_ok: he confirmed a paid public room's price (without it such a room answers 10700). */
export const watchRoom = (search: LiveSearch, priceOk = false) =>
  call<WatchAnswer>(LiveApi.watch, priceOk ? { ...search, price_ok: '1' } : { ...search });
export const answerRoom = (viewer_id: string, sdp: string) =>
  call<RoomAnswered>(LiveApi.answer, { viewer_id, sdp });
export const leaveRoom = (viewer_id: string, away = false) =>
  away
    ? call(LiveApi.leave, { viewer_id, away: '1' }, { keepalive: true })
    : call(LiveApi.leave, { viewer_id });
export const memberCamera = (viewer_id: string, sdp: string) =>
  call<{ sdp: string }>(LiveApi.memberCamera, { viewer_id, sdp });
export const memberCameraOff = (viewer_id: string) => call(LiveApi.memberCameraOff, { viewer_id });
export const getIceServers = async () =>
  (await call<{ ice_servers: IceServerInfo[] }>(LiveApi.iceServers, {})).ice_servers;
export const goLive = (sdp: string, room_type: number, live_show_id?: string) =>
  call<GoLiveAnswer>(LiveApi.goLive, {
    sdp,
    room_type: String(room_type),
    ...(live_show_id ? { live_show_id } : {}),
  });
export const endLive = () => call(LiveApi.endLive, {});
export const joinPrivate = (room_id: string, sdp: string) =>
  call<JoinPrivateAnswer>(LiveApi.joinPrivate, { room_id, sdp });
export const watchMember = (room_id: string) => call<MemberWatchAnswer>(LiveApi.watchMember, { room_id });
export const answerMember = (viewer_id: string, sdp: string) =>
  call(LiveApi.answerMember, { viewer_id, sdp });
/** `away`: her page is going (closed or reloading): the room waits the grace for her to join again. */
export const leavePrivate = (room_id: string, away = false) =>
  away
    ? call(LiveApi.leavePrivate, { room_id, away: '1' }, { keepalive: true })
    : call(LiveApi.leavePrivate, { room_id });
export const herOneOnOne = () => call<HerOneOnOne>(LiveApi.herOneOnOne, {});

export const startFaceId = (roomType: number) =>
  call<FaceIdStartAnswer>(
    FaceIdApi.start,
    { service_type: FACE_ID_SERVICE_TYPE, live_last_verify_room_type: verifyRoomTypeOf(roomType) },
    { method: 'GET' },
  );
/** Spec 000 §7: a failed result call counts as 0. */
export const faceIdResult = (refId: string) =>
  call<FaceIdResultAnswer>(
    FaceIdApi.result,
    { ref_id: refId, service_type: FACE_ID_SERVICE_TYPE },
    { method: 'GET' },
  ).then(
    (answer) => answer.result,
    () => 0 as const,
  );
export const faceIdStatus = () => call<FaceIdStatus>(FaceIdApi.status, {});
export const liveViewers = () => call<ViewersAnswer>(LiveApi.viewers, {});
export const sayAsMember = (viewer_id: string, text: string) =>
  call<RoomChatLine>(LiveApi.memberChat, { viewer_id, text });
export const sayAsLady = (room_id: string, text: string) =>
  call<RoomChatLine>(LiveApi.ladyChat, { room_id, text });
