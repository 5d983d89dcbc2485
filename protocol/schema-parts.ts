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
