/** Adverts: members' banner and pop-up calls, and the `adverts` operator's console calls. */
import { AdvertApi } from '../../../protocol/adverts/adverts';
import {
  AdvertSaveBody,
  AdvertStatusBody,
  BannerQuery,
  MarkShownBody,
  RetrieveAdvertBody,
  RetrieveBannerQuery,
} from '../../../protocol/adverts/adverts-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const advertRoutes = [
  defineRoute({
    path: AdvertApi.getBanner,
    queryPayload: true,
    auth: 'user',
    schema: BannerQuery,
    handler: (ctx, body) => ctx.services.adverts.banners(body.id, body.scenes),
  }),
  defineRoute({
    path: AdvertApi.retrieveBanner,
    method: 'GET',
    // A POST with the spec's query (?page_id=) is taken too.
    queryPayload: true,
    auth: 'user',
    schema: RetrieveBannerQuery,
    handler: (ctx, body) => ctx.services.adverts.pageBanners(body.page_id),
  }),
  defineRoute({
    path: AdvertApi.retrieveAdvert,
    auth: 'man',
    schema: RetrieveAdvertBody,
    handler: (ctx, body) => ctx.services.adverts.pops(ctx.caller.userid, body.ids, body.anchorId),
  }),
  defineRoute({
    path: AdvertApi.markShown,
    auth: 'man',
    schema: MarkShownBody,
    handler: (ctx, body) => ctx.services.adverts.markShown(ctx.caller.userid, body.adpid),
  }),
  defineRoute({
    path: AdvertApi.operatorList,
    auth: 'operator',
    operatorRole: 'adverts',
    schema: Empty,
    handler: (ctx) => ctx.services.adverts.operatorList(),
  }),
  defineRoute({
    path: AdvertApi.operatorStatus,
    auth: 'operator',
    operatorRole: 'adverts',
    schema: AdvertStatusBody,
    handler: (ctx, body) => ctx.services.adverts.setStatus(ctx.caller.userid, body.id, body.status),
  }),
  defineRoute({
    path: AdvertApi.operatorSave,
    auth: 'operator',
    operatorRole: 'adverts',
    schema: AdvertSaveBody,
    handler: (ctx, body) =>
      ctx.services.adverts.save(ctx.caller.userid, body.id, {
        title: body.title,
        alt: body.alt,
        urlType: body.url_type,
        url: body.url,
        img: body.img,
        scenes: body.scenes,
        pages: body.pages,
      }),
  }),
];
