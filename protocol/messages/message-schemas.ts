/**
 * Schemas of the private-message and contact calls (protocol/messages/messages.ts MessageApi). Apart from
 * protocol/schemas.ts so the message rules the client bundles stay free of zod. Length and emptiness
 * are not schema failures: the domain answers them with the spec's 10003 and 10094.
 */
import { z } from 'zod';
import { LIST_STEP_MAX } from '../constants';
import { count, rowId, text, userid } from '../schema-parts';
import { CONTACT_PAGE_SIZE, CONTACT_SORT, MESSAGE_KEY_MAX_LENGTH, MESSAGE_PAGE_SIZE } from './messages';

export const SendPrivateMessageBody = z.object({
  to_id: userid,
  // Generous cap on the raw text; the spec's 240 (emoticons counting 1) is checked as 10094.
  content: text().max(4_000),
  /** A comment on one of her shots (spec 001 §3); '' or 0 is none. The 140 rule applies to it. */
  dynamics_id: z
    .union([z.literal('').transform(() => 0), rowId('bigint', 0)])
    .transform((id) => (id === 0 ? undefined : id))
    .optional(),
  msg_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,}$/, 'a key of letters, digits, - and _')
    .max(MESSAGE_KEY_MAX_LENGTH)
    .optional(),
});
export const MessagePageBody = z.object({
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(MESSAGE_PAGE_SIZE),
});
export const MessageHistoryBody = MessagePageBody.extend({
  to_id: userid,
  /** Ours: page by key (messages older than this id) instead of by offset. */
  before_id: rowId('bigint').optional(),
});
export const ToIdBody = z.object({ to_id: userid });
export const SetReadedBody = z.object({ to_id: userid, msg_id: rowId('bigint') });
export const UserAnchorInfoBody = z.object({ userid: userid.optional(), anchor_id: userid });
export const ContactListBody = z.object({
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(CONTACT_PAGE_SIZE),
  sorting: z
    .union([z.number(), z.string().trim().regex(/^\d$/).transform(Number)])
    .pipe(
      z.union([z.literal(CONTACT_SORT.recent), z.literal(CONTACT_SORT.online), z.literal(CONTACT_SORT.name)]),
    )
    .default(CONTACT_SORT.recent),
});
