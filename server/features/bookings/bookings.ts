/**
 * Scheduled One-on-One bookings (spec 001 §2–§9, 002 §3–§5, 000 §7), both ways:
 * - a member books a broadcaster's free slot (sendBookingRequest with book_time): the deposit (the
 *   first BOOKING_DEPOSIT_MINUTES of One-on-One plus the gifts) is charged in the transaction that
 *   records the booking; she accepts or declines (handleBooking), he may cancel (cancelPrivateRequest);
 * - a broadcaster invites a member to one of her slots (scheduledInviteUser): nothing is charged
 *   until he accepts it (handleBooking from his side), when the deposit is charged.
 * Declined, cancelled, expired (unanswered at the start) and no-show (no session held in its room)
 * bookings are refunded exactly the deposit, once (ledger keys booking:<id>:deposit and
 * booking:<id>:refund).
 * Here: his requests (by the page or by mail), the answers, his cancel and settling. Her invitations
 * are sent and cancelled in booking-invites.ts, the deposit moves in booking-deposits.ts, and what
 * the pages read is in booking-pages.ts.
 */

import {
  BOOKING_GIFT_NUMS,
  BOOKING_ID_PREFIX,
  BookingEvent,
  type BookingEventData,
  type BookingItem,
  type SendBookingAnswer,
} from '../../../protocol/bookings/booking';
import { Errno, Messages } from '../../../protocol/errors';
import {
  EventRoute,
  type RequestCancelledNotice,
  type RequestHandledNotice,
} from '../../../protocol/realtime';
import { ApiError, forbidden, notFound } from '../../core/errors';
import type { StorageRepositories } from '../../storage/contract';
import { type AnchorRecord, type Db, type GiftRecord, isUniqueViolation } from '../../storage/contract';
import { type Caller, visibleAnchor } from '../discover';
import type { EarnIntimacy } from '../intimacy';
import { newId, privateRoomId, type RealtimeDeps, requestClosed } from '../invitations';
import { creditOf, notifyCredit } from '../money';
import type { PhoneService } from '../phone';
import { checkAttachedGift, roomGiftsRepository, takeAttachedGifts } from '../room-gifts';
import {
  acceptWithDeposit,
  chargeAndRecord,
  closeWithRefund,
  DEPOSIT_BASE_HUNDREDTHS,
  ShortOfCredit,
} from './booking-deposits';
import { completeBooking } from './booking-gifts';
import { itemOf, tellBooking } from './booking-views';
import { type BookingView, bookingsRepository } from './bookings-repository';
import { bookable, timeIdOf } from './timetable';

/** Booking ids: requests and invitations alike; instant request ids (R…) never start so. */

