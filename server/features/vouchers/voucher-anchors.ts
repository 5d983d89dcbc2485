/**
 * Where his broadcast vouchers can be used (protocol/vouchers/voucher-anchors.ts): the lists of
 * broadcasters whose rooms take them, the voucher pop's batch (remembered per member), the two
 * Coupons flags of her profile, and the welcome voucher granted when he agrees to the terms.
 */
import { ROOM_TYPE_PREMIUM } from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import type { Flag } from '../../../protocol/types';
import {
  type AnchorCouponFlags,
  COUPON_TAGS,
  type HasCouponData,
  PAID_ROOM_TYPES,
  type PopVoucherAnchorData,
  PROMO_ANCHORS_MAX,
  type UserCouponData,
  VOUCHER_PIC,
  VOUCHER_POP_ANCHORS,
  type VoucherAnchor,
  VoucherAnchorErrno,
  type VoucherAnchorListData,
  WELCOME_VOUCHER_DAYS,
} from '../../../protocol/vouchers/voucher-anchors';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import { ApiError } from '../../core/errors';
import type { AnchorRecord, StorageRepositories } from '../../storage/contract';
import { type AnchorService, visibleAnchor } from '../discover';
import type { VoucherService } from './vouchers';
import type { HeldVoucher } from './vouchers-repository';

const flag = (b: boolean): Flag => (b ? 1 : 0);
const DAY_MS = 24 * 3600 * 1000;
/** Enough to hold every broadcaster online at once on this site. */
const ONLINE_READ = 500;

/** The room types a set of vouchers is good for (a voucher naming none: every paid room). */
export function roomTypesOf(vouchers: readonly HeldVoucher[]): Set<number> {
  const types = new Set<number>();
  for (const v of vouchers) for (const t of v.roomTypes.length ? v.roomTypes : PAID_ROOM_TYPES) types.add(t);
  return types;
}

/** Her One-on-One room's type (spec 000 §3: 2 for anchor_type 1, 4 for anchor_type 2). */
const privateType = (a: Pick<AnchorRecord, 'anchorType'>) => (a.anchorType === 2 ? 4 : 2);

/** Her rooms' flags for vouchers good in `types`, whether she is online or not. */
export function couponFlags(a: AnchorRecord, types: ReadonlySet<number>): AnchorCouponFlags {
  return {
    check_user_private_coupon: flag(a.priv.oneonone === 1 && types.has(privateType(a))),
    check_user_public_coupon: flag(a.roomType === ROOM_TYPE_PREMIUM && types.has(ROOM_TYPE_PREMIUM)),
  };
}

/** The room type his voucher pays with her now (live premium room first), or 0. */
export function useNow(a: AnchorRecord, types: ReadonlySet<number>): number {
  const f = couponFlags(a, types);
  if (a.state === 'live' && f.check_user_public_coupon) return ROOM_TYPE_PREMIUM;
  if (a.state !== 'offline' && f.check_user_private_coupon) return privateType(a);
  return 0;
}

/** A paid room of hers open now for promotion: 1 her live premium room, 2 her One-on-One. */
function paidNow(a: AnchorRecord, type: 0 | 1 | 2): number {
  if (type !== 2 && a.state === 'live' && a.roomType === ROOM_TYPE_PREMIUM) return ROOM_TYPE_PREMIUM;
  if (type !== 1 && a.state !== 'offline' && a.priv.oneonone === 1) return privateType(a);
  return 0;
}

export class VoucherAnchorService {
  constructor(
    private readonly deps: { repos: StorageRepositories; anchors: AnchorService; vouchers: VoucherService },
  ) {}

  private held(userid: string) {
    return this.deps.repos.vouchers.held(userid, 'broadcast');
  }

  /** Online broadcasters he may see, by hot score, each with the room `pick` chooses (0: left out). */
  private async online(
    userid: string,
    pick: (a: AnchorRecord) => { room: number; voucher: boolean },
  ): Promise<VoucherAnchor[]> {
    const caller = { userid, role: 'man' as const };
    const [rows, hidden] = await Promise.all([
      this.deps.repos.anchors.online(0, ONLINE_READ),
      this.deps.anchors.hiddenOf(caller),
    ]);
    const picked = rows
      .filter((a) => !hidden.has(a.userid))
      .map((a) => ({ a, ...pick(a) }))
      .filter((p) => p.room > 0);
    const cards = await this.deps.anchors.cardsFor(
      caller,
      picked.map((p) => p.a),
    );
    const by = new Map(picked.map((p) => [p.a.userid, p]));
    return cards.flatMap((card) => {
      const p = by.get(card.userid);
      return p ? [{ ...card, use_room_type: p.room, voucher: flag(p.voucher) }] : [];
    });
  }

