/** The payment providers this server is configured with (config.payments). */
import type { Config } from '../../config';
import type { Db } from '../../storage/contract';
import type { PaymentProvider, ProviderName } from './provider';
import { StripeProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

export function paymentProviders(config: Config, db: Db): Partial<Record<ProviderName, PaymentProvider>> {
  const { stripe, testProvider } = config.payments;
  return {
    ...(stripe && { stripe: new StripeProvider({ ...stripe, publicOrigin: config.publicOrigin }) }),
    ...(testProvider && { test: new TestPaymentProvider(db) }),
  };
}
