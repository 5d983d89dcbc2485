/**
 * One schema per request payload. Bodies arrive form-encoded (every value a string) or as JSON,
 * so numbers and flags are coerced from strings but nothing else is guessed.
 */
import { z } from 'zod';
import { email } from './account/account-schemas';
import {
  FEATURED_ANCHOR_NUM,
  LIST_STEP_MAX,
  ONLINE_LIST_NUM,
  PASSWORD_MAX_LENGTH,
  UNLOCK_CODE_LENGTH,
} from './constants';
import { SAY_HI_GREETINGS, SAY_HI_PAGE_SIZE, SAY_HI_RESPONSE_MAX, SAY_HI_THEMES } from './sayhi/sayhi';
import { count, flag, text, userid } from './schema-parts';
import { PROFILE_SHOWS_STEP, SHOW_LIMITS, SHOW_LIST_STEP, SHOW_SORT, TICKET_LIST } from './shows/shows';

export const Empty = z.object({}).loose();

/** Ids are upper case (M1001, A2001); a login typed in lower case is the same account, and counted as one. */
const loginId = userid.transform((id) => id.toUpperCase());

/** A member may sign in with his email (kept in lower case) instead of his id. */
export const LoginBody = z.object({
  userid: z.union([email, loginId]),
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});

export const SendUnlockCodeBody = z.object({ userid: z.union([email, loginId]) });
export const UnlockAccountBody = z.object({
  userid: z.union([email, loginId]),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${UNLOCK_CODE_LENGTH}}$`), `the code is ${UNLOCK_CODE_LENGTH} digits`),
});
/** account_status as the spec has it: 1 active, 3 suspended. */
export const SetAccountStatusBody = z.object({
  userid,
  account_status: z.union([z.literal(1), z.literal(3), z.literal('1'), z.literal('3')]).transform(Number),
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
export const GiftListBody = z.object({ token: text().max(512).optional() });

export type LoginBody = z.infer<typeof LoginBody>;

/** Socket payloads (req_data of a socket request). */
export const SocketLoginBody = z.object({
  token: text().min(1).max(1024),
  page_name: text().max(256).default(''),
});
export const SocketVisibilityBody = z.object({ visible: flag });

// ---- Realtime: invitations, requests, display checks and click logs (protocol/realtime.ts InviteApi).

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
/** Without book_time: an instant One-on-One request; with it, a scheduled booking. */
export const SendBookingRequestBody = z.object({
  userid,
  book_time: count(4_102_444_800).optional(),
  time_id: text().trim().min(1).max(64).optional(),
  giftid: text().trim().min(1).max(64).optional(),
  gift_num: count(10_000).optional(),
  need_sms: flag.optional(),
  /** Ours: 1 (default) his backpack's gifts of that kind pay the gift first; 0 credits only. */
  use_backpack: flag.optional(),
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

// ---- One-on-One booking.
/** A broadcaster id (member side) or a member id (broadcaster side). */
export const BookingInfoBody = z.object({
  userid,
  /** Ours: how many days of slots (the popup's 3 by default; the schedule request page asks for 15). */
  days: count(15, 1).optional(),
});
/** Digits only; the country is a name from the list, area_code its dial code. */
export const PhoneBody = z.object({
  country: text().trim().min(1).max(64),
  area_code: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/),
  phone_no: z
    .string()
    .trim()
    .regex(/^\d{4,15}$/),
});
export const PhoneCodeBody = PhoneBody.extend({
  verify_code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/),
});
export const ScheduledInviteBody = z.object({
  user_id: userid,
  book_time: count(4_102_444_800),
  time_id: text().trim().min(1).max(64).optional(),
});
export const CancelScheduledInviteBody = z.object({ invite_id: inviteId });
export const ScheduleDetailBody = z.object({ invitation_id: inviteId });

// ---- Scheduled shows and tickets (protocol/shows/shows.ts ShowApi).

const showId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'show ids are letters, digits, - and _');
/** Credits with at most 2 decimals, as a number or as text ("4", "4.5", "4.50"). */
const credits = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, 'expected an amount with at most 2 decimals')
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .min(SHOW_LIMITS.priceMin)
      .max(SHOW_LIMITS.priceMax)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most 2 decimals'),
  );

export const ShowIdBody = z.object({ live_show_id: showId });
/** cancel 1 unfollows. */
export const FollowShowBody = z.object({ live_show_id: showId, cancel: flag.default(0) });
export const ShowListWithAnchorBody = z.object({
  anchor_id: userid,
  sort_type: count(2, 1).default(SHOW_SORT.upcoming),
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(PROFILE_SHOWS_STEP),
});
export const ShowListBody = z.object({
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(SHOW_LIST_STEP),
});
export const MyTicketListBody = ShowListBody.extend({ type: count(2, 1).default(TICKET_LIST.current) });
export const CreateShowBody = z.object({
  show_title: text().trim().min(1).max(SHOW_LIMITS.titleMax),
  show_introduce: text().trim().max(SHOW_LIMITS.introduceMax).default(''),
  /** Seconds since the epoch. */
  start_time: count(4_102_444_800),
  /** Minutes. */
  duration: count(SHOW_LIMITS.durationMax, SHOW_LIMITS.durationMin),
  price: credits,
  ticket_num: count(SHOW_LIMITS.capacityMax, 1),
});

// ---- Say Hi (protocol/sayhi/sayhi.ts).
export const SayHiAnchorBody = z.object({ anchor_id: userid });
export const SendSayHiBody = z.object({
  anchor_id: userid,
  greeting: count(SAY_HI_GREETINGS.length - 1),
  theme: count(SAY_HI_THEMES.length - 1),
});
export const SayHiListBody = z.object({
  type: z.enum(['all', 'wait', 'data']).default('all'),
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(SAY_HI_PAGE_SIZE),
});
const sayId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9]+$/, 'say ids are letters and digits');
export const SayHiDetailBody = z.object({ sayid: sayId });
export const RespondSayHiBody = z.object({
  sayid: sayId,
  response: text().trim().min(1).max(SAY_HI_RESPONSE_MAX),
});
