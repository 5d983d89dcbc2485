/** Calls for invitations, a member's requests, the broadcaster workspace, display checks. */

import { isBookingId } from '../../../protocol/bookings/booking';
import { InviteApi } from '../../../protocol/realtime';
import {
  ClickLogBody,
  DisplayBody,
  Empty,
  HandleBookingBody,
  HangoutClickLogBody,
  HangoutDisplayBody,
  HangoutRequestBody,
  InstantInviteBody,
  InvitationIdBody,
  ReportPublicInviteBody,
  SendBookingRequestBody,
} from '../../../protocol/schemas';
import { forbidden } from '../../core/errors';
import { defineRoute } from '../../http/route';

export const invitationRoutes = [
  // The broadcaster's side.
  defineRoute({
    path: InviteApi.instantInviteUser,
    auth: 'lady',
    schema: InstantInviteBody,
    async handler(ctx, body) {
      return ctx.services.invitations.instantInvite(ctx.caller.userid, body.user_id);
    },
  }),
  defineRoute({
    path: InviteApi.onlineMembers,
    auth: 'lady',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.invitations.onlineMembers();
    },
  }),
  defineRoute({
    path: InviteApi.incomingRequests,
    auth: 'lady',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.requests.incoming(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: InviteApi.handleBooking,
    // Bookings: a member answers a broadcaster's scheduled invitation (BK… ids) with it too.
    auth: 'user',
    schema: HandleBookingBody,
    async handler(ctx, body) {
      if (isBookingId(body.invitation_id))
        return ctx.services.bookings.handle(ctx.caller, body.invitation_id, body.type);
      if (ctx.caller.role !== 'lady') throw forbidden();
      return ctx.services.requests.handle(ctx.caller.userid, body.invitation_id, body.type);
    },
  }),
  // The member's side.
  defineRoute({
    path: InviteApi.sendBookingRequest,
    auth: 'man',
    schema: SendBookingRequestBody,
    async handler(ctx, body) {
      // With book_time it books a scheduled One-on-One.
      if (body.book_time !== undefined)
        return ctx.services.bookings.send(ctx.caller.userid, { ...body, book_time: body.book_time });
      return ctx.services.requests.sendBookingRequest(ctx.caller.userid, body.userid, body.book_time);
    },
  }),
  defineRoute({
    path: InviteApi.requestStatus,
    auth: 'man',
    schema: InvitationIdBody,
    handler: (ctx, body) => ctx.services.requests.status(ctx.caller.userid, body.invitation_id),
  }),
  defineRoute({
    path: InviteApi.cancelPrivateRequest,
    auth: 'man',
    schema: InvitationIdBody,
    async handler(ctx, body) {
      if (isBookingId(body.invitation_id))
        return ctx.services.bookings.cancel(ctx.caller.userid, body.invitation_id);
      return ctx.services.requests.cancel(ctx.caller.userid, body.invitation_id);
    },
  }),
  defineRoute({
    path: InviteApi.hangoutRequest,
    auth: 'man',
    schema: HangoutRequestBody,
    async handler(ctx, body) {
      return ctx.services.requests.hangoutRequest(ctx.caller.userid, body.anchor_id);
    },
  }),
  defineRoute({
    path: InviteApi.recentInvites,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.invitations.recent(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: InviteApi.reportPublicInvite,
    auth: 'man',
    schema: ReportPublicInviteBody,
    async handler(ctx, body) {
      return ctx.services.invitations.reportPublicInvite(ctx.caller.userid, body.log_id, body.type);
    },
  }),
  defineRoute({
    path: InviteApi.publicDisplay,
    auth: 'man',
    schema: DisplayBody,
    async handler(ctx, body) {
      return ctx.services.invitations.display(ctx.caller.userid, 'public', body.anchorId, body.id);
    },
  }),
  defineRoute({
    path: InviteApi.privateDisplay,
    auth: 'man',
    schema: DisplayBody,
    async handler(ctx, body) {
      return ctx.services.invitations.display(ctx.caller.userid, 'private', body.anchorId, body.id);
    },
  }),
  defineRoute({
    path: InviteApi.hangoutDisplay,
    auth: 'man',
    schema: HangoutDisplayBody,
    async handler(ctx, body) {
      return ctx.services.invitations.display(ctx.caller.userid, 'hangout', body.anchorid, body.id);
    },
  }),
  defineRoute({
    path: InviteApi.clickLog,
    auth: 'man',
    schema: ClickLogBody,
    async handler(ctx, body) {
      return ctx.services.invitations.clickLog(ctx.caller.userid, body.id);
    },
  }),
  defineRoute({
    path: InviteApi.hangoutClickLog,
    auth: 'man',
    schema: HangoutClickLogBody,
    async handler(ctx, body) {
      return ctx.services.invitations.hangoutClickLog(ctx.caller.userid, body.anchorid, body.is_auto);
    },
  }),
];
