/**
 * A broadcaster's scheduled invitations: she invites a member to one of her slots, at most
 * SCHEDULED_INVITE_DAILY_QUOTA a day (UTC), and may cancel one before its start. Nothing is charged
 * until he accepts it (BookingService.handle); a cancel refunds a deposit he paid.
 */
import {
  BOOKING_ID_PREFIX,
  SCHEDULED_INVITE_DAILY_QUOTA,
  type ScheduledInviteAnswer,
} from '../../../protocol/bookings/booking';
import { Errno, Messages } from '../../../protocol/errors';
import { EventRoute, type InviteData } from '../../../protocol/realtime';
import { ApiError, notFound } from '../../core/errors';
import type { StorageRepositories } from '../../storage/contract';
import { type Db, isUniqueViolation } from '../../storage/contract';
import { visibleAnchor } from '../discover';
import { newId, type RealtimeDeps, requestClosed } from '../invitations';
import { closeWithRefund } from './booking-deposits';
import { tellBooking } from './booking-views';
import { bookingsRepository } from './bookings-repository';
import { bookable, timeIdOf } from './timetable';

const DAY_MS = 24 * 3600_000;
const fail = (errno: number, msg: string) => new ApiError(errno, msg);

/** The start of the day (UTC) her invitations are counted from, for the daily quota. */
export const quotaDayStart = (now: number) => new Date(now - (now % DAY_MS));

export class BookingInvites {
  constructor(
    private readonly db: Db,
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the member blocks the broadcaster (server/features/safety, wired in services.ts). */
  blocks?: (memberId: string, anchorId: string) => Promise<boolean>;

  private get bookings() {
    return bookingsRepository(this.db);
  }

  /** POST /lady/v1/scheduledInviteUser {user_id, book_time, time_id}. */
  async invite(
    anchorId: string,
    input: { user_id: string; book_time: number; time_id?: string },
  ): Promise<ScheduledInviteAnswer> {
    const anchor = await visibleAnchor(this.repos, anchorId);
    const member = await this.repos.members.find(input.user_id);
    if (!member) throw notFound();
    if (anchor.priv.booking !== 1) throw fail(Errno.INVITE_NO_AUTHORITY, Messages.ladyNoBooking);
    if (!(await this.bookings.identityVerified(anchorId)))
      throw fail(Errno.INVITE_UNVERIFIED, Messages.inviteUnverified);
    const ms = input.book_time * 1000;
    if (!bookable(anchorId, ms, this.now()) || (input.time_id && input.time_id !== timeIdOf(anchorId, ms)))
      throw fail(Errno.INVITE_NOT_IN_TIMETABLE, Messages.inviteNotInTimetable);
    if (member.priv.oneonone !== 1) throw fail(Errno.INVITE_MEMBER_NO_PRIV, Messages.inviteMemberNoPriv);
    const bookTime = new Date(ms);
    const busyCheck = async () => {
      const live = await this.bookings.liveAt(anchorId, member.userid, bookTime);
      if (live.some((b) => b.anchorId === anchorId))
        throw fail(Errno.INVITE_ANCHOR_BUSY, Messages.inviteAnchorBusy);
      if (live.length) throw fail(Errno.INVITE_MEMBER_BUSY, Messages.inviteMemberBusy);
    };
    await busyCheck();
    const bookingId = newId(BOOKING_ID_PREFIX);
    // He blocks her: answered as if sent, never stored nor delivered (the block is not revealed).
    if (await this.blocks?.(member.userid, anchorId))
      return { invitation_id: bookingId, invite_id: bookingId };
    try {
      await this.db.transaction(async (tx) => {
        // The quota is counted under a per-broadcaster lock, so concurrent invitations cannot pass it.
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('glimmer:invite-quota:' || $1))`, [anchorId]);
        const used = await bookingsRepository(tx).invitesSince(anchorId, quotaDayStart(this.now()));
        if (used >= SCHEDULED_INVITE_DAILY_QUOTA) throw fail(Errno.INVITE_QUOTA, Messages.inviteQuota);
        await bookingsRepository(tx).insert({
          bookingId,
          kind: 'invite',
          anchorId,
          userId: member.userid,
          bookTime,
          timeId: timeIdOf(anchorId, ms),
          giftid: '',
          giftNum: 0,
          needSms: 0,
          deposit: 0,
          status: 'pending',
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await busyCheck();
      throw fail(Errno.INVITE_ANCHOR_BUSY, Messages.inviteAnchorBusy);
    }
    const notice: InviteData = {
      anchor_id: anchorId,
      nick_name: anchor.nickname,
      photourl: anchor.photourl,
      invite_id: bookingId,
      book_time: input.book_time,
      anchor_type: anchor.anchorType,
      msg: `${anchor.nickname} invites you to a scheduled One-on-One.`,
    };
    await this.rt.notifier.deliver(member.userid, EventRoute.scheduledInvite, notice);
    return { invitation_id: bookingId, invite_id: bookingId };
  }

  /** POST /lady/v1/cancelScheduledInvite {invite_id}: her invitation, before its start. */
  async cancelInvite(anchorId: string, bookingId: string): Promise<Record<string, never>> {
    const b = await this.bookings.find(bookingId);
    if (!b || b.anchorId !== anchorId || b.kind !== 'invite') throw notFound();
    if (b.bookTime.getTime() <= this.now()) throw requestClosed();
    const after = await closeWithRefund(
      this.db,
      this.rt.notifier,
      bookingId,
      ['pending', 'accepted'],
      'cancelled',
    );
    if (!after) throw requestClosed();
    await Promise.all([
      tellBooking(this.rt.notifier, b.userId, after),
      tellBooking(this.rt.notifier, b.anchorId, after),
    ]);
    return {};
  }
}
