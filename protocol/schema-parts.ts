/**
 * The small pieces every request schema is made of. Bodies arrive form-encoded (every value a
 * string) or as JSON, so numbers and flags are coerced from strings but nothing else is guessed.
 */
import { z } from 'zod';
import { USERID_MAX_LENGTH } from './constants';

export const userid = z
  .string()
  .trim()
  .min(1)
  .max(USERID_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_]+$/, 'user ids are letters and digits');

export const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .transform(Number) as unknown as z.ZodType<0 | 1>;

/** A whole number sent as a number or as digits (forms send strings); nothing else is coerced. */
export const count = (max: number, min = 0) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,15}$/, 'expected a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** The largest value of a PostgreSQL integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * A row's id, from `min` up to its column's limit: an integer column's, or a bigint column's as far
 * as a number holds it exactly. Past it the call is refused here, never sent to the database (where
 * an integer column, or a parameter typed as one, would overflow).
 */
export const rowId = (column: 'int4' | 'bigint', min = 1) =>
  count(column === 'int4' ? INT4_MAX : Number.MAX_SAFE_INTEGER, min);

/**
 * Control characters are never text a person types, and PostgreSQL refuses NUL: C0 controls but tab,
 * line feed and carriage return, DEL, and the C1 controls (U+0080–U+009F, mis-decoded bytes).
 */
export function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0x7f && c <= 0x9f) return true;
  }
  return false;
}

export const CONTROL_CHARS_REFUSED = 'control characters are not allowed';

/** Text as people type it: any script, emoji and line breaks, but no control characters. */
export const text = () => z.string().refine((v) => !hasControlChars(v), CONTROL_CHARS_REFUSED);

/**
 * The field holding the first control character in a parsed body ('content', 'subscription.endpoint';
 * 'body' for a bare string), or undefined when there is none; field names are looked at too. Walks
 * without recursion, so however deep a body nests it cannot overflow the stack.
 */
export function controlCharsAt(body: unknown): string | undefined {
  const queue: [unknown, string][] = [[body, '']];
  for (let at = 0; at < queue.length; at++) {
    const [value, path] = queue[at] as [unknown, string];
    if (typeof value === 'string') {
      if (hasControlChars(value)) return path.slice(0, 64) || 'body';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (hasControlChars(key)) return path ? `${path.slice(0, 64)} (a field name)` : 'a field name';
        queue.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}
