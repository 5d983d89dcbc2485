/**
 * The backpack: what a member holds by pack (chat vouchers, broadcast vouchers, gifts, rides), what
 * is new since he last opened each pack, the voucher summary, and the new-user gift package with
 * its once-only pop-up. Decisions are in protocol/backpack/backpack.ts.
 */
import {
  BACKPACK_KINDS,
  BackpackErrno,
  type BackpackGift,
  type BackpackKind,
  BackpackMessages,
  type BackpackRide,
  type BackpackUnreadNum,
  type BackpackVoucherList,
  GIFT_PACKAGE_VALID_DAYS,
  type GiftPackageData,
  isBackpackKind,
  type VoucherSummaryData,
  voucherSummary,
  withTotal,
} from '../../../protocol/backpack/backpack';
import { fromHundredths } from '../../../protocol/money';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import { ApiError } from '../../core/errors';
import type { GiftsRepository } from '../gifts';
import type { HeldVoucher, VouchersRepository } from '../vouchers';
import type { BackpackRepository, HeldItem } from './backpack-repository';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export interface BackpackDeps {
  backpack: BackpackRepository;
  vouchers: VouchersRepository;
  gifts: GiftsRepository;
  /** Told when granting the package fails at sign-in (the sign-in goes on; the next one retries). */
  log?: (message: string, error: unknown) => void;
}

export class BackpackService {
  constructor(private readonly deps: BackpackDeps) {}

  async unread(userid: string): Promise<BackpackUnreadNum> {
    const { backpack, vouchers } = this.deps;
    const [marks, chat, broadcast, gifts, rides] = await Promise.all([
      backpack.readMarks(userid),
      vouchers.held(userid, 'chat'),
      vouchers.held(userid, 'broadcast'),
      backpack.held(userid, 'gift'),
      backpack.held(userid, 'ride'),
    ]);
    const held: Record<BackpackKind, { grantedAt: Date }[]> = {
      livechat_voucher: chat,
      voucher: broadcast,
      gift: gifts,
      ride: rides,
    };
    const counts = Object.fromEntries(
      BACKPACK_KINDS.map((kind) => [
        kind,
        held[kind].filter((i) => isNew(i.grantedAt, marks.get(kind))).length,
      ]),
    ) as Record<BackpackKind, number>;
    return withTotal(counts);
  }

  /** He opened a pack: what it holds is read. 10751 when `type` names no pack. */
  async markRead(userid: string, type: string): Promise<BackpackUnreadNum> {
    if (!isBackpackKind(type)) throw new ApiError(BackpackErrno.UNKNOWN_PACK, BackpackMessages.unknownPack);
    await this.deps.backpack.markRead(userid, type);
    return this.unread(userid);
  }

  async voucherList(userid: string, start: number, step: number): Promise<BackpackVoucherList> {
    const [held, marks] = await Promise.all([
      this.deps.vouchers.held(userid, 'broadcast'),
      this.deps.backpack.readMarks(userid),
    ]);
    const seen = marks.get('voucher');
    return {
      total: held.length,
      list: held.slice(start, start + step).map((v: HeldVoucher) => ({
        voucher_id: v.voucherId,
        granted_at: seconds(v.grantedAt),
        expires_at: seconds(v.expiresAt),
        minutes: BROADCAST_VOUCHER_MINUTES,
        room_types: v.roomTypes,
        unread: flag(isNew(v.grantedAt, seen)),
      })),
    };
  }

  /** His gifts, one entry per gift of the catalogue: the count of all its grants. */
  async giftList(userid: string): Promise<{ list: BackpackGift[] }> {
    const [held, marks] = await Promise.all([
      this.deps.backpack.held(userid, 'gift'),
      this.deps.backpack.readMarks(userid),
    ]);
    const seen = marks.get('gift');
    const byGift = new Map<string, BackpackGift>();
    for (const item of held) {
      const entry = byGift.get(item.giftid);
      const unread = flag(isNew(item.grantedAt, seen));
      if (entry) {
        entry.num += item.quantity;
        entry.expires_at = Math.min(entry.expires_at, seconds(item.expiresAt));
        entry.unread = flag(entry.unread === 1 || unread === 1);
      } else {
        byGift.set(item.giftid, {
          giftid: item.giftid,
          name: item.name,
          small_imgurl: item.imgurl,
          credit: fromHundredths(item.creditHundredths),
          intimacy_level: item.intimacyLevel,
          num: item.quantity,
          expires_at: seconds(item.expiresAt),
          unread,
        });
      }
    }
    return { list: [...byGift.values()] };
  }

  async rideList(userid: string): Promise<{ list: BackpackRide[] }> {
    const [held, marks] = await Promise.all([
      this.deps.backpack.held(userid, 'ride'),
      this.deps.backpack.readMarks(userid),
    ]);
    return {
      list: held.map((r: HeldItem) => ({
        ride_id: r.giftid,
        name: r.name,
        small_imgurl: r.imgurl,
        expires_at: seconds(r.expiresAt),
        unread: flag(isNew(r.grantedAt, marks.get('ride'))),
      })),
    };
  }

  async voucherSummary(userid: string, now = Date.now()): Promise<VoucherSummaryData> {
    const [chat, broadcast] = await Promise.all([
      this.deps.vouchers.held(userid, 'chat'),
      this.deps.vouchers.held(userid, 'broadcast'),
    ]);
    const nowS = Math.floor(now / 1000);
    const summary = (held: HeldVoucher[]) =>
      voucherSummary(
        held.map((v) => seconds(v.expiresAt)),
        nowS,
      );
    return { chat: summary(chat), broadcast: summary(broadcast) };
  }

  /** Grants the new-user gift package once per member; true when this call granted it. */
  grantPackage(userid: string): Promise<boolean> {
    return this.deps.backpack.grantPackage(userid, GIFT_PACKAGE_VALID_DAYS);
  }

  /** At sign-in and sign-up: the package for a member who has not had it; never fails the sign-in. */
  async welcome(userid: string): Promise<void> {
    try {
      await this.grantPackage(userid);
    } catch (error) {
      this.deps.log?.('[backpack] granting the gift package failed', error);
    }
  }

  async giftPackage(userid: string): Promise<GiftPackageData> {
    const [state, catalogue] = await Promise.all([
      this.deps.backpack.packageState(userid),
      this.deps.gifts.all(),
    ]);
    const items = catalogue.filter((g) => g.newUserNum > 0);
    const worth = items.reduce((sum, g) => sum + g.creditHundredths * g.newUserNum, 0);
    return {
      granted: flag(state !== undefined),
      popup: flag(state !== undefined && state.shownAt === null),
      list: items.map((g) => ({
        giftid: g.giftid,
        name: g.name,
        small_imgurl: g.imgurl,
        credit: fromHundredths(g.creditHundredths),
        num: g.newUserNum,
      })),
      worth: fromHundredths(worth),
    };
  }

  async packageShown(userid: string): Promise<GiftPackageData> {
    await this.deps.backpack.markPackageShown(userid);
    return this.giftPackage(userid);
  }
}

/** Arrived after he last opened the pack (every item is new until he first opens it). */
const isNew = (grantedAt: Date, seen: Date | undefined) => !seen || grantedAt > seen;
