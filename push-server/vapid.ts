/**
 * VAPID keys (RFC 8292), generated once and kept in settings so that every process and every
 * restart signs with the same pair; subscriptions made against the public key stay valid.
 */
import webpush from 'web-push';
import type { Repositories } from '../server/storage/contract';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SETTING = 'vapid_keys';

export async function loadVapidKeys(settings: Repositories['settings']): Promise<VapidKeys> {
  const stored = await settings.getOrCreate(SETTING, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
    throw new Error(`The stored ${SETTING} setting is not a VAPID key pair`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
