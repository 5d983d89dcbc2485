/**
 * Schemas of the mail calls (protocol/mail.ts MailApi). Blank content and a missing broadcaster are
 * not schema failures: the domain answers them with the spec's texts.
 */
import { z } from 'zod';
import { LIST_STEP_MAX, USERID_MAX_LENGTH } from './constants';
import { MAIL_MAX_LENGTH, MAIL_PAGE_SIZE } from './mail';
import { count } from './schema-parts';

const id = z
  .string()
  .trim()
  .min(1)
  .max(48)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, - and _');
const optionalUserid = z
  .string()
  .trim()
  .max(USERID_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_]*$/, 'user ids are letters and digits')
  .default('');
/** Photo ids joined by commas ("P1,P2"): one form value, so a repeated field stays an error. */
const ids = z
  .string()
  .trim()
  .max(20 * 49)
  .regex(/^[A-Za-z0-9_,-]*$/, 'photo ids are letters, digits, - and _, joined by commas')
  .default('')
  .transform((v) => v.split(',').filter(Boolean));

export const MailListBody = z.object({
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(MAIL_PAGE_SIZE),
});
export const MailIdBody = z.object({ emf_id: id });
export const ReadMailBody = z.object({ emf_id: id, click_type: count(2).default(0) });
export const BuyMediaBody = z.object({ emf_id: id, resource_id: id, click_type: count(2).default(0) });
export const SendMailBody = z.object({
  anchor_id: optionalUserid,
  content: z
    .string()
    .max(MAIL_MAX_LENGTH * 2)
    .default(''),
  photo_ids: ids,
  /** The client's idempotency key for this send (a double click sends once). */
  key: id,
});
export const CheckAnchorBody = z.object({ anchor_id: optionalUserid });
export const BuyStampsBody = z.object({ item_code: id, key: id });
export const LadySendMailBody = z.object({
  man_id: z.string().trim().min(1).max(USERID_MAX_LENGTH),
  kind: z.enum(['emf', 'loi']).default('emf'),
  content: z
    .string()
    .max(MAIL_MAX_LENGTH * 2)
    .default(''),
  /**
   * Demo media drawn by the server, comma-joined tokens "photo-private", "photo-free", "video-private",
   * "video-free" (one form value, in order).
   */
  media: z
    .string()
    .trim()
    .max(6 * 14)
    .regex(
      /^((photo|video)-(private|free))?(,(photo|video)-(private|free)){0,5}$/,
      'media are photo-private, photo-free, video-private or video-free, joined by commas',
    )
    .default('')
    .transform((v) =>
      v
        .split(',')
        .filter(Boolean)
        .map((t) => ({
          type: t.startsWith('video') ? ('video' as const) : ('photo' as const),
          is_free: t.endsWith('free'),
          describe: '',
        })),
    ),
  reply_to: id.optional(),
});
