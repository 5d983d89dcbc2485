/** Room moderation's payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { count, flag, userid } from '../schema-parts';
import { BAN_SCOPES, SLOW_MODE_SECONDS } from './room-moderation';

export const ModerateBody = z.object({ user_id: userid });
export const MuteBody = z.object({ user_id: userid, mute: flag.default(1) });
export const BanBody = z.object({ user_id: userid, scope: z.enum(BAN_SCOPES) });
export const SlowModeBody = z.object({
  seconds: count(60).refine(
    (n) => (SLOW_MODE_SECONDS as readonly number[]).includes(n),
    'one of 0, 5, 10, 30',
  ),
});
export const HisModerationBody = z.object({ anchor_id: userid });
