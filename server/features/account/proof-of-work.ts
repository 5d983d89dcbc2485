/**
 * Sign-up's proof-of-work, with no outside service: the server hands out a signed challenge
 * (`<expiry>.<random>.<signature>`), the browser finds a nonce so that SHA-256(`challenge:nonce`)
 * starts with SIGNUP_POW_BITS zero bits, and register checks the signature, the expiry, the bits,
 * and that the challenge was not spent before (signup_challenges_used). It makes each sign-up cost
 * a browser a moment and a bot farm real work; the per-address and per-domain limits do the rest.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(`pow:${body}`).digest();

export function makeChallenge(key: Buffer, expiresAtS: number): string {
  const body = `${Math.floor(expiresAtS).toString(36)}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${sign(key, body).toString('base64url')}`;
}

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export const powDigest = (challenge: string, nonce: string) =>
  createHash('sha256').update(`${challenge}:${nonce}`).digest();

/** The challenge's expiry (seconds) when it is ours, unexpired and solved by `nonce`; else undefined. */
export function checkProof(
  key: Buffer,
  challenge: string,
  nonce: string,
  bits: number,
  nowS: number,
): number | undefined {
  const [expiry, random, sig, ...rest] = challenge.split('.');
  if (!expiry || !random || !sig || rest.length) return undefined;
  const given = Buffer.from(sig, 'base64url');
  const expected = sign(key, `${expiry}.${random}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const expiresAt = Number.parseInt(expiry, 36);
  if (!Number.isFinite(expiresAt) || expiresAt <= nowS) return undefined;
  if (!/^[0-9a-z]{1,32}$/.test(nonce)) return undefined;
  return leadingZeroBits(powDigest(challenge, nonce)) >= bits ? expiresAt : undefined;
}

/** Finds a nonce (base 36 counter) for a challenge: what the browser does, for tests and tools. */
export function solveChallenge(challenge: string, bits: number): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (leadingZeroBits(powDigest(challenge, nonce)) >= bits) return nonce;
  }
}
