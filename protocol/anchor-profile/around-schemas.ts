/** Schemas of the calls around the profile (protocol/anchor-profile/around.ts), apart so the client bundles no zod. */
import { z } from 'zod';
import { LIST_STEP_MAX } from '../constants';
import { count, userid } from '../schema-parts';
import {
  BANNER_IDS_MAX,
  FOLLOW_LIST_MAX,
  FRIENDS_PAGE_SIZE,
  RECOMMEND_PAGE_TYPE,
  RECOMMEND_PAGE_TYPES,
} from './around';

export const AnchorFriendsBody = z.object({
  anchorid: userid,
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(FRIENDS_PAGE_SIZE),
});

/** type 18 names the broadcaster the list is like, so it needs anchor_id; the others leave her out when given. */
export const PageRecommendBody = z
  .object({
    type: count(1_000).refine((t) => RECOMMEND_PAGE_TYPES.includes(t), {
      message: `one of ${RECOMMEND_PAGE_TYPES.join(', ')}`,
    }),
    anchor_id: z.union([userid, z.literal('')]).optional(),
  })
  .refine((b) => b.type !== RECOMMEND_PAGE_TYPE.similar || Boolean(b.anchor_id), {
    message: 'type 18 needs anchor_id',
    path: ['anchor_id'],
  });

export const AdRecommendBody = z.object({ manid: userid });

/** Ids comma-separated ("A2001,A2002"), or repeated fields (an array). */
const idList = (max: number, id: z.ZodType<string, string>) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(','))
        .map((s) => s.trim())
        .filter(Boolean)
        .filter((s, i, all) => all.indexOf(s) === i),
    )
    .pipe(z.array(id).min(1).max(max));

export const UserFollowListBody = z.object({ anchorids: idList(FOLLOW_LIST_MAX, userid) });

export const RelationBody = z.object({ anchorid: userid, userid });

const advertId = z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'advert ids are letters and digits');
/** getBanner's payload is its query: id (comma-separated) and scenes. */
export const BannerQuery = z.object({
  id: idList(BANNER_IDS_MAX, advertId),
  scenes: count(1_000).optional(),
});
