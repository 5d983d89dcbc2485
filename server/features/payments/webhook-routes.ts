/**
 * The payment providers' side of buying credits: their webhooks, and the test provider's checkout
 * page. A webhook is a server calling, not the app: no session, no API envelope on the way in, and
 * its signature is checked over the body exactly as sent, so these two paths get the raw bytes
 * (a content-type parser scoped to them). A bad signature answers 400 and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { Errno } from '../../../protocol/errors';
import { PaymentPaths } from '../../../protocol/payments/payments';
import { invalid, ok, sendFail } from '../../http/envelope';
import type { AppServices } from '../../http/route';
import type { ProviderName } from '../../providers/payments/provider';
import { WebhookRefused } from '../../providers/payments/provider';
import { TestPaymentProvider } from '../../providers/payments/test-provider';
import { registerTestCheckout } from './test-checkout-page';

/** Stripe's events are a few kB; a larger body is not one of them. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const WEBHOOKS: [string, ProviderName][] = [
  [PaymentPaths.stripeWebhook, 'stripe'],
  [PaymentPaths.testWebhook, 'test'],
];

export function registerPayments(app: FastifyInstance, services: AppServices): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    for (const [path, provider] of WEBHOOKS) {
      scope.post(path, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        try {
          const outcome = await services.payments.receive(
            provider,
            raw,
            typeof signature === 'string' ? signature : undefined,
          );
          return ok({ received: true, outcome });
        } catch (error) {
          if (!(error instanceof WebhookRefused)) throw error;
          request.log.warn(`payments: ${provider} webhook refused: ${error.message}`);
          return sendFail(reply, Errno.INVALID_PARAMS, invalid(`webhook refused: ${error.message}`), 400);
        }
      });
    }
  });
  const test = services.payments.provider('test');
  if (test instanceof TestPaymentProvider) registerTestCheckout(app, services.payments, test);
}
