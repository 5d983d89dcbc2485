/**
 * The payload schemas of the live-room and face-ID calls (server side: zod stays out of the app's
 * first load; the constants and texts they use live in live.ts and face-id.ts).
 */
import { z } from 'zod';
import { FACE_ID_SERVICE_TYPE } from '../face-id/face-id';
import { flag, userid } from '../schema-parts';
import { BILLING_MINUTE_MS, LIVE_CHAT_MAX, LIVE_TYPES, ROOM_TYPE_PREMIUM, ROOM_TYPE_PUBLIC } from './live';
import { MY_SESSIONS_MAX } from './live-sessions';

/** A session description: a browser's audio and video offer with its candidates is some 3-6 KB. */
const SDP_MAX = 9_000;
/** A session description as browsers write them: version first, at least one audio or video section. */
export const sdp = z
  .string()
  .min(10)
  .max(SDP_MAX)
  .refine((text) => /^v=0\r?\n/.test(text) && /\nm=(audio|video) /.test(text), 'not a session description');
export const viewerId = z.string().uuid();
/** The visit clock (development tools, TEST_CLOCK): how far his open visits' clock moves on. */
export const VisitClockBody = z.object({
  seconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(BILLING_MINUTE_MS / 1000)
    .default(BILLING_MINUTE_MS / 1000),
});
/** Generous on the raw text (emoji tags are longer than one character); chatLength is checked after. */
const chatText = z
  .string()
  .trim()
  .min(1)
  .max(LIVE_CHAT_MAX * 8);

const ref = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _');
export const WatchBody = z.object({
  anchorid: userid,
  type: z.enum(LIVE_TYPES).default('public'),
  /** A private room: her invitation, a room (an accepted request or a booking), or an automatic invitation. */
  anchor_inviteid: ref.optional(),
  roomid: ref.optional(),
  isauto: z.enum(['0', '1']).optional(),
  /** A scheduled show's room (ticket holders). */
  liveShowid: ref.optional(),
  /** Ours: 1 once he confirmed a paid public room's price (without it such a room answers 10700). */
  price_ok: z.enum(['0', '1']).optional(),
});
const roomId = z
  .string()
  .trim()
  .min(3)
  .max(70)
  .regex(/^P[RV][A-Za-z0-9_-]+$/, 'a room id');
export const RoomBody = z.object({ room_id: roomId });
/** away=1: her page is going (closed or reloading); joining again within the grace resumes the room. */
export const LeavePrivateBody = RoomBody.extend({ away: flag.optional() });
export const JoinPrivateBody = z.object({ room_id: roomId, sdp });
export const LadyChatBody = z.object({ room_id: roomId, text: chatText });
export const AnswerBody = z.object({ viewer_id: viewerId, sdp });
export const CameraBody = z.object({ viewer_id: viewerId, sdp });
export const MemberChatBody = z.object({ viewer_id: viewerId, text: chatText });
export const LeaveBody = z.object({ viewer_id: viewerId });
/** away=1: the page is going (closed or reloading); a reload within the grace resumes the visit. */
export const MemberLeaveBody = LeaveBody.extend({ away: flag.optional() });
export const GoLiveBody = z.object({
  sdp,
  room_type: z.coerce
    .number()
    .pipe(z.union([z.literal(ROOM_TYPE_PUBLIC), z.literal(ROOM_TYPE_PREMIUM)]))
    .default(ROOM_TYPE_PUBLIC),
  /** Her scheduled show's room instead of her public room. */
  live_show_id: ref.optional(),
});
/** The member's One-on-One sessions: how many of the newest (the page asks for all 20). */
export const MySessionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MY_SESSIONS_MAX).default(MY_SESSIONS_MAX),
});

export const FaceIdStartBody = z.object({
  service_type: z.literal(FACE_ID_SERVICE_TYPE),
  live_last_verify_room_type: z.coerce.number().int().min(1).max(3),
});
export const FaceIdResultBody = z.object({
  ref_id: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'a reference'),
  service_type: z.literal(FACE_ID_SERVICE_TYPE),
});
