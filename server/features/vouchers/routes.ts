/** The header's voucher calls (spec 001 §7), and where vouchers can be used (spec 002 §7). */
import { Empty } from '../../../protocol/schemas';
import { VoucherAnchorApi } from '../../../protocol/vouchers/voucher-anchors';
import {
  CouponAnchorListBody,
  PromoAnchorListBody,
  UserCouponBody,
} from '../../../protocol/vouchers/voucher-schemas';
import { VoucherApi } from '../../../protocol/vouchers/vouchers';
import { defineRoute } from '../../http/route';

export const voucherRoutes = [
  defineRoute({
    path: VoucherApi.countFreeChatTicketInfo,
    auth: 'man',
    schema: Empty,
    // data.chat counts his free chat tickets (live chat's, migration 027), data.live his broadcast vouchers.
    handler: (ctx) => ctx.services.livechatPanel.freeTickets(ctx.caller.userid),
  }),
  defineRoute({
    path: VoucherApi.headerCouponInfo,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.vouchers.headerInfo(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: VoucherApi.setCouponNoticeCloseTime,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.vouchers.closeNotice(ctx.caller.userid);
    },
  }),
  defineRoute({
    path: VoucherAnchorApi.checkHasCoupon,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.voucherAnchors.hasCoupon(ctx.caller.userid),
  }),
  defineRoute({
    path: VoucherAnchorApi.getCouponAnchorList,
    auth: 'man',
    schema: CouponAnchorListBody,
    handler: (ctx, body) => ctx.services.voucherAnchors.couponAnchors(ctx.caller.userid, body.bq_id),
  }),
  defineRoute({
    path: VoucherAnchorApi.getPopVoucherAnchorList,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.voucherAnchors.popAnchors(ctx.caller.userid),
  }),
  defineRoute({
    path: VoucherAnchorApi.setPopVoucherShown,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.voucherAnchors.popShown(ctx.caller.userid),
  }),
  defineRoute({
    path: VoucherAnchorApi.getUserCoupon,
    auth: 'man',
    schema: UserCouponBody,
    handler: (ctx, body) => ctx.services.voucherAnchors.userCoupon(ctx.caller.userid, body.anchor_id),
  }),
  defineRoute({
    path: VoucherAnchorApi.getPromoAnchorList,
    auth: 'man',
    schema: PromoAnchorListBody,
    handler: (ctx, body) => ctx.services.voucherAnchors.promoAnchors(ctx.caller.userid, body),
  }),
];
