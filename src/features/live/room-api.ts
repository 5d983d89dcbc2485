/** His room's audience and his visit's summary (paths and answers in protocol/live/live-room.ts). */
import { type AudienceAnswer, type LastVisitAnswer, LiveRoomApi } from '../../../protocol/live/live-room';
import { call } from '../../api/http';

export const roomAudience = (room_id: string) =>
  call<AudienceAnswer>(LiveRoomApi.audience, { room_id }, { method: 'GET' });
export const lastVisit = (room_id: string) =>
  call<LastVisitAnswer>(LiveRoomApi.lastVisit, { room_id }, { method: 'GET' });
