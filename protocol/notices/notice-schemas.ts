/** Schemas of the notification centre's calls (protocol/notices/notices.ts). */
import { z } from 'zod';
import { MAX_READ_KEYS } from './notices';

/** 60 (an hour) or 0 (back on); a form sends text. */
export const NoticeQuietBody = z.object({
  minutes: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(60)])),
});

/** Comma-separated keys like `invite:A123` (a form cannot send arrays). */
export const NoticeReadBody = z.object({
  keys: z
    .string()
    .max(MAX_READ_KEYS * 80)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[a-z]+:[\w.-]{1,64}$/))
        .min(1)
        .max(MAX_READ_KEYS),
    ),
});
