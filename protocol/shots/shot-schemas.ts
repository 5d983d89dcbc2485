/** Schemas of the shot calls (protocol/shots/shots.ts; paths in protocol/paths.ts). */
import { z } from 'zod';
import { count, flag, rowId, text, userid } from '../schema-parts';
import { DynamicListType, type DynamicListTypeCode, SHOT_CONTENT_MAX, type ShotTypeCode } from './shots';

const shotId = rowId('bigint');
const uploadId = z
  .string()
  .trim()
  .min(1)
  .max(48)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, - and _');

/** getDynamic {type, anchor_id} (spec 001 §7); type 1 all (the default), 2 her profile's. */
export const GetDynamicBody = z.object({
  anchor_id: userid,
  type: count(2, 1)
    .refine((t) => t === DynamicListType.all || t === DynamicListType.profile, 'type 1 or 2')
    .transform((t) => t as DynamicListTypeCode)
    .default(DynamicListType.all),
});
/** setLike / cancelLike {dynamic_id}; deleteDynamic {dynamic_id}. */
export const DynamicIdBody = z.object({ dynamic_id: shotId });
/** addDynamic: a photo (upload_id), a video (upload_id, cover_id) or a text shot (content). */
export const AddDynamicBody = z.object({
  type: count(3, 1).transform((t) => t as ShotTypeCode),
  upload_id: uploadId.optional(),
  cover_id: uploadId.optional(),
  /** A text shot's words, or a photo's or video's description. */
  content: text().max(SHOT_CONTENT_MAX).default(''),
  is_private: flag.default(0),
  is_show_profile: flag.default(1),
});
export const LadyDynamicListBody = z.object({});
