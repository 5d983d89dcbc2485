/**
 * Scheduled One-on-One bookings (spec 001 §2–§9, 002 §3–§5, 000 §7), both ways:
 * - a member books a broadcaster's free slot (sendBookingRequest with book_time): the deposit (the
 *   first BOOKING_DEPOSIT_MINUTES of One-on-One plus the gifts) is charged in the transaction that
 *   records the booking; she accepts or declines (handleBooking), he may cancel (cancelPrivateRequest);
 * - a broadcaster invites a member to one of her slots (scheduledInviteUser): nothing is charged
 *   until he accepts it (handleBooking from his side), when the deposit is charged.
 * Declined, cancelled, expired (unanswered at the start) and no-show bookings are refunded exactly
 * the deposit, once (ledger keys booking:<id>:deposit and booking:<id>:refund).
 */
import {
  BOOKING_DEPOSIT_MINUTES,
  BOOKING_GIFT_NUMS,
  BOOKING_POPUP_DAYS,
  BookingEvent,
  type BookingEventData,
  type BookingInfo,
  type BookingItem,
  type BookingTip,
  SCHEDULED_INVITE_DAILY_QUOTA,
  type ScheduledInviteAnswer,
  type ScheduleListData,
  type SendBookingAnswer,
} from '../../protocol/booking';
import { Errno, Messages } from '../../protocol/errors';
import { toHundredths } from '../../protocol/money';
import {
  EventRoute,
  type InviteData,
  ONE_ON_ONE_CREDIT_PER_MINUTE,
  type RequestCancelledNotice,
  type RequestHandledNotice,
} from '../../protocol/realtime';
import type { AnchorRecord, Db, GiftRecord } from '../storage/contract';
import type { StorageRepositories } from '../storage/repositories';
import { type BookingView, bookingsRepository, type NewBooking } from '../storage/repositories/bookings';
import { ledgerRepository } from '../storage/repositories/ledger';
import type { Caller } from './anchors';
import { creditOf, notifyCredit } from './credit';
import { ApiError, forbidden, notFound } from './errors';
import {
  type InvitationService,
  isVisibleAnchor,
  newId,
  type RealtimeDeps,
  requestClosed,
} from './invitations';
import type { PhoneService } from './phone';
import { bookable, slotsAhead, timeIdOf } from './timetable';

/** The deposit's One-on-One part, in hundredths. */
export const DEPOSIT_BASE_HUNDREDTHS = toHundredths(ONE_ON_ONE_CREDIT_PER_MINUTE * BOOKING_DEPOSIT_MINUTES);
/** Booking ids: requests and invitations alike; instant request ids (R…) never start so. */
export const BOOKING_ID_PREFIX = 'BK';
export const isBookingId = (id: string) => id.startsWith(BOOKING_ID_PREFIX);
export const depositKey = (id: string) => `booking:${id}:deposit`;
export const refundKey = (id: string) => `booking:${id}:refund`;

const DAY_MS = 24 * 3600_000;
const fail = (errno: number, msg: string) => new ApiError(errno, msg);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';
/** Thrown inside a transaction to roll it back when the member's credit is short. */
class ShortOfCredit extends Error {}

/**
 * A member's pending request, inside the caller's transaction: his deposit through the ledger,
 * then the booking. Answers his balance after, or undefined when his credit does not cover it
 * (nothing written; the caller rolls back). The charge comes first: it locks the member's row
 * before the booking's foreign key takes a share lock on it, so two bookings of one member queue
 * instead of deadlocking.
 */
async function chargeAndRecord(tx: Db, b: Omit<NewBooking, 'kind' | 'status'>): Promise<number | undefined> {
  const moved = await ledgerRepository(tx).move({
    userId: b.userId,
    delta: -b.deposit,
    reason: 'booking_deposit',
    ref: b.bookingId,
    key: depositKey(b.bookingId),
    payee: b.anchorId,
  });
  if (moved.status === 'insufficient') return undefined;
  await bookingsRepository(tx).insert({ ...b, kind: 'request', status: 'pending' });
  return moved.entry.balanceAfter;
}

