import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccountErrno } from '../../../protocol/account/account';
import { isCommonPassword, passwordProblem, passwordStrength } from '../../../protocol/account/passwords';
import { makeLinkToken, readLinkToken } from './link-tokens';
import { checkProof, leadingZeroBits, makeChallenge, solveChallenge } from './proof-of-work';

const key = randomBytes(32);
const now = 1_800_000_000;

describe('link tokens', () => {
  it('reads back a fresh token with its purpose', () => {
    const token = makeLinkToken(key, 'reset', now + 60);
    expect(readLinkToken(key, token, now)).toEqual({ ok: true, purpose: 'reset', expiresAt: now + 60 });
  });

  it('is expired once its time has passed', () => {
    const token = makeLinkToken(key, 'verify', now + 60);
    expect(readLinkToken(key, token, now + 60)).toEqual({ ok: false, why: 'expired' });
  });

  it('is invalid when any part is changed, the expiry or purpose included', () => {
    const token = makeLinkToken(key, 'verify', now + 60);
    const [purpose, expiry, random, sig] = token.split('.') as [string, string, string, string];
    const later = (Number.parseInt(expiry, 36) + 3600).toString(36);
    for (const tampered of [
      `${purpose}.${later}.${random}.${sig}`,
      `reset.${expiry}.${random}.${sig}`,
      `${purpose}.${expiry}.${random}x.${sig}`,
      `${purpose}.${expiry}.${random}.${sig.slice(1)}A`,
      `${purpose}.${expiry}.${random}`,
    ]) {
      expect(readLinkToken(key, tampered, now)).toEqual({ ok: false, why: 'invalid' });
    }
  });

  it('is invalid under another server key', () => {
    const token = makeLinkToken(key, 'verify', now + 60);
    expect(readLinkToken(randomBytes(32), token, now)).toEqual({ ok: false, why: 'invalid' });
  });
});

describe('proof-of-work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0, 0x0f, 0xff]))).toBe(20);
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Uint8Array.from([0x01]))).toBe(7);
  });

  it('accepts a solved challenge and refuses a wrong nonce, a forged or an expired one', () => {
    const challenge = makeChallenge(key, now + 600);
    const nonce = solveChallenge(challenge, 10);
    expect(checkProof(key, challenge, nonce, 10, now)).toBe(now + 600);
    // A nonce that does not solve it (the next one almost never does at 10 bits).
    const wrong = [...Array(50).keys()]
      .map((n) => `zz${n}`)
      .find((n) => checkProof(key, challenge, n, 10, now) === undefined);
    expect(wrong).toBeDefined();
    expect(checkProof(key, challenge, nonce, 10, now + 600)).toBeUndefined();
    expect(checkProof(randomBytes(32), challenge, nonce, 10, now)).toBeUndefined();
    const forged = makeChallenge(randomBytes(32), now + 600);
    expect(checkProof(key, forged, solveChallenge(forged, 10), 10, now)).toBeUndefined();
  });
});

describe('password rules', () => {
  it('refuses short and common passwords and their usual variants', () => {
    expect(passwordProblem('abc123')?.errno).toBe(AccountErrno.PASSWORD_TOO_SHORT);
    expect(passwordProblem('password')?.errno).toBe(AccountErrno.PASSWORD_COMMON);
    expect(passwordProblem('Password123!')?.errno).toBe(AccountErrno.PASSWORD_COMMON);
    expect(passwordProblem('sunshine2024')?.errno).toBe(AccountErrno.PASSWORD_COMMON);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(passwordProblem('violet-harbor-42')).toBeUndefined();
  });

  it('refuses a password made of his email name', () => {
    expect(passwordProblem('johnsmith99', ['johnsmith@example.com'])?.errno).toBe(
      AccountErrno.PASSWORD_LIKE_ACCOUNT,
    );
  });

  it('rates strength from 0 (refused) up to 4', () => {
    expect(passwordStrength('password1')).toBe(0);
    expect(passwordStrength('violetharbor')).toBe(1);
    expect(passwordStrength('Violet-Harbor-42-Tide')).toBe(4);
  });
});
