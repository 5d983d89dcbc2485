/**
 * One schema per request payload. Bodies arrive form-encoded (every value a string) or as JSON,
 * so numbers and flags are coerced from strings but nothing else is guessed.
 */
import { z } from 'zod';
import {
  FEATURED_ANCHOR_NUM,
  LIST_STEP_MAX,
  ONLINE_LIST_NUM,
  PASSWORD_MAX_LENGTH,
  USERID_MAX_LENGTH,
} from './constants';

const userid = z
  .string()
  .trim()
  .min(1)
  .max(USERID_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_]+$/, 'user ids are letters and digits');
const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform(Number) as unknown as z.ZodType<0 | 1>;
/** A whole number sent as a number or as digits (forms send strings); nothing else is coerced. */
const count = (max: number, min = 0) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}$/, 'expected a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

export const Empty = z.object({}).loose();

export const LoginBody = z.object({
  userid,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const UserInfoBody = z.object({ userid });
export const FeaturedBody = z.object({ num: count(20).default(FEATURED_ANCHOR_NUM) });
export const OnlineListBody = z.object({
  type: count(2).default(0),
  num: count(LIST_STEP_MAX).default(ONLINE_LIST_NUM),
});
export const ListPageBody = z.object({ start: count(1_000_000), step: count(LIST_STEP_MAX, 1) });
export const SetFavoriteBody = z.object({ userid, is_fav: flag });
export const AnchorIdBody = z.object({ anchorid: userid });
export const GiftListBody = z.object({ token: z.string().max(512).optional() });

export type LoginBody = z.infer<typeof LoginBody>;

/** Socket payloads (req_data of a socket request). */
export const SocketLoginBody = z.object({
  token: z.string().min(1).max(1024),
  page_name: z.string().max(256).default(''),
});
export const SocketVisibilityBody = z.object({ visible: flag });

// ---- Issue 3: invitations, requests, display checks and click logs (protocol/realtime.ts InviteApi).

/** Invitation, log and auto-invitation ids: opaque, URL-safe. */
const inviteId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, - and _');

export const InstantInviteBody = z.object({ user_id: userid });
/** type 0: the notice was received and shown; 1: it was clicked (spec 000 §7 sends 0, 001 §7 sends 1). */
export const ReportPublicInviteBody = z.object({ log_id: inviteId, type: count(1).default(0) });
/** Without book_time: an instant One-on-One request; with it, a scheduled booking (issue 4). */
export const SendBookingRequestBody = z.object({
  userid,
  book_time: count(4_102_444_800).optional(),
  time_id: z.string().trim().min(1).max(64).optional(),
  giftid: z.string().trim().min(1).max(64).optional(),
  gift_num: count(10_000).optional(),
  need_sms: flag.optional(),
});
export const InvitationIdBody = z.object({ invitation_id: inviteId });
export const HangoutRequestBody = z.object({ anchor_id: userid });
/** type 1 accepts, 2 declines. */
export const HandleBookingBody = z.object({
  invitation_id: inviteId,
  type: count(2, 1),
});
export const DisplayBody = z.object({ anchorId: userid, id: inviteId });
export const HangoutDisplayBody = z.object({ anchorid: userid, id: inviteId, is_auto: flag.default(0) });
export const ClickLogBody = z.object({ id: inviteId });
export const HangoutClickLogBody = z.object({ anchorid: userid, is_auto: flag.default(0) });

/** Socket: the member's report that an instant invitation was shown. */
export const AnchorReportBody = z.object({ invite_id: inviteId });
/** Socket: the member's answer to imLady/instantInviteUserNotice. */
export const InstantInviteReply = z.object({ is_show: flag.default(0) }).loose();
