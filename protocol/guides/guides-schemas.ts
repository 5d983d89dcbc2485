/** Schemas of the session's small calls (protocol/guides/guides.ts). */
import { z } from 'zod';
import { count, text, userid } from '../schema-parts';
import { SPEED_TEST_TIMEOUT_MS } from './guides';

/** /share/v1/t: the page's test series, the probe's milliseconds (-1 timed out), his own id. */
export const SpeedTestBody = z.object({
  sid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a series id of 8 to 64 letters, digits, - and _'),
  res: z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,6}$/, 'expected a whole number')
        .transform(Number),
    ])
    .pipe(z.number().int().min(-1).max(SPEED_TEST_TIMEOUT_MS)),
  userid,
});

/** reportResult?user_id= with the form {service, user_id, user_agent} (spec 001 §7). */
export const ReportResultBody = z.object({
  service: count(99),
  user_id: userid,
  user_agent: text().max(512).default(''),
});
