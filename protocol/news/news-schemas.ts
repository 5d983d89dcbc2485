/** News payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { text } from '../schema-parts';
import { NEWS_BODY_MAX, NEWS_SLUGS, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX } from './news';

export const NewsSlugBody = z.object({ slug: z.enum(NEWS_SLUGS) });

/** A picture is a path on this site (a /media/... or /assets/... file): never another origin. */
const imagePath = text()
  .max(300)
  .refine((v) => v === '' || /^\/(?!\/)[A-Za-z0-9/_.,=?&%-]*$/.test(v), 'must be a path on this site');

export const NewsSaveBody = z.object({
  slug: z.enum(NEWS_SLUGS),
  title: text().trim().min(1).max(NEWS_TITLE_MAX),
  summary: text().trim().max(NEWS_SUMMARY_MAX).default(''),
  body: text().trim().min(1).max(NEWS_BODY_MAX),
  image_url: imagePath.default(''),
  published: z
    .union([z.boolean(), z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
    .transform((v) => v === true || v === '1' || v === 1),
});
