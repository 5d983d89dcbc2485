/**
 * A member's own requests to a broadcaster: an instant One-on-One request (which holds one minute
 * of One-on-One until she answers), a hang-out request, cancelling; and her side: the open requests
 * and accepting or declining them. Open requests expire after MEMBER_REQUEST_LIFETIME_S and their
 * holds are refunded by `expireDue`, which any process may run (each refund happens once).
 */
import { Errno, Messages } from '../../../protocol/errors';
import {
  type BookingRequestAnswer,
  type BookingWillStartNotice,
  type CancelRequestAnswer,
  EventRoute,
  type HandleBookingAnswer,
  type HangoutRequestAnswer,
  type IncomingRequestsData,
  MEMBER_REQUEST_LIFETIME_S,
  type MemberHangoutRequestNotice,
  type MemberInstantRequestNotice,
  type RequestCancelledNotice,
  type RequestHandledNotice,
  type RequestStatusAnswer,
} from '../../../protocol/realtime';
import { ApiError, notFound } from '../../core/errors';
import type { MemberRecord, StorageRepositories } from '../../storage/contract';
import { visibleAnchor } from '../discover';
import { creditOf, notifyCredit, ONE_MINUTE_HUNDREDTHS } from '../money';
import { type InvitationService, leftSeconds, newId, type RealtimeDeps, requestClosed } from './invitations';
import type { CreditMove } from './invitations-repository';

/** The One-on-One room an accepted request opens: one per request. */
export const privateRoomId = (invitationId: string) => `PV${invitationId}`;
const fail = (errno: number, errmsg: string) => new ApiError(errno, errmsg);
const REQUEST_KINDS = ['request_instant', 'request_hangout'] as const;
/** How many open requests the broadcaster's list shows. */
const INCOMING_MAX = 50;

export class RequestService {
  /** Her bans (server/features/room-moderation): a member she banned cannot ask for a One-on-One. */
  mayEnter?: (anchorId: string, memberId: string) => Promise<void>;

  constructor(
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
    private readonly invitations: InvitationService,
  ) {}

  private async member(userid: string): Promise<MemberRecord> {
    const m = await this.repos.members.find(userid);
    if (!m) throw notFound();
    return m;
  }

  private async refunded(moves: (CreditMove | undefined)[]) {
    for (const move of moves) {
      if (move) await notifyCredit(this.rt.notifier, move.userId, move.creditHundredths);
    }
  }

  /**
   * POST /man/v1/sendBookingRequest. Without book_time: an instant One-on-One request. Checks in
   * the order a member can act on: who, my privilege, her availability, a request already open, credit.
   */
  async sendBookingRequest(
    memberId: string,
    anchorId: string,
    bookTime?: number,
  ): Promise<BookingRequestAnswer> {
    const anchor = await visibleAnchor(this.repos, anchorId);
    if (bookTime !== undefined) throw fail(Errno.BOOKING_UNAVAILABLE, Messages.bookingUnavailable);
    const member = await this.member(memberId);
    if (member.priv.oneonone !== 1) throw fail(Errno.NO_PRIVILEGE, Messages.noPrivilege);
    await this.mayEnter?.(anchor.userid, memberId);
    if (!(await this.invitations.anchorOnline(anchor)))
      throw fail(Errno.ANCHOR_OFFLINE, Messages.anchorOffline);
    if (anchor.priv.oneonone !== 1) throw fail(Errno.ANCHOR_NO_ONEONONE, Messages.anchorNoOneOnOne);
    if (await this.repos.invitations.aliveBetween(memberId, anchor.userid, 'request_instant')) {
      throw fail(Errno.REQUEST_PENDING, Messages.requestPending);
    }
    const invitationId = newId('R');
    const held = await this.repos.invitations.createWithHold(
      {
        inviteId: invitationId,
        kind: 'request_instant',
        anchorId: anchor.userid,
        userId: memberId,
        expiresAt: new Date(Date.now() + MEMBER_REQUEST_LIFETIME_S * 1000),
        payload: { nickname: member.nickname, photourl: member.photourl },
      },
      ONE_MINUTE_HUNDREDTHS,
    );
    if (!held) throw fail(Errno.NO_CREDIT, Messages.noCredit);
    const notice: MemberInstantRequestNotice = {
      userid: memberId,
      nickname: member.nickname,
      invitation_id: invitationId,
      photourl: member.photourl,
      left_seconds: MEMBER_REQUEST_LIFETIME_S,
    };
    await this.rt.notifier.deliver(anchor.userid, EventRoute.memberInstantRequest, notice);
    await notifyCredit(this.rt.notifier, memberId, held.creditHundredths);
    return { invitation_id: invitationId, left_credit: creditOf(held.creditHundredths) };
  }

  /** POST /man/v1/cancelPrivateRequest: the member's own open request; the hold comes back. */
  async cancel(memberId: string, invitationId: string): Promise<CancelRequestAnswer> {
    const record = await this.repos.invitations.find(invitationId);
    if (!record || record.userId !== memberId || !record.kind.startsWith('request_')) throw notFound();
    const closed = await this.repos.invitations.close(invitationId, 'cancelled');
    if (!closed) throw requestClosed();
    const member = await this.member(memberId);
    const notice: RequestCancelledNotice = {
      invitation_id: invitationId,
      userid: memberId,
      nickname: member.nickname,
    };
    await this.rt.notifier.deliver(record.anchorId, EventRoute.requestCancelled, notice);
    await this.refunded([closed.refund]);
    return { left_credit: creditOf(member.creditHundredths) };
  }

