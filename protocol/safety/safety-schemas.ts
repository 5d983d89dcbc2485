/** Safety's payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { flag, rowId, text, userid } from '../schema-parts';
import { REPORT_NOTE_MAX, REPORT_TEXT_MAX, SAFETY_REASONS } from './safety';

export const SafetyBlockBody = z.object({ anchor_id: userid, block: flag.default(1) });
export const SafetyStatusBody = z.object({ anchor_id: userid });
export const SafetyReportBody = z.object({
  anchor_id: userid,
  reason: z.enum(SAFETY_REASONS),
  text: text().trim().max(REPORT_TEXT_MAX).default(''),
});
export const SafetyHandleBody = z.object({
  report_id: rowId('bigint'),
  note: text().trim().max(REPORT_NOTE_MAX).default(''),
});
