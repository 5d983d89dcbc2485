/**
 * What the booking pages read: the booking popup's slots (his request, her invitation), the
 * member's bookings and hers, one booking, and the member's booking tips.
 */
import {
  BOOKING_GIFT_NUMS,
  BOOKING_POPUP_DAYS,
  type BookingGift,
  type BookingInfo,
  type BookingItem,
  type BookingTip,
  SCHEDULED_INVITE_DAILY_QUOTA,
  type ScheduleListData,
} from '../../../protocol/bookings/booking';
import { mayGive } from '../../../protocol/gifts/gifts';
import { intimacyLevel } from '../../../protocol/messages/messages';
import { notFound } from '../../core/errors';
import type { AnchorRecord, Db, StorageRepositories } from '../../storage/contract';
import type { Caller } from '../discover';
import { visibleAnchor } from '../discover';
import { giftsRepository } from '../gifts';
import { creditOf } from '../money';
import type { PhoneService } from '../phone';
import { roomGiftsRepository } from '../room-gifts';
import { DEPOSIT_BASE_HUNDREDTHS } from './booking-deposits';
import { quotaDayStart } from './booking-invites';
import { itemOf, tipOf } from './booking-views';
import { type BookingView, bookingsRepository } from './bookings-repository';
import { slotsAhead, timeIdOf } from './timetable';

export class BookingPages {
  constructor(
    private readonly db: Db,
    private readonly repos: StorageRepositories,
    private readonly phones: PhoneService,
    private readonly now: () => number = Date.now,
  ) {}

  private get bookings() {
    return bookingsRepository(this.db);
  }

  /** POST /man/v1/getCreateBookingInfo {userid: broadcaster}. */
  async memberInfo(memberId: string, anchorId: string, days = BOOKING_POPUP_DAYS): Promise<BookingInfo> {
    const anchor = await visibleAnchor(this.repos, anchorId);
    const now = this.now();
    const slots = anchor.priv.booking === 1 ? slotsAhead(anchor.userid, now, days) : [];
    const busy = await this.busy(anchor.userid, memberId, slots);
    const phone = await this.phones.verified(memberId);
    const gifts = await this.giftsFor(memberId, anchor);
    return {
      priv: { booking: anchor.priv.booking === 1 },
      book_deposit: creditOf(DEPOSIT_BASE_HUNDREDTHS),
      book_gift: { gift_list: gifts },
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

  /**
   * The gifts he may attach: none when he may not give or she takes none; what his backpack holds
   * of each (it pays first); a limited gift locked below its Intimacy Level with her.
   */
  private async giftsFor(memberId: string, anchor: AnchorRecord): Promise<BookingGift[]> {
    const member = await this.repos.members.find(memberId);
    if (member?.priv.send_gift_flower !== 1) return [];
    if (anchor.priv.flower_sent !== 1 || anchor.priv.priv_mb_h5_show_gift !== 1) return [];
    const around = roomGiftsRepository(this.db);
    const [gifts, held, experience] = await Promise.all([
      giftsRepository(this.db).all(),
      around.heldGifts(memberId),
      around.experience(memberId, anchor.userid),
    ]);
    const level = intimacyLevel(experience);
    return gifts.map((g) => ({
      giftid: g.giftid,
      send_num_list: BOOKING_GIFT_NUMS.map((num, i) => ({ num, is_default: i === 0 ? 1 : 0 })),
      name: g.name,
      small_imgurl: g.imgurl,
      credit: creditOf(g.creditHundredths),
      intimacy_level: g.intimacyLevel,
      held: held.get(g.giftid) ?? 0,
      locked: mayGive({ intimacy_level: g.intimacyLevel }, level) ? 0 : 1,
    }));
  }

  /** POST /lady/v1/getCreateBookingInfo {userid: member}: her own slots, busy where either is. */
  async ladyInfo(anchorId: string, memberId: string): Promise<BookingInfo> {
    const anchor = await visibleAnchor(this.repos, anchorId);
    if (!(await this.repos.members.find(memberId))) throw notFound();
    const now = this.now();
    const slots = anchor.priv.booking === 1 ? slotsAhead(anchor.userid, now, BOOKING_POPUP_DAYS) : [];
    const busy = await this.busy(anchor.userid, memberId, slots);
    const used = await this.bookings.invitesSince(anchor.userid, quotaDayStart(this.now()));
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
