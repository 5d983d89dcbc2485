/** Mail, greeting mail, stamps and letter media calls (protocol/mail/mail.ts). */

import { MailApi } from '../../../protocol/mail/mail';
import {
  BuyMediaBody,
  BuyStampsBody,
  CheckAnchorBody,
  LadyReadMailBody,
  LadySendMailBody,
  MailIdBody,
  MailListBody,
  ReadMailBody,
  SendMailBody,
} from '../../../protocol/mail/mail-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const mailRoutes = [
  defineRoute({
    path: MailApi.getEmfUnreadNum,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.mail.unread(ctx.caller.userid, 'emf'),
  }),
  defineRoute({
    path: MailApi.getLoiUnreadNum,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.mail.unread(ctx.caller.userid, 'loi'),
  }),
  defineRoute({
    path: MailApi.getInboxList,
    auth: 'man',
    schema: MailListBody,
    handler: (ctx, b) => ctx.services.mail.list(ctx.caller.userid, 'inbox', b.start, b.step),
  }),
  defineRoute({
    path: MailApi.getOutboxList,
    auth: 'man',
    schema: MailListBody,
    handler: (ctx, b) => ctx.services.mail.list(ctx.caller.userid, 'outbox', b.start, b.step),
  }),
  defineRoute({
    path: MailApi.getLoiList,
    auth: 'man',
    schema: MailListBody,
    handler: (ctx, b) => ctx.services.mail.list(ctx.caller.userid, 'loi', b.start, b.step),
  }),
  defineRoute({
    path: MailApi.getEmfDetail,
    auth: 'man',
    schema: MailIdBody,
    handler: (ctx, b) => ctx.services.mail.detail(ctx.caller.userid, b.emf_id, 'emf'),
  }),
  defineRoute({
    path: MailApi.getLoiDetail,
    auth: 'man',
    schema: MailIdBody,
    handler: (ctx, b) => ctx.services.mail.detail(ctx.caller.userid, b.emf_id, 'loi'),
  }),
  defineRoute({
    path: MailApi.readEmf,
    auth: 'man',
    schema: ReadMailBody,
    handler: (ctx, b) => ctx.services.mail.read(ctx.caller.userid, b.emf_id, b.click_type),
  }),
  defineRoute({
    path: MailApi.buyPrivatePhotoVideo,
    auth: 'man',
    schema: BuyMediaBody,
    handler: (ctx, b) => ctx.services.mail.buyMedia(ctx.caller.userid, b.emf_id, b.resource_id, b.click_type),
  }),
  defineRoute({
    path: MailApi.checkEmfAnchor,
    auth: 'man',
    schema: CheckAnchorBody,
    handler: (ctx, b) => ctx.services.mail.checkAnchor(b.anchor_id),
  }),
  defineRoute({
    path: MailApi.sendEmf,
    auth: 'man',
    schema: SendMailBody,
    handler: (ctx, b) =>
      ctx.services.mail.send(ctx.caller.userid, {
        anchorId: b.anchor_id,
        content: b.content,
        photoIds: b.photo_ids,
        key: b.key,
        clickType: b.click_type,
        schedule: b.book_time === undefined ? undefined : { bookTime: b.book_time, timeId: b.time_id },
        gift: b.gift_id
          ? { giftId: b.gift_id, num: b.gift_num ?? 1, useBackpack: b.use_backpack === 1 }
          : undefined,
      }),
  }),
  defineRoute({
    // The mail guide's "finished" mark; setGuideMail (after the terms) is the session's.
    path: MailApi.setGuideMailDone,
    auth: 'user',
    schema: Empty,
    handler: async (ctx) => {
      if (ctx.caller.role === 'man') await ctx.services.mail.setGuideMail(ctx.caller.userid);
      return ctx.services.users.userConfig(ctx.caller);
    },
  }),
  defineRoute({
    path: MailApi.ladyReadMail,
    auth: 'lady',
    schema: LadyReadMailBody,
    handler: (ctx, b) => ctx.services.mailHost.read(ctx.caller.userid, b.emf_id),
  }),
  defineRoute({
    path: MailApi.getPostStampsPriceList,
    auth: 'user',
    schema: Empty,
    handler: async (ctx) => ctx.services.stamps.priceList(),
  }),
  defineRoute({
    path: MailApi.buyPostStamps,
    auth: 'man',
    schema: BuyStampsBody,
    handler: (ctx, b) => ctx.services.stamps.buy(ctx.caller.userid, b.item_code, b.key),
  }),
  defineRoute({
    path: MailApi.getStampHistories,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.stamps.histories(ctx.caller.userid),
  }),
  defineRoute({
    path: MailApi.ladySendMail,
    auth: 'lady',
    schema: LadySendMailBody,
    handler: (ctx, b) =>
      ctx.services.mailHost.send(ctx.caller.userid, {
        manId: b.man_id,
        kind: b.kind,
        content: b.content,
        media: b.media,
        replyTo: b.reply_to,
      }),
  }),
  defineRoute({
    path: MailApi.ladyMailList,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.mailHost.list(ctx.caller.userid),
  }),
];