export function itemOf(b: BookingView): BookingItem {
  return {
    invitation_id: b.bookingId,
    kind: b.kind,
    status: b.status,
    anchor_id: b.anchorId,
    anchor_nickname: b.anchorNickname,
    anchor_avatar: b.anchorAvatar,
    user_id: b.userId,
    user_nickname: b.userNickname,
    user_avatar: b.userAvatar,
    book_time: seconds(b.bookTime),
    giftid: b.giftid,
    gift_num: b.giftNum,
    need_sms: b.needSms,
    deposit: creditOf(b.deposit),
    created_at: seconds(b.createdAt),
  };
}

/** A booking tip (spec 002 §3) from the member's side; undefined for completed bookings. */
export function tipOf(b: BookingView, now: number): BookingTip | undefined {
  const name = b.anchorNickname;
  let infoType: BookingTip['infoType'];
  let description: string;
  if (b.status === 'accepted') {
    if (b.bookTime.getTime() <= now) return undefined;
    infoType = 0;
    description = `Your One-on-One with ${name} is scheduled.`;
  } else if (b.status === 'pending' && b.kind === 'invite') {
    infoType = 1;
    description = `${name} invites you to a scheduled One-on-One.`;
  } else if (b.status === 'pending') {
    infoType = 2;
    description = `Your booking request is waiting for ${name}'s answer.`;
  } else if (b.status === 'declined') {
    infoType = 3;
    description =
      b.kind === 'invite'
        ? `You declined ${name}'s invitation.`
        : `${name} declined your booking. Your deposit has been refunded.`;
  } else if (b.status === 'completed') {
    return undefined;
  } else {
    infoType = 4;
    const why = {
      cancelled: 'was cancelled',
      expired: 'expired without an answer',
      noshow: 'did not take place',
    }[b.status];
    description = `Your One-on-One with ${name} ${why}.${b.deposit > 0 ? ' Your deposit has been refunded.' : ''}`;
  }
  return {
    invitation_id: b.bookingId,
    anchor_id: b.anchorId,
    avatar_img: b.anchorAvatar,
    nick_name: name,
    infoType,
    user_is_read: b.userIsRead,
    description,
    book_timestamp: seconds(b.bookTime),
  };
}

export interface SendBookingInput {
  userid: string;
  book_time: number;
  time_id?: string;
  giftid?: string;
  gift_num?: number;
  need_sms?: 0 | 1;
}

/** A checked slot for a request sent by mail (BookingService.checkMailRequest). */
export interface MailRequestPlan {
  anchorId: string;
  memberId: string;
  bookTime: Date;
  timeId: string;
}

/** Runs before a booking is answered (handleBooking); throws to refuse. The mail domain uses it for
 * requests sent by mail ('request sent by mail must be read first'). */
export type AnswerGuard = (b: BookingView, now: number) => Promise<void>;

export class BookingService {
  private answerGuard: AnswerGuard | undefined;

  constructor(
    private readonly db: Db,
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
    private readonly invitations: InvitationService,
    private readonly phones: PhoneService,
    private readonly now: () => number = Date.now,
  ) {}

  private get bookings() {
    return bookingsRepository(this.db);
  }

  /** The mail domain's check before a booking is answered. */
  setAnswerGuard(guard: AnswerGuard): void {
    this.answerGuard = guard;
  }

  /**
   * A request sent by mail: the checks of `send` (privileges, her timetable, conflicts),
   * the start `minS`..`maxS` seconds from now (else `windowError`), no gifts or SMS. A live request
   * for the same slot is a duplicate here (the mail's key makes a double click send once).
   */
  async checkMailRequest(
    memberId: string,
    input: { anchorId: string; bookTime: number; timeId?: string },
    window: { minS: number; maxS: number; error: () => Error },
  ): Promise<MailRequestPlan> {
    const ms = input.bookTime * 1000;
    const anchor = await this.checkRequest(memberId, input.anchorId, ms, input.timeId, window);
    const bookTime = new Date(ms);
    const want = { anchorId: anchor.userid, giftid: '', giftNum: 0, needSms: 0 };
    if (await this.conflict(memberId, bookTime, want))
      throw fail(Errno.BOOK_DUPLICATE, Messages.bookDuplicate);
    return { anchorId: anchor.userid, memberId, bookTime, timeId: timeIdOf(anchor.userid, ms) };
  }

