/**
 * Schemas of the mail calls (protocol/mail/mail.ts MailApi). Blank content and a missing broadcaster are
 * not schema failures: the domain answers them with the spec's texts.
 */
import { z } from 'zod';
import { LIST_STEP_MAX, USERID_MAX_LENGTH } from '../constants';
import { isRoomGiftNum } from '../room-gifts/room-gifts';
import { count, flag, text } from '../schema-parts';
import { MAIL_MAX_LENGTH, MAIL_PAGE_SIZE } from './mail';

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
  content: text()
    .max(MAIL_MAX_LENGTH * 2)
    .default(''),
  photo_ids: ids,
  /** The client's idempotency key for this send (a double click sends once). */
  key: id,
  /** 0 automatic (stamps first), 1 stamps, 2 credits: "pay the other way" after a prompt. */
  click_type: count(2).default(0),
  /** A scheduled One-on-One request with the mail: the slot's start (seconds) and its time_id. */
  book_time: count(4_102_444_800, 1).optional(),
  time_id: text().trim().max(80).optional(),
  /** Ours: a virtual gift with the letter (the catalogue's id) and how many (a room gift's choices). */
  gift_id: text().trim().min(1).max(64).optional(),
  gift_num: count(99, 1).refine(isRoomGiftNum, 'not one of the offered quantities').optional(),
  /** Ours: 1 (default) his backpack's gifts of that kind pay first; 0 credits only. */
  use_backpack: flag.default(1),
});
export const LadyReadMailBody = z.object({ emf_id: id });
export const CheckAnchorBody = z.object({ anchor_id: optionalUserid });
export const BuyStampsBody = z.object({ item_code: id, key: id });
/** One media token of ladySendMail: demo, or an upload of its own kind (photo ids P…, video ids V…). */
const MEDIA_TOKEN =
  '(?:(?:photo|video)-(?:private|free)|photo-(?:private|free):P[0-9a-z]{1,40}|video-(?:private|free):V[0-9a-z]{1,40})';
export const LadySendMailBody = z.object({
  man_id: text().trim().min(1).max(USERID_MAX_LENGTH),
  kind: z.enum(['emf', 'loi']).default('emf'),
  content: text()
    .max(MAIL_MAX_LENGTH * 2)
    .default(''),
  /**
   * Demo media drawn by the server, comma-joined tokens "photo-private", "photo-free", "video-private",
   * "video-free" (one form value, in order). A file she uploaded names its id: a video
   * (MAIL_VIDEO_UPLOAD_PATH) "video-private:<video_id>" / "video-free:<video_id>", a photo
   * (MAIL_LADY_PHOTO_UPLOAD_PATH) "photo-private:<photo_id>" / "photo-free:<photo_id>".
   */
  media: z
    .string()
    .trim()
    .max(6 * 56)
    .regex(
      new RegExp(`^(${MEDIA_TOKEN})?(,${MEDIA_TOKEN}){0,5}$`),
      'media are photo-private, photo-free, video-private or video-free (with :photo_id or :video_id), joined by commas',
    )
    .default('')
    .transform((v) =>
      v
        .split(',')
        .filter(Boolean)
        .map((t) => {
          const [kind = '', uploadId] = t.split(':');
          return {
            type: kind.startsWith('video') ? ('video' as const) : ('photo' as const),
            is_free: kind.endsWith('free'),
            describe: '',
            ...(uploadId ? { uploadId } : {}),
          };
        }),
    ),
  reply_to: id.optional(),
});
