/**
 * The zod pieces the environment schema is built from: switches, URLs, origins, comma lists,
 * TRUST_PROXY and phone numbers, each with the message a bad value is reported with.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { OPERATOR_ROLES } from '../../protocol/operator/operator';

export const flag = z
  .enum(['', '0', '1', 'true', 'false'])
  .default('')
  .transform((v) => v === '1' || v === 'true');

export const optionalUrl = (schemes: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || schemes.some((s) => v.startsWith(s)), {
      message: `must start with ${schemes.join(' or ')}`,
    });

export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const OPERATOR_ROLES_ITEM = new RegExp(
  `^[A-Za-z0-9_-]{1,32}:(${OPERATOR_ROLES.join('|')})(\\+(${OPERATOR_ROLES.join('|')}))*$`,
);

/** A comma-separated variable whose every item must pass `valid`. */
export const commaList = (valid: (item: string) => boolean, message: string) =>
  z
    .string()
    .default('')
    .transform(splitList)
    .refine((list) => list.every(valid), { message });

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default (the socket's address is the client's). A number trusts that many
 * proxy hops of X-Forwarded-For; a comma list trusts the proxies at those addresses or ranges.
 */
export const TrustProxy = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === '0' || v === 'false') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 16) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be 16 or less' });
      return z.NEVER;
    }
    const list = splitList(v);
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count or a comma list of addresses and CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  });

/** A phone number as Twilio dials it: +<country><number>, or unset. */
export const phoneNumber = z
  .string()
  .trim()
  .default('')
  .refine((v) => v === '' || /^\+\d{5,19}$/.test(v), { message: 'must be a number such as +14155550100' });
