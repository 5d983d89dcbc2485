/** Around the profile: friends, recommendations, the recommendation pop, follow states, relations (banners: features/adverts). */
import {
  AdRecommendBody,
  AnchorFriendsBody,
  PageRecommendBody,
  RelationBody,
  UserFollowListBody,
} from '../../../protocol/anchor-profile/around-schemas';
import { Api } from '../../../protocol/paths';
import { defineRoute } from '../../http/route';

export const aroundRoutes = [
  defineRoute({
    path: Api.getAnchorFriends,
    auth: 'user',
    schema: AnchorFriendsBody,
    async handler(ctx, body) {
      return ctx.services.around.friends(body.anchorid, body.start, body.step, ctx.caller);
    },
  }),
  defineRoute({
    path: Api.getPageRecommendAnchorList,
    auth: 'user',
    schema: PageRecommendBody,
    async handler(ctx, body) {
      return ctx.services.around.pageRecommend(ctx.caller, body.type, body.anchor_id || undefined);
    },
  }),
  defineRoute({
    path: Api.getADRecommendAnchor,
    auth: 'man',
    schema: AdRecommendBody,
    async handler(ctx, body) {
      return ctx.services.around.adRecommend(ctx.caller, body.manid);
    },
  }),
  defineRoute({
    path: Api.getUserFollowList,
    auth: 'man',
    schema: UserFollowListBody,
    async handler(ctx, body) {
      return ctx.services.around.followList(ctx.caller, body.anchorids);
    },
  }),
  defineRoute({
    path: Api.getRelation,
    auth: 'man',
    schema: RelationBody,
    async handler(ctx, body) {
      return ctx.services.around.relation(ctx.caller, body.anchorid, body.userid);
    },
  }),
];
