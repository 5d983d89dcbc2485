import { z } from 'zod';

/** A room he can be in: her public room (PR…), a show's (PS…) or a One-on-One (PV…). */
const roomId = z
  .string()
  .trim()
  .min(3)
  .max(70)
  .regex(/^P[RSV][A-Za-z0-9_-]+$/, 'a room id');

/** Only rooms with an audience are counted: a One-on-One is him and her. */
export const AudienceQuery = z.object({
  room_id: roomId.refine((id) => !id.startsWith('PV'), 'a public or show room'),
});
export const LastVisitQuery = z.object({ room_id: roomId });
