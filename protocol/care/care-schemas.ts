/** Customer care's payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { rowId, text } from '../schema-parts';
import { CARE_CATEGORIES, CARE_MESSAGE_MAX, CARE_SUBJECT_MAX } from './care';

const message = text().trim().min(1).max(CARE_MESSAGE_MAX);
const uploadId = z
  .string()
  .regex(/^S[0-9a-z]{6,40}$/, 'not an upload id')
  .optional();

export const CareThreadBody = z.object({ thread_id: rowId('bigint') });
export const CareCreateBody = z.object({
  subject: text().trim().min(1).max(CARE_SUBJECT_MAX),
  category: z.enum(CARE_CATEGORIES),
  message,
  upload_id: uploadId,
});
export const CareReplyBody = z.object({ thread_id: rowId('bigint'), message, upload_id: uploadId });
export const CareOperatorListBody = z.object({
  status: z.enum(['open', 'answered', 'closed', 'all']).default('open'),
});
export const CareOperatorReplyBody = z.object({ thread_id: rowId('bigint'), message });
