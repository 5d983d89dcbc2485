/** Schemas of the Web Push calls (apart from protocol/push/push.ts so the service worker stays free of zod). */
import { z } from 'zod';
import { text } from '../schema-parts';
import { PUSH_ENDPOINT_MAX, PUSH_TYPES } from './push';

/** The browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: text().trim().min(1).max(PUSH_ENDPOINT_MAX),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // 65-byte P-256 point and 16-byte secret, base64url (RFC 8291).
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, 'must be a base64url 16-byte secret'),
  }),
});

export const subscribeSchema = z.object({
  subscription: pushSubscriptionSchema,
  /** Omitted: every type. */
  types: z.array(z.enum(PUSH_TYPES)).max(PUSH_TYPES.length).optional(),
  /** Ours: the endpoint this one replaces (pushsubscriptionchange); its types carry over and it goes. */
  replaces: text().trim().min(1).max(PUSH_ENDPOINT_MAX).optional(),
});
export const unsubscribeSchema = z.object({ endpoint: text().trim().min(1).max(PUSH_ENDPOINT_MAX) });
export const pushStatusSchema = unsubscribeSchema;
