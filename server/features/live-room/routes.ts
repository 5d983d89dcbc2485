/** His room's audience and his visit's summary (protocol/live/live-room.ts). */
import { LiveRoomApi } from '../../../protocol/live/live-room';
import { AudienceQuery, LastVisitQuery } from '../../../protocol/live/live-room-schemas';
import { defineRoute } from '../../http/route';

export const liveRoomRoutes = [
  defineRoute({
    path: LiveRoomApi.audience,
    method: 'GET',
    auth: 'man',
    schema: AudienceQuery,
    handler: (ctx, query) => ctx.services.liveRoom.audience(query.room_id),
  }),
  defineRoute({
    path: LiveRoomApi.lastVisit,
    method: 'GET',
    auth: 'man',
    schema: LastVisitQuery,
    handler: (ctx, query) => ctx.services.liveRoom.lastVisit(ctx.caller.userid, query.room_id),
  }),
];