  /** Where vouchers good in `types` can be used now. */
  private usableNow(userid: string, types: ReadonlySet<number>): Promise<VoucherAnchor[]> {
    if (types.size === 0) return Promise.resolve([]);
    return this.online(userid, (a) => ({ room: useNow(a, types), voucher: true }));
  }

  async hasCoupon(userid: string): Promise<HasCouponData> {
    const n = (await this.held(userid)).length;
    return { has_coupon: flag(n > 0), coupon_num: n };
  }

  /** getCouponAnchorList: `tag` 0 every room type his vouchers take, else that room type only. */
  async couponAnchors(userid: string, tag: number): Promise<VoucherAnchorListData> {
    if (!(COUPON_TAGS as readonly number[]).includes(tag))
      throw new ApiError(VoucherAnchorErrno.UNKNOWN_TAG, 'There is no such voucher list.');
    const types = roomTypesOf(await this.held(userid));
    if (tag !== 0) for (const t of [...types]) if (t !== tag) types.delete(t);
    return { list: await this.usableNow(userid, types) };
  }

  /** getPopVoucherAnchorList: the vouchers new since the pop was last shown, and where to use them. */
  async popAnchors(userid: string): Promise<PopVoucherAnchorData> {
    const { repos } = this.deps;
    const [member, held, seenAt] = await Promise.all([
      repos.members.find(userid),
      this.held(userid),
      repos.vouchers.popSeenAt(userid),
    ]);
    const fresh = held.filter((v) => !seenAt || v.grantedAt > seenAt);
    const types = roomTypesOf(fresh);
    const none: PopVoucherAnchorData = {
      needpop: 0,
      anchor_list: [],
      voucher_pic: VOUCHER_PIC,
      voucher_use_room_type: [...types].sort((a, b) => a - b),
      voucher_num: fresh.length,
    };
    // show_pop 0 skips it, like the voucher banner.
    if (member?.priv.show_pop !== 1 || fresh.length === 0) return none;
    // Rooms live now first (a premium room can be entered at once), then by hot score.
    const usable = await this.usableNow(userid, types);
    const live = usable.filter((a) => a.use_room_type === ROOM_TYPE_PREMIUM);
    const list = [...live, ...usable.filter((a) => a.use_room_type !== ROOM_TYPE_PREMIUM)].slice(
      0,
      VOUCHER_POP_ANCHORS,
    );
    return { ...none, needpop: flag(list.length > 0), anchor_list: list };
  }

  async popShown(userid: string): Promise<{ needpop: 0 }> {
    await this.deps.repos.vouchers.setPopSeen(userid);
    return { needpop: 0 };
  }

  /** getUserCoupon: whether his vouchers pay her rooms. 10007 for no such broadcaster. */
  async userCoupon(userid: string, anchorId: string): Promise<UserCouponData> {
    const anchor = await visibleAnchor(this.deps.repos, anchorId);
    const held = await this.held(userid);
    const good = held.filter((v) => {
      const f = couponFlags(anchor, roomTypesOf([v]));
      return f.check_user_private_coupon === 1 || f.check_user_public_coupon === 1;
    });
    return {
      anchor_id: anchor.userid,
      ...couponFlags(anchor, roomTypesOf(held)),
      coupon_num: good.length,
      minutes: BROADCAST_VOUCHER_MINUTES,
    };
  }

  /** The Coupons fields of her getUserInfo, for a member reading it. */
  async profileFlags(userid: string, anchorId: string): Promise<AnchorCouponFlags> {
    const anchor = await this.deps.repos.anchors.find(anchorId);
    if (!anchor) return { check_user_private_coupon: 0, check_user_public_coupon: 0 };
    return couponFlags(anchor, roomTypesOf(await this.held(userid)));
  }

  /** getPromoAnchorList: online paid rooms, those his vouchers take first; another's id is forbidden. */
  async promoAnchors(
    userid: string,
    body: { type: 0 | 1 | 2; number: number; userid?: string },
  ): Promise<VoucherAnchorListData> {
    if (body.userid && body.userid !== userid)
      throw new ApiError(Errno.FORBIDDEN, 'You can only read your own promotions.');
    const types = roomTypesOf(await this.held(userid));
    const list = await this.online(userid, (a) => {
      const room = paidNow(a, body.type);
      return { room, voucher: room > 0 && types.has(room) };
    });
    // Stable: hot score order within each group.
    const sorted = [...list.filter((x) => x.voucher), ...list.filter((x) => !x.voucher)];
    return { list: sorted.slice(0, Math.min(body.number, PROMO_ANCHORS_MAX)) };
  }

  /** He agreed to the terms: his welcome voucher, once (keyed by his id). */
  async welcome(userid: string, now = Date.now()): Promise<void> {
    await this.deps.vouchers.grant(userid, [
      {
        voucherId: `${userid}-WELCOME`,
        kind: 'broadcast',
        expiresAt: new Date(now + WELCOME_VOUCHER_DAYS * DAY_MS),
      },
    ]);
  }
}
