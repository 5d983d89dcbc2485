/** The broadcaster's face-ID check (protocol/face-id/face-id.ts); the spec makes both calls with GET. */
import { FaceIdApi } from '../../../protocol/face-id/face-id';
import { FaceIdResultBody, FaceIdStartBody } from '../../../protocol/live/live-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const faceIdRoutes = [
  defineRoute({
    path: FaceIdApi.start,
    method: 'GET',
    auth: 'lady',
    schema: FaceIdStartBody,
    handler: (ctx, body) => ctx.services.faceId.start(ctx.caller.userid, body.live_last_verify_room_type),
  }),
  defineRoute({
    path: FaceIdApi.result,
    method: 'GET',
    auth: 'lady',
    schema: FaceIdResultBody,
    handler: (ctx, body) => ctx.services.faceId.result(ctx.caller.userid, body.ref_id),
  }),
  defineRoute({
    path: FaceIdApi.status,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.faceId.status(ctx.caller.userid),
  }),
];
