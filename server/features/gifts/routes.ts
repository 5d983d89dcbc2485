/** The gift catalogue's calls (spec 002 §7 getAllGiftList, spec 001 §7 getGiftDetail). */
import { GiftDetailBody } from '../../../protocol/gifts/gift-schemas';
import { GiftApi } from '../../../protocol/gifts/gifts';
import { GiftListBody } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const giftRoutes = [
  defineRoute({
    path: GiftApi.getAllGiftList,
    auth: 'user',
    schema: GiftListBody,
    handler: (ctx) => ctx.services.gifts.all(),
  }),
  defineRoute({
    path: GiftApi.getGiftDetail,
    auth: 'user',
    schema: GiftDetailBody,
    handler: (ctx, body) => ctx.services.gifts.detail(body.gift_id),
  }),
];
