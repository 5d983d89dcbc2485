/**
 * Stripe's webhook events as PaymentEvents, and their signature check. Both providers deliver
 * events in Stripe's shape, signed Stripe's way (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 over
 * `t.body`), so both go through stripe.webhooks.constructEvent here.
 */
import Stripe from 'stripe';
import { PaymentText } from '../../../protocol/payments/payments';
import { type PaymentEvent, WebhookRefused } from './provider';

/** How old a signed delivery may be (Stripe's own default): a replay later than this is refused. */
const TOLERANCE_S = 300;

export function verifyStripeEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new WebhookRefused('no Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_S);
  } catch (error) {
    throw new WebhookRefused(error instanceof Error ? error.message : 'bad signature');
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The order a checkout session is for (client_reference_id, or its metadata). */
function sessionOrder(session: Stripe.Checkout.Session): string | null {
  return session.client_reference_id ?? session.metadata?.order_id ?? null;
}

/** Our order id from a charge or dispute's metadata (set through payment_intent_data). */
const metadataOrder = (metadata: Stripe.Metadata | null | undefined) => metadata?.order_id ?? null;

export function paymentEventOf(event: Stripe.Event): PaymentEvent | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const orderId = sessionOrder(session);
      // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
      if (!orderId || session.payment_status !== 'paid') return undefined;
      return {
        type: 'paid',
        orderId,
        sessionId: session.id,
        amountCents: session.amount_total ?? 0,
        currency: session.currency ?? '',
        paymentId: idOf(session.payment_intent),
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const orderId = sessionOrder(event.data.object);
      if (!orderId) return undefined;
      const reason =
        event.type === 'checkout.session.expired'
          ? (event.data.object.metadata?.failure ?? PaymentText.expired)
          : (event.data.object.metadata?.failure ?? PaymentText.asyncFailed);
      return { type: 'failed', orderId, reason };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        type: 'refunded',
        orderId: metadataOrder(charge.metadata),
        paymentId: idOf(charge.payment_intent),
        amountCents: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        type: 'disputed',
        orderId: metadataOrder(dispute.metadata),
        paymentId: idOf(dispute.payment_intent),
        amountCents: dispute.amount,
      };
    }
    default:
      return undefined;
  }
}
