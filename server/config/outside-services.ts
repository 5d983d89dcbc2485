/**
 * The outside services' settings: Stripe, Twilio and S3 are each off until their first key is set,
 * and then every key they need is required, so a half-set service stops the start.
 */
import type { z } from 'zod';
import type { S3Config } from '../files/s3';
import type { EnvSchema } from './env-schema';
import { type Config, invalidConfig } from './settings';

/** A service half set stops the start, naming each variable it still lacks. */
function requireAll(missing: readonly string[], when: string): void {
  if (missing.length > 0) throw invalidConfig(missing.map((k) => `${k}: required when ${when}`));
}

/** Both Stripe keys or neither; Stripe sends the browser back to absolute addresses (PUBLIC_ORIGIN). */
export function paymentsConfig(e: z.infer<typeof EnvSchema>): Config['payments'] {
  const testProvider =
    e.PAYMENTS_TEST_PROVIDER === ''
      ? e.NODE_ENV !== 'production'
      : e.PAYMENTS_TEST_PROVIDER === '1' || e.PAYMENTS_TEST_PROVIDER === 'true';
  if (!e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) return { testProvider };
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_ORIGIN'] as const).filter(
    (k) => !e[k],
  );
  requireAll(missing, 'a Stripe key is set');
  return {
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    testProvider,
  };
}

/** Twilio when its account is set: then its token, our number, a callback origin and the desk are required. */
export function callCenterConfig(e: z.infer<typeof EnvSchema>): Config['callCenter'] {
  if (!e.TWILIO_ACCOUNT_SID && !e.TWILIO_AUTH_TOKEN) return {};
  const callbackOrigin = e.TWILIO_CALLBACK_ORIGIN || e.PUBLIC_ORIGIN;
  const missing = [
    ...(
      ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER', 'CALL_TRANSLATOR_NUMBER'] as const
    ).filter((k) => !e[k]),
    ...(callbackOrigin ? [] : ['TWILIO_CALLBACK_ORIGIN (or PUBLIC_ORIGIN)']),
  ];
  requireAll(missing, 'a Twilio key is set');
  return {
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      fromNumber: e.TWILIO_FROM_NUMBER,
      callbackBase: callbackOrigin,
      translatorNumber: e.CALL_TRANSLATOR_NUMBER,
      apiBase: e.TWILIO_API_BASE,
    },
  };
}

/** S3_BUCKET turns the S3 store on; then both keys are required. */
export function s3Config(e: z.infer<typeof EnvSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  requireAll(missing, 'S3_BUCKET is set');
  return {
    endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
