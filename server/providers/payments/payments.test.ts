import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { WebhookRefused } from './provider';
import { paymentEventOf, verifyStripeEvent } from './stripe-events';
import { eventBody, sessionObject, signBody } from './test-provider';

const order = { orderId: 'ord_AAAAAAAAAAAAAAAA', amountCents: 999, currency: 'usd', sessionId: 'cs_1' };

describe('payments configuration', () => {
  it('has the test provider outside production only, unless forced', () => {
    expect(loadConfig({}).payments).toEqual({ testProvider: true });
    expect(loadConfig({ NODE_ENV: 'production' }).payments.testProvider).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_TEST_PROVIDER: '1' }).payments.testProvider).toBe(
      true,
    );
  });

  it('takes Stripe with both keys and a public origin, and names what is missing otherwise', () => {
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PUBLIC_ORIGIN: 'https://glimmer.example',
    }).payments.stripe;
    expect(stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: undefined });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET.*\n.*PUBLIC_ORIGIN/,
    );
  });
});

describe('Stripe-signed events', () => {
  it('reads a paid checkout session, and ignores one not paid yet', () => {
    const body = eventBody('checkout.session.completed', sessionObject(order, true));
    const event = verifyStripeEvent(Buffer.from(body), signBody(body, 'whsec_x'), 'whsec_x');
    expect(paymentEventOf(event)).toEqual({
      type: 'paid',
      orderId: order.orderId,
      sessionId: 'cs_1',
      amountCents: 999,
      currency: 'usd',
      paymentId: `pi_for_${order.orderId}`,
    });
    const unpaid = eventBody('checkout.session.completed', sessionObject(order, false));
    expect(
      paymentEventOf(verifyStripeEvent(Buffer.from(unpaid), signBody(unpaid, 'k'), 'k')),
    ).toBeUndefined();
  });

  it('refuses a missing or wrong signature, and a body changed after signing', () => {
    const body = eventBody('checkout.session.expired', sessionObject(order, false));
    expect(() => verifyStripeEvent(Buffer.from(body), undefined, 'k')).toThrow(WebhookRefused);
    expect(() => verifyStripeEvent(Buffer.from(body), signBody(body, 'other'), 'k')).toThrow(WebhookRefused);
    expect(() => verifyStripeEvent(Buffer.from(`${body} `), signBody(body, 'k'), 'k')).toThrow(
      WebhookRefused,
    );
    expect(() => verifyStripeEvent(Buffer.from(body), 'garbage', 'k')).toThrow(WebhookRefused);
  });
});
