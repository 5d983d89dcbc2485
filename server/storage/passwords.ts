/**
 * Password hashes with node:crypto scrypt, stored as `scrypt$N$r$p$salt$hash` (salt and hash in
 * base64url) so the cost can rise later while old hashes still verify.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost for real accounts (~50 ms per hash on one core). */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuses stored parameters that would make one verify take seconds or gigabytes. */
const MAX_N = 1 << 20;

function derive(plain: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFC'), salt, length, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(plain: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(plain, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => Number(part));
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  const valid = (n: number | undefined): n is number => Number.isInteger(n) && (n ?? 0) > 0;
  if (!valid(N) || !valid(r) || !valid(p) || N > MAX_N || (N & (N - 1)) !== 0) return undefined;
  if (r * p > 64 || salt.length === 0 || key.length < 16) return undefined;
  return { cost: { N, r, p }, salt, key };
}

/** False for a wrong password and for a stored value that is not one of our hashes. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(plain, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash is weaker than today's default (rehash it after a good login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.cost;
  return N < DEFAULT_SCRYPT_COST.N || r < DEFAULT_SCRYPT_COST.r || p < DEFAULT_SCRYPT_COST.p;
}
