/** Advert payload schemas (server side; the client keeps zod out of its bundle). */
import { z } from 'zod';
import { count, text, userid } from '../schema-parts';
import {
  ADVERT_ALT_MAX,
  ADVERT_CREATIVES,
  ADVERT_IDS_MAX,
  ADVERT_PLACE_MAX,
  ADVERT_PLACES_MAX,
  ADVERT_TITLE_MAX,
  ADVERT_URL_MAX,
} from './adverts';

export { BannerQuery } from '../anchor-profile/around-schemas';

export const advertId = z
  .string()
  .regex(/^[A-Za-z0-9]{1,16}$/, 'advert ids are letters and digits')
  .transform((v) => v.toUpperCase());

export const RetrieveBannerQuery = z.object({ page_id: count(ADVERT_PLACE_MAX) });

/** A form field sent as `name[]` (the client's arrays), `name`, or comma-separated. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .filter((s, i, all) => all.indexOf(s) === i),
  )
  .pipe(z.array(advertId).min(1).max(ADVERT_IDS_MAX));

/** extrData is a JSON string ({"anchor_id":"A2001"}); an empty one is no extra. */
const extra = z
  .string()
  .max(500)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      const parsed = z.object({ anchor_id: userid.optional() }).safeParse(JSON.parse(v));
      if (parsed.success) return parsed.data;
    } catch {
      // Falls through to the issue below.
    }
    ctx.addIssue({ code: 'custom', message: 'must be JSON such as {"anchor_id":"A2001"}' });
    return z.NEVER;
  });

export const RetrieveAdvertBody = z
  .object({ 'adpid[]': idList.optional(), adpid: idList.optional(), extrData: extra })
  .transform((b, ctx) => {
    const ids = b['adpid[]'] ?? b.adpid;
    if (!ids) {
      ctx.addIssue({ code: 'custom', path: ['adpid'], message: 'name at least one advert' });
      return z.NEVER;
    }
    return { ids, anchorId: b.extrData?.anchor_id };
  });

export const MarkShownBody = z.object({ adpid: advertId });

const flag = z
  .union([z.boolean(), z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
  .transform((v): 0 | 1 => (v === true || v === '1' || v === 1 ? 1 : 0));

export const AdvertStatusBody = z.object({ id: advertId, status: flag });

/** Scenes or pages: comma-separated numbers ("0,18"); empty is none. */
const places = z
  .string()
  .max(200)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,4}$/, 'expected whole numbers')
          .transform(Number),
      )
      .max(ADVERT_PLACES_MAX),
  )
  .pipe(z.array(z.number().int().max(ADVERT_PLACE_MAX)))
  .transform((v) => [...new Set(v)].sort((a, b) => a - b));

export const AdvertSaveBody = z.object({
  id: advertId,
  title: text().trim().min(1).max(ADVERT_TITLE_MAX),
  alt: text().trim().min(1).max(ADVERT_ALT_MAX),
  url_type: count(2, 1).transform((v) => v as 1 | 2),
  url: text().trim().min(1).max(ADVERT_URL_MAX),
  img: z.enum(ADVERT_CREATIVES),
  scenes: places.default([]),
  pages: places.default([]),
});
