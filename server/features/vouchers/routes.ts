/** The header's voucher calls (spec 001 §7). */
import { Empty } from '../../../protocol/schemas';
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
];
