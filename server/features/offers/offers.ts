/**
 * Offers (rules in protocol/offers/offers.ts): a broadcaster's holiday and birthday discounts, what
 * an order for her costs after them (flowers' checkout charges that), and whether the flower
 * force-push may show. Every answer reads the injected clock.
 */
import { Errno, Messages } from '../../../protocol/errors';
import {
  BIRTHDAY_OFF,
  DISCOUNT_STEP,
  type DiscountInfo,
  FORCE_PUSH_WINDOW_MS,
  HOLIDAY_WARMUP_DAYS,
  offerKey,
  orderPrice,
  type StrengthenPush,
} from '../../../protocol/offers/offers';
import { ApiError } from '../../core/errors';
import { birthdayTip, dateFromIso, isoDate } from '../../storage/birthday';
import type { Db } from '../../storage/contract';
import { type HolidayRow, offersRepository } from './offers-repository';

const DAY_MS = 24 * 3600 * 1000;

/** What an order for her costs, hundredths of a credit. */
export interface OrderPricing {
  totalHundredths: number;
  payHundredths: number;
  percentOff: number;
  birthdayOffHundredths: number;
  holidayKey: string;
  /** protocol/offers offerKey. */
  offerKey: string;
}

/** `db`: the caller's transaction, when it prices inside one. */
export type PriceOrder = (anchorId: string, totalHundredths: number, db?: Db) => Promise<OrderPricing>;

interface HolidayNow {
  holiday: HolidayRow;
  step: 1 | 2;
}

/** The holiday on today (step 2), else the soonest within its warm-up days (step 1). */
export function holidayOn(holidays: readonly HolidayRow[], today: string): HolidayNow | undefined {
  const on = holidays.find((h) => h.startsOn <= today && today <= h.endsOn);
  if (on) return { holiday: on, step: DISCOUNT_STEP.on };
  const warmupEnd = isoDate(new Date(dateFromIso(today).getTime() + HOLIDAY_WARMUP_DAYS * DAY_MS));
  const soon = holidays.find((h) => h.startsOn > today && h.startsOn <= warmupEnd);
  return soon ? { holiday: soon, step: DISCOUNT_STEP.warmup } : undefined;
}

export class OfferService {
  private readonly repo: ReturnType<typeof offersRepository>;
  private readonly now: () => number;

  constructor(db: Db, now?: () => number) {
    this.repo = offersRepository(db);
    this.now = now ?? Date.now;
  }

  private async anchor(anchorId: string, repo = this.repo) {
    const anchor = await repo.anchor(anchorId);
    if (!anchor) throw new ApiError(Errno.NOT_FOUND, Messages.notFound);
    return anchor;
  }

  private async offers(anchorId: string, db?: Db) {
    const repo = db ? offersRepository(db) : this.repo;
    const now = new Date(this.now());
    const today = isoDate(now);
    const anchor = await this.anchor(anchorId, repo);
    const holiday = holidayOn(await repo.holidays(anchorId, today), today);
    const tip = birthdayTip(anchor.birthday, now);
    return { anchor, holiday, tip, birthdayOff: tip === 0 ? 0 : BIRTHDAY_OFF };
  }

  async discountInfo(anchorId: string): Promise<DiscountInfo> {
    const { holiday, tip, birthdayOff } = await this.offers(anchorId);
    const h = holiday?.holiday;
    return {
      holiday_key: h?.key ?? '',
      holiday_show: holiday ? 1 : 0,
      step: holiday?.step ?? DISCOUNT_STEP.none,
      discount: h?.percentOff ?? 0,
      holiday_name: h?.name ?? '',
      end_time: h ? Math.floor(dateFromIso(h.endsOn).getTime() / 1000) + 86_399 : 0,
      birthday_tip: tip,
      birthday_off: birthdayOff,
    };
  }

  /** The price of an order for her now: the holiday's percent (step 2 only), then her birthday's credits. */
  price: PriceOrder = async (anchorId, totalHundredths, db) => {
    const { holiday, birthdayOff } = await this.offers(anchorId, db);
    const percentOff = holiday?.step === DISCOUNT_STEP.on ? holiday.holiday.percentOff : 0;
    const payHundredths = orderPrice(totalHundredths, percentOff, birthdayOff * 100);
    const birthdayOffHundredths = orderPrice(totalHundredths, percentOff, 0) - payHundredths;
    const holidayKey = percentOff > 0 ? (holiday?.holiday.key ?? '') : '';
    return {
      totalHundredths,
      payHundredths,
      percentOff,
      birthdayOffHundredths,
      holidayKey,
      offerKey: offerKey(holidayKey, percentOff, birthdayOffHundredths / 100),
    };
  };

  /** 1 when she takes flowers, he may send them, and he has not ordered for her within the window. */
  async strengthenPush(memberId: string, anchorId: string): Promise<StrengthenPush> {
    const anchor = await this.anchor(anchorId);
    if (!anchor.takesFlowers || !(await this.repo.maySend(memberId))) return { result: 0 };
    const since = new Date(this.now() - FORCE_PUSH_WINDOW_MS);
    return { result: (await this.repo.orderedSince(memberId, anchorId, since)) ? 0 : 1 };
  }
}
