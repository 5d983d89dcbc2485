/** The invitation calls (paths and answer shapes in protocol/realtime.ts). */
import {
  type BookingRequestAnswer,
  type CancelRequestAnswer,
  type DisplayAnswer,
  type HangoutRequestAnswer,
  type IncomingRequestsData,
  type InstantInviteAnswer,
  InviteApi,
  type OnlineMembersData,
  type RecentInvitesData,
  type RequestStatusAnswer,
} from '../../../protocol/realtime';
import type { Flag } from '../../../protocol/types';
import { call } from '../../api/http';

export type { IncomingRequest, OnlineMember } from '../../../protocol/realtime';
export type RecentInvite = RecentInvitesData['list'][number];

/** handleBooking's type: 1 accepts, 2 declines. */
export type HandleType = 1 | 2;

export const instantInviteUser = (userId: string) =>
  call<InstantInviteAnswer>(InviteApi.instantInviteUser, { user_id: userId });

export const getOnlineMembers = async () =>
  (await call<OnlineMembersData>(InviteApi.onlineMembers, {})).list ?? [];

export const getIncomingRequests = async () =>
  (await call<IncomingRequestsData>(InviteApi.incomingRequests, {})).list ?? [];

export const handleBooking = (invitationId: string, type: HandleType) =>
  call<unknown>(InviteApi.handleBooking, { invitation_id: invitationId, type });

/** A member's instant One-on-One request (no book_time): it holds one minute of One-on-One. */
export const sendBookingRequest = (anchorId: string) =>
  call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: anchorId });

export const requestStatus = (invitationId: string) =>
  call<RequestStatusAnswer>(InviteApi.requestStatus, { invitation_id: invitationId });
export const cancelPrivateRequest = (invitationId: string) =>
  call<CancelRequestAnswer>(InviteApi.cancelPrivateRequest, { invitation_id: invitationId });

export const sendHangoutRequest = (anchorId: string) =>
  call<HangoutRequestAnswer>(InviteApi.hangoutRequest, { anchor_id: anchorId });

export const getRecentInvites = async () =>
  (await call<RecentInvitesData>(InviteApi.recentInvites, {})).list ?? [];

/**
 * The member's report of an anchor's public invite: type 0 when it was shown (spec 000 §7), type 1
 * when it was clicked (spec 001 §7), as the server reads them.
 */
export const reportPublicInvite = (logId: string, type: 0 | 1) =>
  call<unknown>(InviteApi.reportPublicInvite, { log_id: logId, type });

const displayed = (data: Partial<DisplayAnswer> | null | undefined) => Number(data?.display) === 1;

export const checkPublicDisplay = async (anchorId: string, id: string) =>
  displayed(await call<DisplayAnswer>(InviteApi.publicDisplay, { anchorId, id }));

export const checkPrivateDisplay = async (anchorId: string, id: string) =>
  displayed(await call<DisplayAnswer>(InviteApi.privateDisplay, { anchorId, id }));

export const checkHangoutDisplay = async (anchorid: string, id: string, isAuto: Flag) =>
  displayed(await call<DisplayAnswer>(InviteApi.hangoutDisplay, { anchorid, id, is_auto: isAuto }));

export const logAutoInviteClick = (id: string) => call<unknown>(InviteApi.clickLog, { id });

export const logHangoutClick = (anchorid: string, isAuto: Flag) =>
  call<unknown>(InviteApi.hangoutClickLog, { anchorid, is_auto: isAuto });
