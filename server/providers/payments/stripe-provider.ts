/**
 * Stripe Checkout: a hosted payment page per order (mode payment, the pack as one price_data line),
 * with our order id as client_reference_id and in the metadata of the session and of its payment,
 * so refunds and disputes (which name the charge) find the order too. Webhooks are verified with
 * the endpoint secret.
 */
import Stripe from 'stripe';
import type { Checkout, CheckoutRequest, PaymentEvent, PaymentProvider } from './provider';
import { paymentEventOf, verifyStripeEvent } from './stripe-events';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests run a local stand-in); Stripe's own by default. */
  apiBase?: string;
  /** Where the browser comes back to: Stripe needs absolute addresses. */
  publicOrigin: string;
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'http:' ? 80 : 443),
        protocol: base.protocol === 'http:' ? 'http' : 'https',
      }),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const metadata = { order_id: request.orderId, pack_id: request.packId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.orderId,
        metadata,
        payment_intent_data: { metadata },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        success_url: new URL(request.successPath, this.settings.publicOrigin).href,
        cancel_url: new URL(request.cancelPath, this.settings.publicOrigin).href,
      },
      // A retried create makes one session, not two.
      { idempotencyKey: `checkout:${request.orderId}` },
    );
    if (!session.url) throw new Error(`stripe: session ${session.id} has no url`);
    return { url: session.url, sessionId: session.id };
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | undefined> {
    return paymentEventOf(verifyStripeEvent(rawBody, signature, this.settings.webhookSecret));
  }
}
