/** One-on-One booking calls. sendBookingRequest, cancelPrivateRequest and handleBooking are shared
 * with the instant requests and dispatch in invitations.ts by book_time or the booking id. */
import { BookingApi } from '../../../protocol/bookings/booking';
import {
  BookingInfoBody,
  CancelScheduledInviteBody,
  Empty,
  PhoneBody,
  PhoneCodeBody,
  ScheduleDetailBody,
  ScheduledInviteBody,
} from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const bookingRoutes = [
  defineRoute({
    path: BookingApi.manBookingInfo,
    auth: 'man',
    schema: BookingInfoBody,
    async handler(ctx, body) {
      return ctx.services.bookingPages.memberInfo(ctx.caller.userid, body.userid, body.days);
    },
  }),
  defineRoute({
    path: BookingApi.ladyBookingInfo,
    auth: 'lady',
    schema: BookingInfoBody,
    async handler(ctx, body) {
      return ctx.services.bookingPages.ladyInfo(ctx.caller.userid, body.userid);
    },
  }),
  defineRoute({
    path: BookingApi.phoneVerifyCode,
    auth: 'man',
    schema: PhoneBody,
    async handler(ctx, body) {
      return ctx.services.phones.requestCode(ctx.caller.userid, body);
    },
  }),
  defineRoute({
    path: BookingApi.submitPhoneVerifyCode,
    auth: 'man',
    schema: PhoneCodeBody,
    async handler(ctx, body) {
      return ctx.services.phones.submitCode(ctx.caller.userid, body);
    },
  }),
  defineRoute({
    path: BookingApi.scheduledInviteUser,
    auth: 'lady',
    schema: ScheduledInviteBody,
    async handler(ctx, body) {
      return ctx.services.bookingInvites.invite(ctx.caller.userid, body);
    },
  }),
  defineRoute({
    path: BookingApi.cancelScheduledInvite,
    auth: 'lady',
    schema: CancelScheduledInviteBody,
    async handler(ctx, body) {
      return ctx.services.bookingInvites.cancelInvite(ctx.caller.userid, body.invite_id);
    },
  }),
  defineRoute({
    path: BookingApi.bookingTipsNum,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.bookingPages.tipsNum(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: BookingApi.bookingTipsList,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.bookingPages.tipsList(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: BookingApi.scheduleList,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.bookingPages.list(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: BookingApi.scheduleDetail,
    auth: 'user',
    schema: ScheduleDetailBody,
    async handler(ctx, body) {
      return ctx.services.bookingPages.detail(ctx.caller, body.invitation_id);
    },
  }),
  defineRoute({
    path: BookingApi.ladyBookings,
    auth: 'lady',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.bookingPages.ladyList(ctx.caller.userid);
    },
  }),
];
