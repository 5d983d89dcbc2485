/** The room gifts' payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { LIST_STEP_MAX } from '../constants';
import { GiftDetailBody } from '../gifts/gift-schemas';
import { count, flag, userid } from '../schema-parts';
import { isRoomGiftNum, RECEIVED_GIFTS_STEP } from './room-gifts';

export const SendRoomGiftBody = GiftDetailBody.extend({
  anchor_id: userid,
  num: count(99, 1).refine(isRoomGiftNum, 'not one of the offered quantities'),
  /** The client's idempotency key for one confirmation (a double click or a retry gives once). */
  key: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'keys are letters, digits, - and _'),
  /** 1 (default): gifts in his backpack pay first; 0: credits only. */
  use_backpack: flag.default(1),
});
export type SendRoomGiftBody = z.infer<typeof SendRoomGiftBody>;

export const ReceivedRoomGiftsBody = z.object({
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(RECEIVED_GIFTS_STEP),
});

export const RoomGiftOptionsBody = z.object({ anchor_id: userid });
