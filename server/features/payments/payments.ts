/**
 * Buying credits, and chat-minute packages for paid members (order-grants.ts moves either on its
 * own ledger). An order is made for a pack and the provider's hosted checkout opened; credits
 * are granted only when the provider's signed webhook says the order is paid, with the amount and
 * currency the order asked, in the transaction that marks it paid, through the ledger with the key
 * order:<id>: a delivery repeated, late, out of order or on another process grants once. Refunds
 * and disputes take them back, in parts if they come in parts (key refund:<id>:<total>), never below
 * zero: what his balance no longer holds is written on the order, which is flagged.
 */
import { randomBytes } from 'node:crypto';
import {
  ADD_CREDIT_PAGE,
  ALL_PACKS,
  CHATMIN_PACKS,
  type CheckoutResult,
  CREDIT_PACKS,
  type CreateOrderAnswer,
  type CreditPack,
  type OrderInfo,
  PaymentErrno,
  PaymentText,
  ReturnQuery,
} from '../../../protocol/payments/payments';
import { ApiError, invalidParams, notFound } from '../../core/errors';
import type {
  PaymentEvent,
  PaymentProvider,
  PaymentRef,
  ProviderName,
} from '../../providers/payments/provider';
import { WebhookRefused } from '../../providers/payments/provider';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { membersRepository } from '../session';
import {
  type Changed,
  grantOrder,
  notifyChanged,
  orderUnits,
  refundedUnits,
  takeBackOrder,
} from './order-grants';
import { type Order, ordersRepository } from './orders-repository';

export interface PaymentDeps {
  db: Db;
  notifier: Notifier;
  /** The configured providers; new orders go to Stripe when it is there, else the test provider. */
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  log: (message: string) => void;
}

/** What a webhook did, for the answer and the tests. */
export type WebhookOutcome = 'granted' | 'failed' | 'taken back' | 'ignored';

const newOrderId = () => `ord_${randomBytes(12).toString('base64url')}`;

