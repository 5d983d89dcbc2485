/**
 * The tokens in mailed links: `<purpose>.<expiry>.<random>.<signature>`. The signature (HMAC-SHA256
 * over the first three parts, with the server's account secret) makes a changed token worthless
 * without a database read; the expiry (seconds since the epoch, base 36) is inside what is signed;
 * the random part makes each token unique. Only a hash of the whole token is stored, and its row
 * marks it used, so a link works once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'verify' | 'reset' | 'change';
const PURPOSES: readonly LinkPurpose[] = ['verify', 'reset', 'change'];

export type LinkCheck =
  | { ok: true; purpose: LinkPurpose; expiresAt: number }
  | { ok: false; why: 'invalid' | 'expired' };

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(`link:${body}`).digest();

export function makeLinkToken(key: Buffer, purpose: LinkPurpose, expiresAtS: number): string {
  const body = `${purpose}.${Math.floor(expiresAtS).toString(36)}.${randomBytes(18).toString('base64url')}`;
  return `${body}.${sign(key, body).toString('base64url')}`;
}

/** Checks the signature first (a tampered token is invalid whatever it says), then the expiry. */
export function readLinkToken(key: Buffer, token: string, nowS: number): LinkCheck {
  const parts = token.split('.');
  if (parts.length !== 4) return { ok: false, why: 'invalid' };
  const [purpose, expiry, random, sig] = parts as [string, string, string, string];
  const given = Buffer.from(sig, 'base64url');
  const expected = sign(key, `${purpose}.${expiry}.${random}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, why: 'invalid' };
  }
  if (!PURPOSES.includes(purpose as LinkPurpose)) return { ok: false, why: 'invalid' };
  const expiresAt = Number.parseInt(expiry, 36);
  if (!Number.isFinite(expiresAt)) return { ok: false, why: 'invalid' };
  if (expiresAt <= nowS) return { ok: false, why: 'expired' };
  return { ok: true, purpose: purpose as LinkPurpose, expiresAt };
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
