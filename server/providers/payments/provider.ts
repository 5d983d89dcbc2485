/**
 * A payment provider as the payment service sees it: it makes a hosted checkout for an order, and
 * turns a signed webhook delivery into what happened. Stripe (stripe-provider.ts) and the built-in
 * test provider (test-provider.ts) both sign the Stripe way, so one verification path runs.
 */

export type ProviderName = 'stripe' | 'test';

export interface CheckoutRequest {
  orderId: string;
  packId: string;
  /** What it buys, in words ('25 credits', '60 chat minutes'). */
  description: string;
  amountCents: number;
  currency: string;
  /** Same-origin paths the browser goes back to (the provider makes them absolute if it must). */
  successPath: string;
  cancelPath: string;
}

export interface Checkout {
  /** The hosted checkout page to open. */
  url: string;
  /** The provider's id of the checkout session. */
  sessionId: string;
}

/** Refunds and disputes name the payment; our order id rides along in its metadata when it can. */
export interface PaymentRef {
  orderId: string | null;
  paymentId: string | null;
}

export type PaymentEvent =
  | {
      type: 'paid';
      orderId: string;
      sessionId: string;
      amountCents: number;
      currency: string;
      paymentId: string | null;
    }
  | { type: 'failed'; orderId: string; reason: string }
  /** `amountCents`: everything refunded of the payment so far. */
  | ({ type: 'refunded'; amountCents: number } & PaymentRef)
  | ({ type: 'disputed'; amountCents: number } & PaymentRef);

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Verifies a delivery's signature over its raw body and reads the event: undefined for an event
   * that is ours to ignore. Throws WebhookRefused when the signature or the body is not good.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent | undefined>;
}

/** The delivery is not signed by the provider (or not an event): answered 400, nothing changes. */
export class WebhookRefused extends Error {}
