/** The backpack's calls (spec 002 §7 getBackpackUnreadNum; the rest ours, protocol/backpack). */
import { BackpackApi } from '../../../protocol/backpack/backpack';
import { BackpackVoucherListBody, SetBackpackReadBody } from '../../../protocol/backpack/backpack-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const backpackRoutes = [
  defineRoute({
    path: BackpackApi.getBackpackUnreadNum,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.backpack.unread(ctx.caller.userid),
  }),
  defineRoute({
    path: BackpackApi.setBackpackRead,
    auth: 'man',
    schema: SetBackpackReadBody,
    handler: (ctx, body) => ctx.services.backpack.markRead(ctx.caller.userid, body.type),
  }),
  defineRoute({
    path: BackpackApi.getBackpackVoucherList,
    auth: 'man',
    schema: BackpackVoucherListBody,
    handler: (ctx, body) => ctx.services.backpack.voucherList(ctx.caller.userid, body.start, body.step),
  }),
  defineRoute({
    path: BackpackApi.getBackpackGiftList,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.backpack.giftList(ctx.caller.userid),
  }),
  defineRoute({
    path: BackpackApi.getBackpackRideList,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.backpack.rideList(ctx.caller.userid),
  }),
  defineRoute({
    path: BackpackApi.getVoucherSummary,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.backpack.voucherSummary(ctx.caller.userid),
  }),
  defineRoute({
    path: BackpackApi.getGiftPackage,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.backpack.giftPackage(ctx.caller.userid),
  }),
  defineRoute({
    path: BackpackApi.setGiftPackageShown,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.backpack.packageShown(ctx.caller.userid),
  }),
];
