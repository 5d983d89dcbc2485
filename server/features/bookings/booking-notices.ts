/**
 * The booking scheduler: every tick each process claims what is due in one UPDATE per step (so with
 * many processes each notice goes out once, like show-notices.ts) and sends it through the bus:
 * - the SMS reminder BOOKING_SMS_BEFORE_S (15 min) before an accepted booking that asked for one;
 * - bookingNotice {type: 'requestWillStart'} to the member BOOKING_SOON_S before the start;
 * - imShare/scheStartNotice to both at the start;
 * then settles bookings (expired, no-show, completed) through BookingService, refunds included.
 */
import { BOOKING_NO_SHOW_S, BOOKING_SMS_BEFORE_S, BOOKING_SOON_S } from '../../../protocol/bookings/booking';
import { type BookingWillStartNotice, EventRoute } from '../../../protocol/realtime';
import { TickLoop } from '../../core/tick-loop';
import { phoneNumberOf, type SmsProvider } from '../../providers/sms/provider';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { phonesRepository } from '../phone';
import type { BookingService } from './bookings';
import { type BookingView, bookingsRepository } from './bookings-repository';

export interface BookingSchedulerDeps {
  db: Db;
  bookings: BookingService;
  notifier: Notifier;
  sms: SmsProvider;
  tickMs: number;
  log?: (message: string, error?: unknown) => void;
}

/** The One-on-One room of a booking. */
export const bookingRoomId = (bookingId: string) => `PV${bookingId}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const hhmm = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} GMT`;

export interface TickResult {
  sms: BookingView[];
  soon: BookingView[];
  start: BookingView[];
  settled: BookingView[];
}

export class BookingScheduler {
  private readonly loop: TickLoop;

  constructor(private readonly deps: BookingSchedulerDeps) {
    this.loop = new TickLoop(() => this.tick(), deps.tickMs);
  }

  start(): void {
    this.loop.start();
  }

  /** Claims and sends what is due at `now` (tests pass a time of their own). */
  async tick(now = Date.now()): Promise<TickResult> {
    const repo = bookingsRepository(this.deps.db);
    const at = new Date(now);
    const result: TickResult = { sms: [], soon: [], start: [], settled: [] };
    const step = async <T>(name: string, work: () => Promise<T>, fallback: T): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        this.deps.log?.(`booking scheduler: ${name} failed`, error);
        return fallback;
      }
    };
    result.sms = await step('sms', () => repo.claim('sms', at, BOOKING_SMS_BEFORE_S, 0), []);
    await Promise.all(
      result.sms.map((b) => this.reminder(b).catch((e) => this.deps.log?.('sms reminder', e))),
    );
    result.soon = await step('soon', () => repo.claim('soon', at, BOOKING_SOON_S, 0), []);
    await Promise.all(result.soon.map((b) => this.soon(b).catch((e) => this.deps.log?.('soon notice', e))));
    result.start = await step('start', () => repo.claim('start', at, 0, BOOKING_NO_SHOW_S), []);
    await Promise.all(
      result.start.map((b) => this.started(b).catch((e) => this.deps.log?.('start notice', e))),
    );
    result.settled = await step('settle', () => this.deps.bookings.settleDue(now, BOOKING_NO_SHOW_S), []);
    return result;
  }

  private async reminder(b: BookingView): Promise<void> {
    const phone = await phonesRepository(this.deps.db).verified(b.userId);
    if (!phone) return;
    await this.deps.sms.send({
      to: phoneNumberOf(phone.areaCode, phone.phoneNo),
      userId: b.userId,
      purpose: 'reminder',
      body: `Glimmer: your One-on-One with ${b.anchorNickname} starts at ${hhmm(b.bookTime)}, in 15 minutes.`,
    });
  }

  private async soon(b: BookingView): Promise<void> {
    const notice: BookingWillStartNotice & { book_time: number; invite_id: string } = {
      type: 'requestWillStart',
      anchor_id: b.anchorId,
      nickname: b.anchorNickname,
      photourl: b.anchorAvatar,
      roomid: bookingRoomId(b.bookingId),
      room_type: b.anchorType === 2 ? 4 : 2,
      book_time: seconds(b.bookTime),
      invite_id: b.bookingId,
    };
    await this.deps.notifier.deliver(b.userId, EventRoute.bookingNotice, notice);
  }

  private async started(b: BookingView): Promise<void> {
    const base = {
      anchor_id: b.anchorId,
      anchor_nickname: b.anchorNickname,
      anchor_avatar: b.anchorAvatar,
      roomid: bookingRoomId(b.bookingId),
      book_time: seconds(b.bookTime),
      invite_id: b.bookingId,
    };
    await Promise.all([
      this.deps.notifier.deliver(b.userId, EventRoute.scheduleStart, base),
      this.deps.notifier.deliver(b.anchorId, EventRoute.scheduleStart, {
        ...base,
        user_id: b.userId,
        user_nickname: b.userNickname,
        user_avatar: b.userAvatar,
      }),
    ]);
  }

  async close(): Promise<void> {
    await this.loop.stop();
  }
}