  /** His own request as it stands: the answer a socket that was away missed. */
  async status(memberId: string, invitationId: string): Promise<RequestStatusAnswer> {
    const record = await this.repos.invitations.find(invitationId);
    if (!record || record.userId !== memberId || !record.kind.startsWith('request_')) throw notFound();
    const anchor = await this.repos.anchors.find(record.anchorId);
    return {
      invitation_id: invitationId,
      anchor_id: record.anchorId,
      nickname: anchor?.nickname ?? '',
      status: record.status,
    };
  }

  /** POST /man/v1/sendHangoutRequest: both need the hang-out privilege; she must be online. */
  async hangoutRequest(memberId: string, anchorId: string): Promise<HangoutRequestAnswer> {
    const anchor = await visibleAnchor(this.repos, anchorId);
    const member = await this.member(memberId);
    if (member.priv.hangout !== 1) throw fail(Errno.NO_PRIVILEGE, Messages.noPrivilege);
    if (!(await this.invitations.anchorOnline(anchor)))
      throw fail(Errno.ANCHOR_OFFLINE, Messages.anchorOffline);
    if (anchor.priv.hangout !== 1) throw fail(Errno.ANCHOR_NO_HANGOUT, Messages.anchorNoHangout);
    if (await this.repos.invitations.aliveBetween(memberId, anchor.userid, 'request_hangout')) {
      throw fail(Errno.REQUEST_PENDING, Messages.requestPending);
    }
    const inviteId = newId('H');
    await this.repos.invitations.create({
      inviteId,
      kind: 'request_hangout',
      anchorId: anchor.userid,
      userId: memberId,
      expiresAt: new Date(Date.now() + MEMBER_REQUEST_LIFETIME_S * 1000),
      payload: { nickname: member.nickname, photourl: member.photourl },
    });
    const notice: MemberHangoutRequestNotice = {
      invite_id: inviteId,
      user_id: memberId,
      nickname: member.nickname,
      photourl: member.photourl,
      left_seconds: MEMBER_REQUEST_LIFETIME_S,
    };
    await this.rt.notifier.deliver(anchor.userid, EventRoute.memberHangoutRequest, notice);
    return { invite_id: inviteId };
  }

  /** POST /lady/v1/getIncomingRequests: open requests to her, newest first. */
  async incoming(anchorId: string): Promise<IncomingRequestsData> {
    const records = await this.repos.invitations.aliveForAnchor(anchorId, [...REQUEST_KINDS], INCOMING_MAX);
    const now = Date.now();
    return {
      list: records.map((r) => ({
        invitation_id: r.inviteId,
        type: r.kind === 'request_hangout' ? 'hangout' : 'instant',
        userid: r.userId,
        nickname: String(r.payload.nickname ?? ''),
        photourl: String(r.payload.photourl ?? ''),
        left_seconds: leftSeconds(r, now),
        created_at: Math.floor(r.createdAt.getTime() / 1000),
        status: r.status === 'shown' ? 'shown' : 'sent',
      })),
    };
  }

  /** POST /manList/v1/handleBooking {invitation_id, type: 1 accept | 2 decline}. */
  async handle(anchorId: string, invitationId: string, type: number): Promise<HandleBookingAnswer> {
    const record = await this.repos.invitations.find(invitationId);
    if (!record || record.anchorId !== anchorId || !record.kind.startsWith('request_')) throw notFound();
    const accepted = type === 1;
    const closed = await this.repos.invitations.close(invitationId, accepted ? 'accepted' : 'declined');
    if (!closed) throw requestClosed();
    const anchor = await this.repos.anchors.find(anchorId);
    const notice: RequestHandledNotice = {
      invitation_id: invitationId,
      anchor_id: anchorId,
      nickname: anchor?.nickname ?? '',
      accepted: accepted ? 1 : 0,
    };
    await this.rt.notifier.deliver(record.userId, EventRoute.requestHandled, notice);
    // Accepted One-on-One: the room is about to open. `close` succeeds once, so this goes out once.
    if (accepted && record.kind === 'request_instant' && anchor) {
      const willStart: BookingWillStartNotice = {
        type: 'requestWillStart',
        anchor_id: anchorId,
        nickname: anchor.nickname,
        photourl: anchor.photourl,
        roomid: privateRoomId(invitationId),
        room_type: anchor.anchorType === 2 ? 4 : 2,
      };
      await this.rt.notifier.deliver(record.userId, EventRoute.bookingNotice, willStart);
    }
    await this.refunded([closed.refund]);
    return { invitation_id: invitationId, accepted: accepted ? 1 : 0 };
  }

  /** Expires every open invitation past its time and refunds holds; returns how many expired. */
  async expireDue(): Promise<number> {
    const { records, refunds } = await this.repos.invitations.expireDue();
    await this.refunded(refunds);
    return records.length;
  }
}
