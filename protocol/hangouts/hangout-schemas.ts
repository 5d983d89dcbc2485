/** The payload schemas of the hang-out calls (protocol/hangouts/hangout.ts). */
import { z } from 'zod';
import { LIVE_CHAT_MAX } from '../live/live';
import { userid } from '../schema-parts';

/** A session description as browsers write them (the live rooms' rule). */
const sdp = z
  .string()
  .min(10)
  .max(9_000)
  .refine((text) => /^v=0\r?\n/.test(text) && /\nm=(audio|video) /.test(text), 'not a session description');
const roomId = z
  .string()
  .trim()
  .min(3)
  .max(70)
  .regex(/^HG[A-Za-z0-9_-]+$/, 'a hang-out room id');
const inviteId = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'an invitation id');

export const HangoutAnchorBody = z.object({ anchorid: userid });
export const HangoutRoomBody = z.object({ room_id: roomId });
export const HangoutWatchBody = z.object({ room_id: roomId, anchor_id: userid });
export const HangoutAnswerBody = z.object({ viewer_id: z.string().uuid(), sdp });
export const HangoutChatBody = z.object({
  room_id: roomId,
  text: z
    .string()
    .trim()
    .min(1)
    .max(LIVE_CHAT_MAX * 8),
});
export const HangoutStartBody = z.object({ invite_id: inviteId, sdp });
export const HangoutKnockBody = z.object({ room_id: roomId, sdp });
export const HangoutCameraBody = z.object({ room_id: roomId, sdp });
export const HangoutFriendBody = z.object({ room_id: roomId, anchor_id: userid });
