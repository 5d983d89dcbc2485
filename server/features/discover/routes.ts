/** Discover lists, following, and the profile page's interests. */
import { SearchApi } from '../../../protocol/discover/search';
import { SearchAnchorListBody } from '../../../protocol/discover/search-schemas';
import { Api } from '../../../protocol/paths';
import {
  AnchorIdBody,
  Empty,
  FeaturedBody,
  ListPageBody,
  OnlineListBody,
  SetFavoriteBody,
} from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const discoverRoutes = [
  defineRoute({
    path: Api.getFeaturedAnchors,
    auth: 'user',
    schema: FeaturedBody,
    async handler(ctx, body) {
      return { list: await ctx.services.anchors.featured(ctx.caller, body.num) };
    },
  }),
  defineRoute({
    path: Api.getOnlineAnchors,
    auth: 'user',
    schema: OnlineListBody,
    async handler(ctx, body) {
      return { list: await ctx.services.anchors.online(ctx.caller, body.type as 0 | 1 | 2, body.num) };
    },
  }),
  defineRoute({
    path: Api.getAnchorList,
    auth: 'user',
    schema: ListPageBody,
    async handler(ctx, body) {
      return { list: await ctx.services.anchors.hot(ctx.caller, body.start, body.step) };
    },
  }),
  defineRoute({
    path: SearchApi.searchAnchorList,
    auth: 'user',
    schema: SearchAnchorListBody,
    async handler(ctx, body) {
      return { list: await ctx.services.anchorSearch.search(ctx.caller, body) };
    },
  }),
  defineRoute({
    path: SearchApi.getAnchorCountries,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      return { list: await ctx.services.anchorSearch.countries() };
    },
  }),
  defineRoute({
    path: Api.setFavorite,
    auth: 'man',
    schema: SetFavoriteBody,
    async handler(ctx, body) {
      return ctx.services.anchors.setFavorite(ctx.caller.userid, body.userid, body.is_fav === 1);
    },
  }),
  defineRoute({
    path: Api.getInterestList,
    auth: 'user',
    schema: AnchorIdBody,
    async handler(ctx, body) {
      return ctx.services.anchors.interests(body.anchorid);
    },
  }),
];
