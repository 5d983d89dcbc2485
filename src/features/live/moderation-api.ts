/** Room moderation's calls (paths and answers in protocol/live/room-moderation.ts). */
import {
  type BanScope,
  type HerModeration,
  type HisModeration,
  type ModerationAnswer,
  RoomModerationApi,
} from '../../../protocol/live/room-moderation';
import { call } from '../../api/http';

export const herModeration = () => call<HerModeration>(RoomModerationApi.mine, {});
export const muteMember = (user_id: string, mute: boolean) =>
  call<ModerationAnswer>(RoomModerationApi.mute, { user_id, mute: mute ? '1' : '0' });
export const removeMember = (user_id: string) =>
  call<ModerationAnswer>(RoomModerationApi.remove, { user_id });
export const banMember = (user_id: string, scope: BanScope) =>
  call<ModerationAnswer>(RoomModerationApi.ban, { user_id, scope });
export const unbanMember = (user_id: string) => call<ModerationAnswer>(RoomModerationApi.unban, { user_id });
export const setSlowMode = (seconds: number) =>
  call<{ slow_seconds: number }>(RoomModerationApi.slowMode, { seconds: String(seconds) });
export const hisModeration = (anchor_id: string) => call<HisModeration>(RoomModerationApi.his, { anchor_id });