  /**
   * Inside the caller's transaction (the mail's), charges `deposit` through the ledger and
   * records the pending request. 'short' when the credit does not cover it (the caller rolls back).
   * A slot taken meanwhile fails on the slot index like `send`.
   */
  async insertMailRequest(
    tx: Db,
    plan: MailRequestPlan,
    bookingId: string,
    deposit: number,
  ): Promise<{ status: 'ok'; balance: number } | { status: 'short' }> {
    const balance = await chargeAndRecord(tx, {
      bookingId,
      anchorId: plan.anchorId,
      userId: plan.memberId,
      bookTime: plan.bookTime,
      timeId: plan.timeId,
      giftid: '',
      giftNum: 0,
      needSms: 0,
      deposit,
    });
    return balance === undefined ? { status: 'short' } : { status: 'ok', balance };
  }

  /** After the mail's transaction, why a slot insert failed (an errno), like `send`. */
  async mailRequestConflict(plan: MailRequestPlan): Promise<ApiError> {
    try {
      const want = { anchorId: plan.anchorId, giftid: '', giftNum: 0, needSms: 0 };
      if (await this.conflict(plan.memberId, plan.bookTime, want))
        return fail(Errno.BOOK_DUPLICATE, Messages.bookDuplicate);
      return fail(Errno.BOOK_SLOT_TAKEN, Messages.bookTimeUnavailable);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  }

  /** Tells her a request arrived (as `send` does), after the mail's transaction. */
  async announceRequest(bookingId: string): Promise<BookingItem | undefined> {
    const booking = await this.bookings.find(bookingId);
    if (!booking) return undefined;
    await this.rt.notifier.deliver(booking.anchorId, BookingEvent.bookingRequest, {
      booking: itemOf(booking),
    } satisfies BookingEventData);
    return itemOf(booking);
  }

  /** One booking as the pages show it (for the letter that carries it). */
  async itemFor(bookingId: string): Promise<BookingItem | undefined> {
    const b = await this.bookings.find(bookingId);
    return b && itemOf(b);
  }

  /**
   * The checks every member's request passes (`send`, a request by mail): both sides exist, he may
   * book and she takes bookings, the start is inside `window` when one is given, and the slot is
   * on her timetable (and is `timeId`, when he names one). Answers her record.
   */
  private async checkRequest(
    memberId: string,
    anchorId: string,
    ms: number,
    timeId: string | undefined,
    window?: { minS: number; maxS: number; error: () => Error },
  ): Promise<AnchorRecord> {
    const anchor = await this.visibleAnchor(anchorId);
    const member = await this.repos.members.find(memberId);
    if (!member) throw notFound();
    if (member.priv.oneonone !== 1) throw fail(Errno.NO_PRIVILEGE, Messages.noPrivilege);
    if (anchor.priv.booking !== 1) throw fail(Errno.ANCHOR_NO_BOOKING, Messages.anchorNoBooking);
    const now = this.now();
    if (window && (ms < now + window.minS * 1000 || ms > now + window.maxS * 1000)) throw window.error();
    if (!bookable(anchor.userid, ms, now) || (timeId && timeId !== timeIdOf(anchor.userid, ms)))
      throw fail(Errno.BOOK_TIME_UNAVAILABLE, Messages.bookTimeUnavailable);
    return anchor;
  }

  private async visibleAnchor(anchorId: string): Promise<AnchorRecord> {
    const anchor = await this.repos.anchors.find(anchorId);
    if (!isVisibleAnchor(anchor)) throw notFound();
    return anchor;
  }

  private async giftList(): Promise<GiftRecord[]> {
    return this.repos.gifts.all();
  }

  private async emit(userid: string, b: BookingView): Promise<void> {
    const data: BookingEventData = { booking: itemOf(b) };
    await this.rt.notifier.deliver(userid, BookingEvent.bookingChanged, data);
  }

  /** POST /man/v1/getCreateBookingInfo {userid: broadcaster}. */
  async memberInfo(memberId: string, anchorId: string, days = BOOKING_POPUP_DAYS): Promise<BookingInfo> {
    const anchor = await this.visibleAnchor(anchorId);
    const now = this.now();
    const slots = anchor.priv.booking === 1 ? slotsAhead(anchor.userid, now, days) : [];
    const busy = await this.busy(anchor.userid, memberId, slots);
    const phone = await this.phones.verified(memberId);
    const gifts = await this.giftList();
    return {
      priv: { booking: anchor.priv.booking === 1 },
      book_deposit: creditOf(DEPOSIT_BASE_HUNDREDTHS),
      book_gift: {
        gift_list: gifts.map((g) => ({
          giftid: g.giftid,
          send_num_list: BOOKING_GIFT_NUMS.map((num, i) => ({ num, is_default: i === 0 ? 1 : 0 })),
          name: g.name,
          small_imgurl: g.imgurl,
          credit: creditOf(g.creditHundredths),
        })),
      },
      book_time: slots.map((t) => ({
        status: busy.has(t) ? 1 : 0,
        time: Math.floor(t / 1000),
        time_id: timeIdOf(anchor.userid, t),
      })),
      book_phone: phone
        ? { country: phone.country, area_code: phone.areaCode, phone_no: phone.phoneNo }
        : null,
    };
  }

  /** POST /lady/v1/getCreateBookingInfo {userid: member}: her own slots, busy where either is. */
  async ladyInfo(anchorId: string, memberId: string): Promise<BookingInfo> {
    const anchor = await this.visibleAnchor(anchorId);
    if (!(await this.repos.members.find(memberId))) throw notFound();
    const now = this.now();
    const slots = anchor.priv.booking === 1 ? slotsAhead(anchor.userid, now, BOOKING_POPUP_DAYS) : [];
    const busy = await this.busy(anchor.userid, memberId, slots);
    const used = await this.bookings.invitesSince(anchor.userid, this.dayStart());
    return {
      priv: { booking: anchor.priv.booking === 1 },
      book_deposit: creditOf(DEPOSIT_BASE_HUNDREDTHS),
      book_gift: { gift_list: [] },
      book_time: slots.map((t) => ({
        status: busy.has(t) ? 1 : 0,
        time: Math.floor(t / 1000),
        time_id: timeIdOf(anchor.userid, t),
      })),
      book_phone: null,
      quota_left: Math.max(0, SCHEDULED_INVITE_DAILY_QUOTA - used),
    };
  }

  private async busy(anchorId: string, memberId: string, slots: number[]): Promise<Set<number>> {
    if (!slots.length) return new Set();
    const [first, last] = [slots[0] as number, slots[slots.length - 1] as number];
    const [hers, his] = await Promise.all([
      this.bookings.busyTimes({ anchorId }, new Date(first), new Date(last)),
      this.bookings.busyTimes({ userId: memberId }, new Date(first), new Date(last)),
    ]);
    return new Set([...hers, ...his]);
  }

  private dayStart(): Date {
    const now = this.now();
    return new Date(now - (now % DAY_MS));
  }

  /**
   * POST /man/v1/sendBookingRequest with book_time. Checks in the order a member can act on; a
   * repeat of the same request while it is live (a double click, a retry) answers the same booking
   * and charges nothing more.
   */
  async send(memberId: string, input: SendBookingInput): Promise<SendBookingAnswer> {
    const ms = input.book_time * 1000;
    const anchor = await this.checkRequest(memberId, input.userid, ms, input.time_id);
    const giftid = input.giftid ?? '';
    const giftNum = giftid ? (input.gift_num ?? BOOKING_GIFT_NUMS[0]) : 0;
    let giftCost = 0;
    if (giftid) {
      const gift = (await this.giftList()).find((g) => g.giftid === giftid);
      if (!gift || !(BOOKING_GIFT_NUMS as readonly number[]).includes(giftNum))
        throw fail(Errno.BOOK_GIFT_INVALID, Messages.bookGiftInvalid);
      giftCost = gift.creditHundredths * giftNum;
    }
    const needSms = input.need_sms === 1 ? 1 : 0;
    if (needSms && !(await this.phones.verified(memberId)))
      throw fail(Errno.BOOK_PHONE_UNVERIFIED, Messages.bookPhoneUnverified);
    const want = { anchorId: anchor.userid, giftid, giftNum, needSms };
    const bookTime = new Date(ms);
    const repeat = await this.conflict(memberId, bookTime, want);
    if (repeat) return this.answerFor(repeat, memberId);

    const bookingId = newId(BOOKING_ID_PREFIX);
    const deposit = DEPOSIT_BASE_HUNDREDTHS + giftCost;
    let balance: number;
    try {
      balance = await this.db.transaction(async (tx) => {
        const after = await chargeAndRecord(tx, {
          bookingId,
          anchorId: anchor.userid,
          userId: memberId,
          bookTime,
          timeId: timeIdOf(anchor.userid, ms),
          giftid,
          giftNum,
          needSms,
          deposit,
        });
        if (after === undefined) throw new ShortOfCredit();
        return after;
      });
    } catch (error) {
      if (error instanceof ShortOfCredit) throw fail(Errno.NO_CREDIT, Messages.noCredit);
      if (!isUniqueViolation(error)) throw error;
      // Another request took the slot meanwhile (maybe our own double click): say which.
      const winner = await this.conflict(memberId, bookTime, want);
      if (winner) return this.answerFor(winner, memberId);
      throw fail(Errno.BOOK_SLOT_TAKEN, Messages.bookTimeUnavailable);
    }
    const booking = await this.bookings.find(bookingId);
    await notifyCredit(this.rt.notifier, memberId, balance);
    if (booking) {
      await this.rt.notifier.deliver(anchor.userid, BookingEvent.bookingRequest, {
        booking: itemOf(booking),
      } satisfies BookingEventData);
    }
    return { invitation_id: bookingId, left_credit: creditOf(balance) };
  }

  /** A live booking in the way of this one: the same request again (returned), or an errno. */
  private async conflict(
    memberId: string,
    bookTime: Date,
    want: { anchorId: string; giftid: string; giftNum: number; needSms: number },
  ): Promise<BookingView | undefined> {
    const live = await this.bookings.liveAt(want.anchorId, memberId, bookTime);
    const mine = live.find((b) => b.userId === memberId && b.anchorId === want.anchorId);
    if (mine) {
      const same =
        mine.kind === 'request' &&
        mine.status === 'pending' &&
        mine.giftid === want.giftid &&
        mine.giftNum === want.giftNum &&
        mine.needSms === want.needSms;
      if (same) return mine;
      throw fail(Errno.BOOK_DUPLICATE, Messages.bookDuplicate);
    }
    if (live.some((b) => b.userId === memberId)) throw fail(Errno.BOOK_MEMBER_BUSY, Messages.bookMemberBusy);
    if (live.length) throw fail(Errno.BOOK_SLOT_TAKEN, Messages.bookTimeUnavailable);
    return undefined;
  }

  private async answerFor(b: BookingView, memberId: string): Promise<SendBookingAnswer> {
    const member = await this.repos.members.find(memberId);
    return { invitation_id: b.bookingId, left_credit: creditOf(member?.creditHundredths ?? 0) };
  }

  /** POST /lady/v1/scheduledInviteUser {user_id, book_time, time_id}. */
  async invite(
    anchorId: string,
    input: { user_id: string; book_time: number; time_id?: string },
  ): Promise<ScheduledInviteAnswer> {
    const anchor = await this.visibleAnchor(anchorId);
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
    try {
      await this.db.transaction(async (tx) => {
        // The quota is counted under a per-broadcaster lock, so concurrent invitations cannot pass it.
        await tx.query(`SELECT pg_advisory_xact_lock(hashtext('glimmer:invite-quota:' || $1))`, [anchorId]);
        const used = await bookingsRepository(tx).invitesSince(anchorId, this.dayStart());
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

  /** POST /manList/v1/handleBooking for a booking: she answers his request, he answers her invitation. */
  async handle(
    caller: Caller,
    bookingId: string,
    type: number,
  ): Promise<{ invitation_id: string; accepted: 0 | 1 }> {
    const b = await this.bookings.find(bookingId);
    const answerer = b && (b.kind === 'request' ? b.anchorId : b.userId);
    if (!b || answerer !== caller.userid) throw notFound();
    await this.answerGuard?.(b, this.now());
    const accept = type === 1;
    if (b.bookTime.getTime() <= this.now()) throw requestClosed();
    let after: BookingView | undefined;
    let balance: number | undefined;
    if (b.kind === 'request') {
      after = accept
        ? await this.bookings.transition(bookingId, ['pending'], 'accepted')
        : await this.closeWithRefund(bookingId, ['pending'], 'declined');
    } else if (accept) {
      // His yes to her invitation: the deposit is charged now, with the booking's change.
      try {
        const out = await this.db.transaction(async (tx) => {
          const changed = await bookingsRepository(tx).transition(
            bookingId,
            ['pending'],
            'accepted',
            DEPOSIT_BASE_HUNDREDTHS,
          );
          if (!changed) return undefined;
          const moved = await ledgerRepository(tx).move({
            userId: b.userId,
            delta: -DEPOSIT_BASE_HUNDREDTHS,
            reason: 'booking_deposit',
            ref: bookingId,
            key: depositKey(bookingId),
            payee: b.anchorId,
          });
          if (moved.status === 'insufficient') throw new ShortOfCredit();
          return { changed, balance: moved.entry.balanceAfter };
        });
        after = out?.changed;
        balance = out?.balance;
      } catch (error) {
        if (error instanceof ShortOfCredit) throw fail(Errno.NO_CREDIT, Messages.noCredit);
        throw error;
      }
    } else {
      after = await this.bookings.transition(bookingId, ['pending'], 'declined');
    }
    if (!after) throw requestClosed();
    if (balance !== undefined) await notifyCredit(this.rt.notifier, b.userId, balance);
    if (b.kind === 'request') {
      const notice: RequestHandledNotice & { book_time: number } = {
        invitation_id: bookingId,
        anchor_id: b.anchorId,
        nickname: b.anchorNickname,
        accepted: accept ? 1 : 0,
        book_time: seconds(b.bookTime),
      };
      await this.rt.notifier.deliver(b.userId, EventRoute.requestHandled, notice);
    }
    await Promise.all([this.emit(b.userId, after), this.emit(b.anchorId, after)]);
    return { invitation_id: bookingId, accepted: accept ? 1 : 0 };
  }

  /** Closes a booking and returns exactly its deposit, in one transaction; undefined if not open. */
  private async closeWithRefund(
    bookingId: string,
    from: BookingView['status'][],
    to: BookingView['status'],
  ): Promise<BookingView | undefined> {
    const out = await this.db.transaction(async (tx) => {
      const changed = await bookingsRepository(tx).transition(bookingId, from, to);
      if (!changed) return undefined;
      let balance: number | undefined;
      if (changed.deposit > 0) {
        const moved = await ledgerRepository(tx).move({
          userId: changed.userId,
          delta: changed.deposit,
          reason: 'booking_refund',
          ref: bookingId,
          key: refundKey(bookingId),
          payee: null,
        });
        if (moved.status !== 'insufficient') balance = moved.entry.balanceAfter;
      }
      return { changed, balance };
    });
    if (out?.balance !== undefined) await notifyCredit(this.rt.notifier, out.changed.userId, out.balance);
    return out?.changed;
  }

  /** POST /man/v1/cancelPrivateRequest for a booking: before its start; the deposit comes back. */
  async cancel(memberId: string, bookingId: string): Promise<{ left_credit: number }> {
    const b = await this.bookings.find(bookingId);
    if (!b || b.userId !== memberId) throw notFound();
    // Her pending invitation is declined, not cancelled.
    if (b.kind === 'invite' && b.status === 'pending') throw forbidden();
    if (b.bookTime.getTime() <= this.now()) throw requestClosed();
    const after = await this.closeWithRefund(bookingId, ['pending', 'accepted'], 'cancelled');
    if (!after) throw requestClosed();
    const notice: RequestCancelledNotice = {
      invitation_id: bookingId,
      userid: memberId,
      nickname: b.userNickname,
    };
    await this.rt.notifier.deliver(b.anchorId, EventRoute.requestCancelled, notice);
    await Promise.all([this.emit(b.userId, after), this.emit(b.anchorId, after)]);
    const member = await this.repos.members.find(memberId);
    return { left_credit: creditOf(member?.creditHundredths ?? 0) };
  }

  /** POST /lady/v1/cancelScheduledInvite {invite_id}: her invitation, before its start. */
  async cancelInvite(anchorId: string, bookingId: string): Promise<Record<string, never>> {
    const b = await this.bookings.find(bookingId);
    if (!b || b.anchorId !== anchorId || b.kind !== 'invite') throw notFound();
    if (b.bookTime.getTime() <= this.now()) throw requestClosed();
    const after = await this.closeWithRefund(bookingId, ['pending', 'accepted'], 'cancelled');
    if (!after) throw requestClosed();
    await Promise.all([this.emit(b.userId, after), this.emit(b.anchorId, after)]);
    return {};
  }

  /** Settles what is due at `now`: unanswered at the start → expired; accepted and she is not
   * online BOOKING_NO_SHOW_S after the start → no-show; both refunded. Otherwise completed. */
  async settleDue(now: number, noShowS: number): Promise<BookingView[]> {
    const due = await this.bookings.dueToSettle(new Date(now), noShowS);
    const settled: BookingView[] = [];
    for (const b of due) {
      let after: BookingView | undefined;
      if (b.status === 'pending') after = await this.closeWithRefund(b.bookingId, ['pending'], 'expired');
      else {
        const anchor = await this.repos.anchors.find(b.anchorId);
        const showed = anchor ? await this.invitations.anchorOnline(anchor) : false;
        after = showed
          ? await this.bookings.transition(b.bookingId, ['accepted'], 'completed')
          : await this.closeWithRefund(b.bookingId, ['accepted'], 'noshow');
      }
      if (after) {
        settled.push(after);
        await Promise.all([this.emit(after.userId, after), this.emit(after.anchorId, after)]);
      }
    }
    return settled;
  }

  /** Ours: the member's bookings for /schedule and /liverequest. */
  async list(memberId: string): Promise<ScheduleListData> {
    const all = await this.bookings.forMember(memberId);
    const now = this.now();
    const scheduled = (b: BookingView) => b.status === 'accepted' && b.bookTime.getTime() > now;
    const pending = (b: BookingView) => b.status === 'pending';
    return {
      list: all.map(itemOf),
      counts: {
        total: all.length,
        pending: all.filter(pending).length,
        scheduled: all.filter(scheduled).length,
        history: all.filter((b) => !pending(b) && !scheduled(b)).length,
      },
    };
  }

  async detail(caller: Caller, bookingId: string): Promise<BookingItem> {
    const b = await this.bookings.find(bookingId);
    if (!b || (b.userId !== caller.userid && b.anchorId !== caller.userid)) throw notFound();
    return itemOf(b);
  }

  async ladyList(anchorId: string): Promise<{ list: BookingItem[] }> {
    return { list: (await this.bookings.forAnchor(anchorId)).map(itemOf) };
  }

  async tipsNum(memberId: string): Promise<{ num: number }> {
    return { num: await this.bookings.unread(memberId) };
  }

  /** The tips newest first, with their read flags as they were; listing them marks them read. */
  async tipsList(memberId: string): Promise<{ list: BookingTip[] }> {
    const now = this.now();
    const list = (await this.bookings.forMember(memberId))
      .map((b) => tipOf(b, now))
      .filter((t): t is BookingTip => !!t);
    await this.bookings.markRead(memberId);
    return { list };
  }
}
