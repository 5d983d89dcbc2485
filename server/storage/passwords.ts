/**
 * Password hashes. New ones are argon2id in the PHC string format (`$argon2id$v=19$m=…,t=…,p=…$…`)
 * through @node-rs/argon2, with OWASP's current parameters. Older `scrypt$N$r$p$salt$hash` values
 * still verify, and needsRehash() tells the login to replace them (and any weaker argon2id) with
 * today's cost once the right password is known.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

export interface Argon2Cost {
  /** KiB of memory. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's first choice for argon2id: 19 MiB, 2 passes, 1 lane (~15 ms here). */
export const DEFAULT_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Refuses stored parameters that would make one verify take seconds or gigabytes. */
const MAX_MEMORY_KIB = 1 << 20;
const MAX_SCRYPT_N = 1 << 20;

/** Algorithm.Argon2id: the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

export function hashPassword(plain: string, cost: Argon2Cost = DEFAULT_ARGON2_COST): Promise<string> {
  return hash(plain.normalize('NFC'), { algorithm: ARGON2ID, ...cost });
}

const PHC_ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

function argon2Cost(stored: string): Argon2Cost | undefined {
  const match = PHC_ARGON2ID.exec(stored);
  if (!match) return undefined;
  const [memoryCost, timeCost, parallelism] = match.slice(1, 4).map(Number) as [number, number, number];
  if (memoryCost > MAX_MEMORY_KIB || timeCost > 16 || parallelism > 16) return undefined;
  return { memoryCost, timeCost, parallelism };
}

interface LegacyScrypt {
  options: ScryptOptions;
  salt: Buffer;
  key: Buffer;
}

function parseScrypt(stored: string): LegacyScrypt | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => Number(part));
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  const valid = (n: number | undefined): n is number => Number.isInteger(n) && (n ?? 0) > 0;
  if (!valid(N) || !valid(r) || !valid(p) || N > MAX_SCRYPT_N || (N & (N - 1)) !== 0) return undefined;
  if (r * p > 64 || salt.length === 0 || key.length < 16) return undefined;
  return { options: { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, salt, key };
}

function verifyScrypt(plain: string, legacy: LegacyScrypt): Promise<boolean> {
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFC'), legacy.salt, legacy.key.length, legacy.options, (error, key) => {
      if (error) reject(error);
      else resolve(timingSafeEqual(key, legacy.key));
    });
  });
}

/** False for a wrong password and for a stored value that is not one of our hashes. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  if (argon2Cost(stored)) return verify(stored, plain.normalize('NFC')).catch(() => false);
  const legacy = parseScrypt(stored);
  return legacy ? verifyScrypt(plain, legacy) : false;
}

/** True when a stored hash is not argon2id at today's cost (rehash it after a good login). */
export function needsRehash(stored: string): boolean {
  const cost = argon2Cost(stored);
  if (!cost) return true;
  return (
    cost.memoryCost < DEFAULT_ARGON2_COST.memoryCost ||
    cost.timeCost < DEFAULT_ARGON2_COST.timeCost ||
    cost.parallelism < DEFAULT_ARGON2_COST.parallelism
  );
}

let dummy: Promise<string> | undefined;

/**
 * Spends what checking a real account's password spends, for a login whose id is unknown or of the
 * other side, so the answer's timing does not tell which ids exist.
 */
export async function verifyDummy(plain: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(plain, await dummy);
  return false;
}
