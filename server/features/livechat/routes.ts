/** Live chat's HTTP calls (protocol/livechat/livechat.ts LiveChatApi); lines travel over the socket. */
import { LiveChatApi } from '../../../protocol/livechat/livechat';
import {
  AnchorIdBody,
  ChatHistoryBody,
  ChatIdBody,
  SetStatusBody,
  StartChatBody,
} from '../../../protocol/livechat/livechat-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const livechatRoutes = [
  defineRoute({
    path: LiveChatApi.start,
    auth: 'man',
    schema: StartChatBody,
    handler: (ctx, body) => ctx.services.livechat.startChat(ctx.caller.userid, body.anchor_id),
  }),
  defineRoute({
    path: LiveChatApi.end,
    auth: 'user',
    schema: ChatIdBody,
    handler: (ctx, body) => ctx.services.livechat.endChat(ctx.caller, body.chat_id),
  }),
  defineRoute({
    path: LiveChatApi.history,
    auth: 'user',
    schema: ChatHistoryBody,
    handler: (ctx, body) =>
      ctx.services.livechat.history(ctx.caller, body.with_id, body.before_id, body.step),
  }),
  defineRoute({
    path: LiveChatApi.chatList,
    auth: 'user',
    schema: Empty,
    handler: (ctx) => ctx.services.livechat.chatList(ctx.caller),
  }),
  defineRoute({
    path: LiveChatApi.contacts,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.livechatPanel.contacts(ctx.caller.userid),
  }),
  defineRoute({
    path: LiveChatApi.setStatus,
    method: 'GET',
    auth: 'man',
    schema: SetStatusBody,
    handler(ctx, body) {
      const action = body.action ?? (body.womanid ? 'check_ticket' : 'getChatVoucherList');
      const panel = ctx.services.livechatPanel;
      return action === 'check_ticket'
        ? panel.checkTicket(ctx.caller.userid, body.womanid ?? '')
        : panel.chatVouchers(ctx.caller.userid, body.start, body.step);
    },
  }),
  defineRoute({
    path: LiveChatApi.showInvite,
    auth: 'man',
    schema: AnchorIdBody,
    // The engine's live invitation from her if there is one (the display check), else her opening line.
    handler: (ctx, body) =>
      ctx.services.livechatInvites.showInvite(ctx.caller.userid, body.anchor_id, () =>
        ctx.services.livechatPanel.showInvite(ctx.caller.userid, body.anchor_id),
      ),
  }),
];
