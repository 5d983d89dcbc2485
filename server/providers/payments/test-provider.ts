/**
 * The built-in test provider: a hosted checkout on this server (test-checkout-page.ts) that takes
 * Stripe's test card numbers, and webhook deliveries in Stripe's event shape signed Stripe's way
 * with its own secret, so the webhook path is the one Stripe's take. The secret is kept in the
 * settings table, the same for every process of a cluster.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { PaymentPaths } from '../../../protocol/payments/payments';
import type { Db } from '../../storage/contract';
import { settingsRepository } from '../../storage/settings';
import type { Checkout, CheckoutRequest, PaymentEvent, PaymentProvider } from './provider';
import { paymentEventOf, verifyStripeEvent } from './stripe-events';

const SECRET_KEY = 'payments.test_webhook_secret';

/** Stripe's test card numbers, and what each does here. */
export const TestCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Needs an extra confirmation step (3-D Secure) before it is paid. */
  confirm: '4000002500003155',
} as const;

export type TestEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'charge.refunded'
  | 'charge.dispute.created';

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;

/** The checkout session of an order as Stripe would show it in an event. */
export function sessionObject(
  order: { orderId: string; amountCents: number; currency: string; sessionId: string | null },
  paid: boolean,
  failure?: string,
) {
  return {
    id: order.sessionId ?? id('cs'),
    object: 'checkout.session',
    client_reference_id: order.orderId,
    metadata: { order_id: order.orderId, ...(failure ? { failure } : {}) },
    amount_total: order.amountCents,
    currency: order.currency,
    mode: 'payment',
    payment_status: paid ? 'paid' : 'unpaid',
    status: paid ? 'complete' : 'expired',
    payment_intent: paid ? `pi_for_${order.orderId}` : null,
  };
}

/** A whole event body as Stripe sends it. */
export function eventBody(type: TestEventType, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
}

/** The `Stripe-Signature` header for a body: `t=…,v1=…`, HMAC-SHA256 as Stripe computes it. */
export const signBody = (body: string, secret: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret });

export const testWebhookSecret = (db: Db) =>
  settingsRepository(db).getOrCreate(SECRET_KEY, () => `whsec_${randomBytes(24).toString('hex')}`);

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  private secret: Promise<string> | undefined;

  constructor(private readonly db: Db) {}

  webhookSecret(): Promise<string> {
    this.secret ??= testWebhookSecret(this.db).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  async createCheckout(_request: CheckoutRequest): Promise<Checkout> {
    const sessionId = id('cs');
    return { sessionId, url: `${PaymentPaths.testCheckout}?session=${encodeURIComponent(sessionId)}` };
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | undefined> {
    return paymentEventOf(verifyStripeEvent(rawBody, signature, await this.webhookSecret()));
  }

  /** Signs and posts one event to this server's test webhook; answers the HTTP status. */
  async deliver(base: string, type: TestEventType, object: Record<string, unknown>): Promise<number> {
    const body = eventBody(type, object);
    const response = await fetch(`${base}${PaymentPaths.testWebhook}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signBody(body, await this.webhookSecret()),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** A token for the confirmation step's form, so only a page this provider showed can confirm. */
  async confirmToken(sessionId: string): Promise<string> {
    return createHmac('sha256', await this.webhookSecret())
      .update(`confirm:${sessionId}`)
      .digest('base64url');
  }

  async confirmTokenValid(sessionId: string, token: string): Promise<boolean> {
    const want = Buffer.from(await this.confirmToken(sessionId));
    const got = Buffer.from(token);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}