/** The return path with the order and the checkout's result added to its query. */
export function returnUrl(path: string, orderId: string, result: CheckoutResult): string {
  const query = new URLSearchParams({ [ReturnQuery.order]: orderId, [ReturnQuery.result]: result });
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** What an order buys, in words for a checkout page: '25 credits', '60 chat minutes'. */
export const orderWords = (order: Pick<Order, 'kind' | 'credits' | 'minutes'>) =>
  order.kind === 'chatmin' ? `${order.minutes} chat minutes` : `${order.credits} credits`;

export const orderInfo = (order: Order): OrderInfo => ({
  order_id: order.orderId,
  pack_id: order.packId,
  kind: order.kind,
  credits: order.credits,
  minutes: order.minutes,
  price_cents: order.amountCents,
  currency: 'usd',
  state: order.state,
  failure: order.failure,
  created_at: Math.floor(order.createdAt.getTime() / 1000),
});

export class PaymentService {
  constructor(private readonly deps: PaymentDeps) {}

  /** The packs on sale to him: chat-minute packs only when he is a paid member. */
  async packs(memberId?: string): Promise<readonly CreditPack[]> {
    return memberId && (await this.isPaidMember(memberId)) ? ALL_PACKS : CREDIT_PACKS;
  }

  private async isPaidMember(memberId: string): Promise<boolean> {
    return (await membersRepository(this.deps.db).find(memberId))?.isPaidMember === true;
  }

  /** The provider new orders go to, if any. */
  get active(): PaymentProvider | undefined {
    return this.deps.providers.stripe ?? this.deps.providers.test;
  }

  provider(name: ProviderName): PaymentProvider | undefined {
    return this.deps.providers[name];
  }

  async createOrder(
    memberId: string,
    packId: string,
    returnPath = ADD_CREDIT_PAGE,
  ): Promise<CreateOrderAnswer> {
    const pack = ALL_PACKS.find((p) => p.pack_id === packId);
    if (!pack) throw invalidParams('pack_id: no such pack');
    if (CHATMIN_PACKS.includes(pack) && !(await this.isPaidMember(memberId))) {
      throw new ApiError(PaymentErrno.PAID_MEMBERS_ONLY, PaymentText.paidMembersOnly);
    }
    const provider = this.active;
    if (!provider) throw new ApiError(PaymentErrno.UNAVAILABLE, PaymentText.unavailable);
    const orders = ordersRepository(this.deps.db);
    const order = await orders.create({
      orderId: newOrderId(),
      memberId,
      packId: pack.pack_id,
      kind: pack.kind,
      credits: pack.credits,
      minutes: pack.minutes,
      amountCents: pack.price_cents,
      currency: pack.currency,
      provider: provider.name,
      returnPath,
    });
    let checkout: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
    try {
      checkout = await provider.createCheckout({
        orderId: order.orderId,
        packId: order.packId,
        description: orderWords(order),
        amountCents: order.amountCents,
        currency: order.currency,
        successPath: returnUrl(returnPath, order.orderId, 'success'),
        cancelPath: returnUrl(returnPath, order.orderId, 'cancel'),
      });
    } catch (error) {
      this.deps.log(`payments: ${provider.name} checkout for ${order.orderId} failed: ${String(error)}`);
      await orders.markFailed(order.orderId, PaymentText.unavailable);
      throw new ApiError(PaymentErrno.UNAVAILABLE, PaymentText.unavailable);
    }
    await orders.setSession(order.orderId, checkout.sessionId);
    return { order: orderInfo(order), checkout_url: checkout.url };
  }

  /** The order behind a provider's checkout session (the test provider's page shows it). */
  checkoutOrder(provider: ProviderName, sessionId: string): Promise<Order | undefined> {
    return ordersRepository(this.deps.db).bySession(provider, sessionId);
  }

  /** His own order; anyone else's reads as not there. */
  async order(memberId: string, orderId: string): Promise<OrderInfo> {
    const order = await ordersRepository(this.deps.db).byId(orderId);
    if (!order || order.memberId !== memberId) throw notFound();
    return orderInfo(order);
  }

  /** A webhook delivery: verified by its provider, then applied. Throws WebhookRefused. */
  async receive(name: ProviderName, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const provider = this.deps.providers[name];
    if (!provider) throw new WebhookRefused(`the ${name} provider is not configured`);
    const event = await provider.parseWebhook(rawBody, signature);
    return event ? this.apply(name, event) : 'ignored';
  }

  async apply(provider: ProviderName, event: PaymentEvent): Promise<WebhookOutcome> {
    switch (event.type) {
      case 'paid': {
        const changed = await this.deps.db.transaction((tx) => this.grant(tx, provider, event));
        if (changed) await notifyChanged(this.deps.notifier, changed);
        return changed ? 'granted' : 'ignored';
      }
      case 'failed':
        return (await this.fail(provider, event.orderId, event.reason)) ? 'failed' : 'ignored';
      case 'refunded':
      case 'disputed': {
        const changed = await this.deps.db.transaction((tx) =>
          this.takeBack(tx, provider, event, event.type === 'disputed'),
        );
        if (changed) await notifyChanged(this.deps.notifier, changed);
        return changed ? 'taken back' : 'ignored';
      }
    }
  }

  private async grant(
    tx: Db,
    provider: ProviderName,
    event: PaymentEvent & { type: 'paid' },
  ): Promise<Changed | undefined> {
    const orders = ordersRepository(tx);
    const order = await orders.lock(event.orderId);
    if (!order || order.provider !== provider) {
      this.deps.log(`payments: paid event for unknown order ${event.orderId} (${provider})`);
      return undefined;
    }
    // Paid once: a repeat or a late delivery finds it paid (or refunded since) and does nothing.
    if (order.state === 'paid' || order.state === 'refunded') return undefined;
    const currency = event.currency.toLowerCase();
    if (event.amountCents !== order.amountCents || currency !== order.currency) {
      this.deps.log(
        `payments: refused paid event for ${order.orderId}: ${event.amountCents} ${currency} paid, ` +
          `${order.amountCents} ${order.currency} asked`,
      );
      return undefined;
    }
    if (order.sessionId && event.sessionId !== order.sessionId) {
      this.deps.log(`payments: refused paid event for ${order.orderId}: session ${event.sessionId}`);
      return undefined;
    }
    await orders.markPaid(order.orderId, event.paymentId);
    return grantOrder(tx, order);
  }

  /** Only an order not paid yet can fail; a failure after the payment changes nothing. */
  private async fail(provider: ProviderName, orderId: string, reason: string): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const orders = ordersRepository(tx);
      const order = await orders.lock(orderId);
      if (!order || order.provider !== provider || order.state !== 'created') return false;
      await orders.markFailed(orderId, reason);
      return true;
    });
  }

  private async findForRefund(tx: Db, provider: ProviderName, ref: PaymentRef): Promise<Order | undefined> {
    const orders = ordersRepository(tx);
    const order = ref.orderId
      ? await orders.lock(ref.orderId)
      : ref.paymentId
        ? await orders.lockByPayment(provider, ref.paymentId)
        : undefined;
    return order?.provider === provider ? order : undefined;
  }

  /**
   * Takes back what the event claims and earlier events did not: a refund claims the share of the
   * order its running total (`amount_refunded`) paid back, a dispute the whole order. A replayed or
   * older event claims nothing new. What his balance no longer holds is written down once, on the
   * order, which is flagged; a later event never asks for it again.
   */
  private async takeBack(
    tx: Db,
    provider: ProviderName,
    event: PaymentRef & { amountCents: number },
    disputed: boolean,
  ): Promise<Changed | undefined> {
    const order = await this.findForRefund(tx, provider, event);
    if (!order) {
      this.deps.log(
        `payments: refund or dispute for an unknown payment (${event.orderId ?? event.paymentId})`,
      );
      return undefined;
    }
    if (order.state !== 'paid' && order.state !== 'refunded') {
      this.deps.log(`payments: refund or dispute for ${order.orderId}, which is ${order.state}`);
      return undefined;
    }
    // Signed, but read defensively: an amount that is no whole number of cents counts as none.
    const cents = Number.isSafeInteger(event.amountCents) ? Math.max(event.amountCents, 0) : 0;
    if (!disputed && cents === 0) return undefined;
    const claimed = disputed ? orderUnits(order) : refundedUnits(order, cents);
    const reclaimed = Math.max(claimed, order.reclaimed);
    const wanted = reclaimed - order.reclaimed;
    const { changed, shortfall } =
      wanted > 0 ? await takeBackOrder(tx, order, wanted, reclaimed) : { changed: undefined, shortfall: 0 };
    if (shortfall > 0) {
      this.deps.log(
        `payments: ${order.memberId} flagged: ${shortfall} ${order.kind} units of ${order.orderId} not taken back`,
      );
    }
    await ordersRepository(tx).markRefunded(order.orderId, {
      refundedCents: cents,
      disputed,
      reclaimed,
      shortfall,
    });
    return changed;
  }
}
