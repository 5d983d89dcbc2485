/** The premium video calls' request schemas (protocol/premium-videos/premium-videos.ts PremiumVideoApi). */
import { z } from 'zod';
import { count, text, userid } from '../schema-parts';
import {
  PREMIUM_DESCRIPTION_MAX,
  PREMIUM_DURATION_MAX,
  PREMIUM_LIST_STEP,
  PREMIUM_LIST_STEP_MAX,
} from './premium-videos';

/** Video and file ids as the server makes them. */
const id = z
  .string()
  .trim()
  .min(1)
  .max(48)
  .regex(/^[A-Za-z0-9_-]+$/, 'not an id');

export const AnchorVideoListBody = z.object({ anchor_id: userid });
export const VideoIdBody = z.object({ video_id: id });
export const VideoPageBody = z.object({
  start: count(1_000_000).default(0),
  step: count(PREMIUM_LIST_STEP_MAX, 1).default(PREMIUM_LIST_STEP),
});

/**
 * A title's own rule (PREMIUM_TITLE_MAX) is the domain's, with its own text; the schema only refuses
 * what no form would send.
 */
const title = text()
  .max(1_000)
  .transform((v) => v.trim());
const description = text()
  .transform((v) => v.trim())
  .pipe(z.string().max(PREMIUM_DESCRIPTION_MAX));

export const LadyAddVideoBody = z.object({
  video_file_id: id,
  cover_file_id: id,
  /** Checked in the domain, so a missing or long title gets its own text. */
  title,
  description: description.default(''),
  duration: count(PREMIUM_DURATION_MAX, 1),
});
export const LadyEditVideoBody = z.object({
  video_id: id,
  title,
  description: description.default(''),
});
