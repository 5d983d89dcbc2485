/** The partner sites' API calls; /user/goto, a browser navigation, is in goto-route.ts. */
import { PartnerApi } from '../../../protocol/partner-sites/partner-sites';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const partnerSiteRoutes = [
  defineRoute({
    path: PartnerApi.getFamilySites,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      // A broadcaster has no partner sites to switch to.
      return { list: ctx.caller.role === 'man' ? ctx.services.partnerSites.sitesFor(ctx.caller.userid) : [] };
    },
  }),
  defineRoute({
    path: PartnerApi.getCorpId,
    method: 'GET',
    auth: 'none',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.partnerSites.corp();
    },
  }),
];
