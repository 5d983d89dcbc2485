/**
 * Flowers and real gifts for a broadcaster (rules in protocol/flowers/flowers.ts): the store, his
 * carts, checkout through the ledger (one key, one charge), cancel with one refund while the order
 * has not shipped, the deliveries he follows, recent recipients, and the operator's advancing of
 * the local delivery stand-in.
 */

import { Errno, Messages } from '../../../protocol/errors';
import {
  CART_LINE_MAX,
  CART_LINES_MAX,
  type CartData,
  type CheckoutAnswer,
  type DeliveryListData,
  FLOWER_DELIVERY_EVENT,
  FLOWER_LEDGER_REASON,
  FLOWER_REFUND_LEDGER_REASON,
  type FlowerAnchor,
  type FlowerDeliveryNotice,
  FlowerErrno,
  type FlowerItem,
  FlowerMessages,
  type FlowerOrder,
  type FlowerStoreData,
  mayCancel,
  nextStatus,
  type OrderStatus,
  RECENT_RECIPIENTS_MAX,
  type RecentRecipientList,
} from '../../../protocol/flowers/flowers';
import { toHundredths } from '../../../protocol/money';
import { OfferErrno, OfferMessages } from '../../../protocol/offers/offers';
import { ApiError, notFound } from '../../core/errors';
import { timedId } from '../../core/ids';
import type { Notifier } from '../../realtime/deliver';
import { ageOn } from '../../storage/birthday';
import type { Db } from '../../storage/contract';
import type { EarnIntimacy } from '../intimacy';
import { creditOf, ledgerRepository, notifyCredit } from '../money';
import type { OrderPricing, PriceOrder } from '../offers';
import type { DeliveryProvider } from './delivery';
import { type CartRow, flowersRepository, type OrderRecord, type StoreItem } from './flowers-repository';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);
const fail = (errno: number, message: string) => new ApiError(errno, message);

export interface FlowerDeps {
  db: Db;
  notifier: Notifier;
  earnIntimacy: EarnIntimacy;
  delivery: DeliveryProvider;
  /** Her holiday and birthday discounts (server/features/offers); full price without. */
  priceOrder?: PriceOrder;
}

const fullPrice: PriceOrder = async (_anchorId, totalHundredths) => ({
  totalHundredths,
  payHundredths: totalHundredths,
  percentOff: 0,
  birthdayOffHundredths: 0,
  holidayKey: '',
  offerKey: '',
});

const itemView = (i: StoreItem): FlowerItem => ({
  item_id: i.itemId,
  name: i.name,
  kind: i.kind,
  description: i.description,
  credit: creditOf(i.creditHundredths),
  small_imgurl: i.imgurl,
});

export function orderView(o: OrderRecord): FlowerOrder {
  return {
    order_id: o.orderId,
    member_id: o.memberId,
    anchor_id: o.anchorId,
    anchor_nickname: o.anchorNickname,
    anchor_avatar_img: o.anchorPhotourl,
    status: o.status,
    list: o.lines.map((l) => ({
      item_id: l.itemId,
      name: l.name,
      small_imgurl: l.imgurl,
      credit: creditOf(l.creditHundredths),
      num: l.num,
    })),
    total: creditOf(o.totalHundredths),
    original_total: creditOf(o.originalHundredths ?? o.totalHundredths),
    photo_url: o.status === 'delivered' ? o.photoUrl : '',
    ordered_at: seconds(o.orderedAt),
    preparing_at: seconds(o.preparingAt),
    delivered_at: seconds(o.deliveredAt),
    cancelled_at: seconds(o.cancelledAt),
    can_cancel: mayCancel(o.status) ? 1 : 0,
  };
}