const fail = (errno: number, msg: string) => new ApiError(errno, msg);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface SendBookingInput {
  userid: string;
  book_time: number;
  time_id?: string;
  giftid?: string;
  gift_num?: number;
  need_sms?: 0 | 1;
  /** 1 (default): his backpack's gifts of that kind pay first. */
  use_backpack?: 0 | 1;
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
  private earnIntimacy: EarnIntimacy | undefined;

  constructor(
    private readonly db: Db,
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
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

  /** Gifts with an accepted booking earn him Intimacy with her (server/features/intimacy). */
  setEarnIntimacy(earn: EarnIntimacy): void {
    this.earnIntimacy = earn;
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
    const anchor = await visibleAnchor(this.repos, anchorId);
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

  private async giftList(): Promise<GiftRecord[]> {
    return this.repos.gifts.all();
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
    let giftPrice = 0;
    if (giftid) {
      const gift = (await this.giftList()).find((g) => g.giftid === giftid);
      if (!gift || !(BOOKING_GIFT_NUMS as readonly number[]).includes(giftNum))
        throw fail(Errno.BOOK_GIFT_INVALID, Messages.bookGiftInvalid);
      // A room gift's rules: his privilege, her taking gifts, Intimacy Level 4 for a limited one.
      giftPrice = (await checkAttachedGift(this.db, this.repos, memberId, anchor.userid, giftid))
        .creditHundredths;
    }
    const useBackpack = input.use_backpack !== 0;
    const needSms = input.need_sms === 1 ? 1 : 0;
    if (needSms && !(await this.phones.verified(memberId)))
      throw fail(Errno.BOOK_PHONE_UNVERIFIED, Messages.bookPhoneUnverified);
    const want = { anchorId: anchor.userid, giftid, giftNum, needSms };
    const bookTime = new Date(ms);
    const repeat = await this.conflict(memberId, bookTime, want);
    if (repeat) return this.answerFor(repeat, memberId);

    const bookingId = newId(BOOKING_ID_PREFIX);
    let balance: number;
    try {
      balance = await this.db.transaction(async (tx) => {
        // His row first (as a room gift does), then his backpack's gifts, then the ledger.
        await roomGiftsRepository(tx).lockMember(memberId);
        const held =
          giftid && useBackpack
            ? await takeAttachedGifts(tx, memberId, giftid, giftNum)
            : { taken: 0, until: null };
        const deposit = DEPOSIT_BASE_HUNDREDTHS + (giftNum - held.taken) * giftPrice;
        const after = await chargeAndRecord(tx, {
          giftFromBackpack: held.taken,
          giftBackpackUntil: held.until,
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
        : await closeWithRefund(this.db, this.rt.notifier, bookingId, ['pending'], 'declined');
    } else if (accept) {
      // His yes to her invitation: the deposit is charged now, with the booking's change.
      try {
        const out = await acceptWithDeposit(this.db, b);
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
    await Promise.all([
      tellBooking(this.rt.notifier, b.userId, after),
      tellBooking(this.rt.notifier, b.anchorId, after),
    ]);
    return { invitation_id: bookingId, accepted: accept ? 1 : 0 };
  }

  /** POST /man/v1/cancelPrivateRequest for a booking: before its start; the deposit comes back. */
  async cancel(memberId: string, bookingId: string): Promise<{ left_credit: number }> {
    const b = await this.bookings.find(bookingId);
    if (!b || b.userId !== memberId) throw notFound();
    // Her pending invitation is declined, not cancelled.
    if (b.kind === 'invite' && b.status === 'pending') throw forbidden();
    if (b.bookTime.getTime() <= this.now()) throw requestClosed();
    const after = await closeWithRefund(
      this.db,
      this.rt.notifier,
      bookingId,
      ['pending', 'accepted'],
      'cancelled',
    );
    if (!after) throw requestClosed();
    const notice: RequestCancelledNotice = {
      invitation_id: bookingId,
      userid: memberId,
      nickname: b.userNickname,
    };
    await this.rt.notifier.deliver(b.anchorId, EventRoute.requestCancelled, notice);
    await Promise.all([
      tellBooking(this.rt.notifier, b.userId, after),
      tellBooking(this.rt.notifier, b.anchorId, after),
    ]);
    const member = await this.repos.members.find(memberId);
    return { left_credit: creditOf(member?.creditHundredths ?? 0) };
  }

  /**
   * Settles what is due at `now`: unanswered at the start → expired, refunded. Accepted, from what
   * happened, not from who is online now: a session held in the booking's room (on any process)
   * → completed, the deposit kept (it paid that session's first minutes and the gifts); none
   * BOOKING_NO_SHOW_S after the start → no-show, refunded. Any process may settle, at once too:
   * the status change succeeds once and the refund has its ledger key.
   */
  async settleDue(now: number, noShowS: number): Promise<BookingView[]> {
    const due = await this.bookings.dueToSettle(new Date(now), noShowS);
    const settled: BookingView[] = [];
    for (const b of due) {
      let after: BookingView | undefined;
      if (b.status === 'pending')
        after = await closeWithRefund(this.db, this.rt.notifier, b.bookingId, ['pending'], 'expired');
      else {
        const held = await this.bookings.sessionHeld(privateRoomId(b.bookingId), b.anchorId, b.userId);
        after = held
          ? await completeBooking(this.db, this.rt.notifier, this.earnIntimacy, b.bookingId, this.now())
          : await closeWithRefund(this.db, this.rt.notifier, b.bookingId, ['accepted'], 'noshow');
      }
      if (after) {
        settled.push(after);
        await Promise.all([
          tellBooking(this.rt.notifier, after.userId, after),
          tellBooking(this.rt.notifier, after.anchorId, after),
        ]);
      }
    }
    return settled;
  }
}
