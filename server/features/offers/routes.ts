/** Offers (spec 001 §7 checkDiscount, checkActivityStrengthenPush). */
import { OfferAnchorBody } from '../../../protocol/offers/offer-schemas';
import { OfferApi } from '../../../protocol/offers/offers';
import { defineRoute } from '../../http/route';

export const offerRoutes = [
  defineRoute({
    path: OfferApi.checkDiscount,
    auth: 'man',
    schema: OfferAnchorBody,
    handler: (ctx, body) => ctx.services.offers.discountInfo(body.anchor_id),
  }),
  defineRoute({
    path: OfferApi.checkActivityStrengthenPush,
    auth: 'man',
    schema: OfferAnchorBody,
    handler: (ctx, body) => ctx.services.offers.strengthenPush(ctx.caller.userid, body.anchor_id),
  }),
];