function cartView(rows: CartRow[], prices: readonly OrderPricing[] = []): CartData {
  const list = rows.map((r) => ({
    anchor_id: r.anchorId,
    anchor_nickname: r.anchorNickname,
    anchor_avatar_img: r.anchorPhotourl,
    item_id: r.item.itemId,
    name: r.item.name,
    kind: r.item.kind,
    small_imgurl: r.item.imgurl,
    credit: creditOf(r.item.creditHundredths),
    num: r.num,
    subtotal: creditOf(r.item.creditHundredths * r.num),
  }));
  const total = rows.reduce((sum, r) => sum + r.item.creditHundredths * r.num, 0);
  const anchors = [...new Set(rows.map((r) => r.anchorId))];
  const offers = anchors.map((anchorId, i) => {
    const p = prices[i];
    const sum = rows
      .filter((r) => r.anchorId === anchorId)
      .reduce((s, r) => s + r.item.creditHundredths * r.num, 0);
    return {
      anchor_id: anchorId,
      total: creditOf(sum),
      pay_total: creditOf(p?.payHundredths ?? sum),
      holiday_key: p?.holidayKey ?? '',
      discount: p?.percentOff ?? 0,
      birthday_off: creditOf(p?.birthdayOffHundredths ?? 0),
      offer_key: p?.offerKey ?? '',
    };
  });
  const pay = offers.reduce((s, o) => s + toHundredths(o.pay_total), 0);
  return { list, total: creditOf(total), pay_total: creditOf(pay), offers, type_num: rows.length };
}

export class FlowerService {
  private readonly repo: ReturnType<typeof flowersRepository>;

  constructor(private readonly deps: FlowerDeps) {
    this.repo = flowersRepository(deps.db);
  }

  /** Whether the operator console may move orders on (the local stand-in is on). */
  get manualDelivery(): boolean {
    return this.deps.delivery.manual;
  }

  private async anchor(anchorId: string): Promise<FlowerAnchor> {
    const a = await this.repo.anchor(anchorId);
    if (!a) throw notFound();
    return { anchor_id: a.anchorId, anchor_nickname: a.nickname, anchor_avatar_img: a.photourl };
  }

  /** His send_gift_flower (10010) and her flower_sent (10769) both on. */
  private async mayOrder(memberId: string, anchorId: string): Promise<void> {
    const priv = await this.repo.privileges(memberId, anchorId);
    if (!priv.member) throw fail(Errno.NO_PRIVILEGE, Messages.noPrivilege);
    if (!priv.anchor) throw fail(FlowerErrno.NOT_ACCEPTED, FlowerMessages.notAccepted);
  }

  private async item(itemId: string): Promise<StoreItem> {
    const item = await this.repo.item(itemId);
    if (!item) throw fail(FlowerErrno.UNKNOWN_ITEM, FlowerMessages.unknownItem);
    return item;
  }

  async store(anchorId: string): Promise<FlowerStoreData> {
    const [anchor, items] = await Promise.all([this.anchor(anchorId), this.repo.items()]);
    return { anchor, list: items.map(itemView) };
  }

  async cart(memberId: string, anchorId?: string): Promise<CartData> {
    if (anchorId) await this.anchor(anchorId);
    const rows = await this.repo.cart(memberId, anchorId);
    const price = this.deps.priceOrder ?? fullPrice;
    const anchors = [...new Set(rows.map((r) => r.anchorId))];
    const prices = await Promise.all(
      anchors.map((a) =>
        price(
          a,
          rows.filter((r) => r.anchorId === a).reduce((s, r) => s + r.item.creditHundredths * r.num, 0),
        ),
      ),
    );
    return cartView(rows, prices);
  }

  async typeNum(memberId: string, anchorId?: string): Promise<{ num: number }> {
    if (anchorId) await this.anchor(anchorId);
    return { num: await this.repo.lineCount(memberId, anchorId) };
  }

