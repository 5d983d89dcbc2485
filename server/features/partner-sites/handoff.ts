/**
 * The partner hand-off token (docs/partner-handoff.md): who is coming, to which site and page,
 * until when, signed with the partner's own secret (HMAC-SHA256), so the partner can check it
 * without asking Glimmer. `verifyHandoff` is the reference check a partner runs; the local
 * stand-in partner page uses it too.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { HANDOFF_TTL_S, isPartnerPath } from '../../../protocol/partner-sites/partner-sites';

export const HANDOFF_VERSION = 1;
/** Seconds a partner's clock may run ahead of ours. */
const CLOCK_SKEW_S = 30;

export interface HandoffClaims {
  v: number;
  /** Always 'glimmer'. */
  iss: 'glimmer';
  /** The member's user id. */
  uid: string;
  /** The partner site this token is for. */
  site: number;
  /** The page on the partner to open (a path). */
  path: string;
  /** Issued at and expiry, Unix seconds. */
  iat: number;
  exp: number;
  /** 128 random bits, base64url: the partner refuses a nonce it has seen before (until exp). */
  nonce: string;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

export function signHandoff(
  input: { uid: string; site: number; path: string },
  secret: string,
  nowMs = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: HandoffClaims = {
    v: HANDOFF_VERSION,
    iss: 'glimmer',
    uid: input.uid,
    site: input.site,
    path: input.path,
    iat,
    exp: iat + HANDOFF_TTL_S,
    nonce: randomBytes(16).toString('base64url'),
  };
  const body = b64(JSON.stringify(claims));
  return `${body}.${b64(mac(secret, body))}`;
}

export type HandoffCheck =
  | { ok: true; claims: HandoffClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'wrong-site' | 'bad-path' };

/** The partner's check: signature first, then version, site, time and path. */
export function verifyHandoff(
  token: string,
  secret: string,
  siteid: number,
  nowMs = Date.now(),
): HandoffCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [body, sig] = parts as [string, string];
  const expected = mac(secret, body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  let claims: HandoffClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as HandoffClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.v !== HANDOFF_VERSION || claims.iss !== 'glimmer' || typeof claims.uid !== 'string') {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.site !== siteid) return { ok: false, reason: 'wrong-site' };
  const now = Math.floor(nowMs / 1000);
  if (!(claims.exp > now) || claims.iat > now + CLOCK_SKEW_S) return { ok: false, reason: 'expired' };
  if (typeof claims.path !== 'string' || !isPartnerPath(claims.path))
    return { ok: false, reason: 'bad-path' };
  return { ok: true, claims };
}