  /** Sets a line to `num` (0 removes it); `add` adds to what the line holds. */
  async setLine(
    memberId: string,
    anchorId: string,
    itemId: string,
    num: number,
    add = false,
  ): Promise<CartData> {
    await this.anchor(anchorId);
    // Taking lines out is always allowed; adding needs both privileges.
    if (num > 0) await this.mayOrder(memberId, anchorId);
    await this.item(itemId);
    const had = await this.repo.lineNum(memberId, anchorId, itemId);
    const next = add ? had + num : num;
    if (next > CART_LINE_MAX) throw fail(FlowerErrno.CART_FULL, FlowerMessages.cartFull);
    if (had === 0 && next > 0 && (await this.repo.lineCount(memberId, anchorId)) >= CART_LINES_MAX) {
      throw fail(FlowerErrno.CART_FULL, FlowerMessages.cartFull);
    }
    await this.repo.setLine(memberId, anchorId, itemId, next);
    return this.cart(memberId, anchorId);
  }

  /**
   * Pays her whole cart: in one transaction behind his row lock, a repeat of the key answers the
   * earlier order; otherwise one ledger charge, the order and its lines written, the cart emptied.
   */
  async checkout(
    memberId: string,
    anchorId: string,
    orderKey: string,
    confirmed: number,
    confirmedOffer = '',
  ): Promise<CheckoutAnswer> {
    await this.anchor(anchorId);
    await this.mayOrder(memberId, anchorId);
    const ledgerKey = `flower:${memberId}:${orderKey}`;
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = flowersRepository(tx);
      await repo.lockMember(memberId);
      const earlier = await repo.byKey(memberId, orderKey);
      if (earlier) return { order: earlier, placed: false };
      const rows = await repo.cart(memberId, anchorId);
      if (rows.length === 0) throw fail(FlowerErrno.CART_EMPTY, FlowerMessages.cartEmpty);
      const original = rows.reduce((sum, r) => sum + r.item.creditHundredths * r.num, 0);
      // The offers are priced here, never taken from the client; he confirmed the price they make.
      const priced = await (this.deps.priceOrder ?? fullPrice)(anchorId, original, tx);
      if (priced.offerKey !== confirmedOffer)
        throw fail(OfferErrno.DISCOUNT_CHANGED, OfferMessages.discountChanged);
      const total = priced.payHundredths;
      if (total !== toHundredths(confirmed))
        throw fail(FlowerErrno.TOTAL_CHANGED, FlowerMessages.totalChanged);
      const orderId = timedId('FO');
      const moved = await ledgerRepository(tx).move({
        userId: memberId,
        delta: -total,
        reason: FLOWER_LEDGER_REASON,
        ref: orderId,
        payee: anchorId,
        key: ledgerKey,
      });
      if (moved.status === 'insufficient') throw fail(FlowerErrno.NO_CREDIT, FlowerMessages.noCredit);
      if (moved.status === 'duplicate') throw new Error(`flowers: ledger key ${ledgerKey} without its order`);
      await repo.insertOrder({
        orderId,
        memberId,
        anchorId,
        orderKey,
        ledgerKey,
        totalHundredths: total,
        originalHundredths: original,
        lines: rows.map((r) => ({
          itemId: r.item.itemId,
          name: r.item.name,
          imgurl: r.item.imgurl,
          creditHundredths: r.item.creditHundredths,
          num: r.num,
        })),
      });
      await repo.clearCart(memberId, anchorId);
      const order = await repo.order(orderId);
      if (!order) throw new Error('flowers: the order just written is missing');
      return { order, placed: true };
    });
    const balance = await this.balance(memberId);
    if (result.placed) {
      await notifyCredit(this.deps.notifier, memberId, balance);
      const units = result.order.lines.reduce((sum, l) => sum + l.num, 0);
      await this.deps.earnIntimacy({
        memberId,
        anchorId,
        source: 'gift',
        key: `flower-order:${result.order.orderId}`,
        units,
      });
      await this.deps.delivery.placed(result.order).catch(() => undefined);
    }
    return { order: orderView(result.order), credit: creditOf(balance) };
  }

  /** Cancels while it has not shipped; the refund moves once (keyed by the order). */
  async cancel(memberId: string, orderId: string): Promise<CheckoutAnswer> {
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = flowersRepository(tx);
      await repo.lockMember(memberId);
      const order = await repo.order(orderId, { lock: true });
      if (!order || order.memberId !== memberId)
        throw fail(FlowerErrno.ORDER_NOT_FOUND, FlowerMessages.orderNotFound);
      if (order.status === 'cancelled') return { order, refunded: false };
      if (!mayCancel(order.status)) throw fail(FlowerErrno.NOT_CANCELLABLE, FlowerMessages.notCancellable);
      const refundKey = `flower-refund:${orderId}`;
      await ledgerRepository(tx).move({
        userId: memberId,
        delta: order.totalHundredths,
        reason: FLOWER_REFUND_LEDGER_REASON,
        ref: orderId,
        payee: null,
        key: refundKey,
      });
      await repo.setStatus(orderId, 'cancelled', { refundKey });
      return { order: (await repo.order(orderId)) ?? order, refunded: true };
    });
    const balance = await this.balance(memberId);
    if (result.refunded) {
      await notifyCredit(this.deps.notifier, memberId, balance);
      await this.deps.delivery.cancelled(result.order).catch(() => undefined);
    }
    return { order: orderView(result.order), credit: creditOf(balance) };
  }

  async deliveries(memberId: string, start: number, step: number): Promise<DeliveryListData> {
    const { list, total } = await this.repo.memberOrders(memberId, start, step);
    return { list: list.map(orderView), total };
  }

  async recentRecipients(memberId: string, now = new Date()): Promise<RecentRecipientList> {
    const rows = await this.repo.recentRecipients(memberId, RECENT_RECIPIENTS_MAX);
    return {
      list: rows.map((r) => ({
        anchor_id: r.anchorId,
        anchor_nickname: r.nickname,
        anchor_avatar_img: r.photourl,
        anchor_age: ageOn(r.birthday, now),
        anchor_country: r.country,
        last_time: seconds(r.lastAt),
        order_num: r.orderNum,
      })),
    };
  }

  // ---- The operator's side of the local stand-in.

  private assertManual() {
    if (!this.deps.delivery.manual) throw fail(FlowerErrno.STAND_IN_OFF, FlowerMessages.standInOff);
  }

  async operatorList(status: OrderStatus | 'open'): Promise<DeliveryListData> {
    this.assertManual();
    const list = await this.repo.ordersByStatus(status);
    return { list: list.map(orderView), total: list.length };
  }

  /** One step on (ordered → preparing → delivered); repeating the step it is at changes nothing. */
  async advance(orderId: string, to: 'preparing' | 'delivered', photoUrl?: string): Promise<FlowerOrder> {
    this.assertManual();
    const order = await this.deps.db.transaction(async (tx) => {
      const repo = flowersRepository(tx);
      const o = await repo.order(orderId, { lock: true });
      if (!o) throw fail(FlowerErrno.ORDER_NOT_FOUND, FlowerMessages.orderNotFound);
      if (o.status === to) return { o, moved: false };
      if (nextStatus(o.status) !== to) throw fail(FlowerErrno.BAD_STEP, FlowerMessages.badStep);
      const photo = to === 'delivered' ? (photoUrl ?? this.deps.delivery.defaultPhoto(o)) : undefined;
      await repo.setStatus(orderId, to, { photoUrl: photo });
      return { o: (await repo.order(orderId)) ?? o, moved: true };
    });
    const view = orderView(order.o);
    // His open tabs hear the step at once (his deliveries page follows it without a reload).
    if (order.moved)
      await this.deps.notifier.deliver(order.o.memberId, FLOWER_DELIVERY_EVENT, {
        order: view,
      } satisfies FlowerDeliveryNotice);
    return view;
  }

  private async balance(memberId: string): Promise<number> {
    const [member] = await this.deps.db.query<{ credit: unknown }>(
      'SELECT credit FROM members WHERE userid = $1',
      [memberId],
    );
    return Number(member?.credit ?? 0);
  }
}
