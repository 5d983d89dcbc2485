/** The live-chat engine's invitation calls (protocol/livechat/livechat-invites.ts LiveChatInviteApi). */
import { InviteBlockBody, LiveChatInviteBody } from '../../../protocol/livechat/livechat-invite-schemas';
import { LiveChatInviteApi } from '../../../protocol/livechat/livechat-invites';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const livechatInviteRoutes = [
  defineRoute({
    path: LiveChatInviteApi.invite,
    auth: 'lady',
    schema: LiveChatInviteBody,
    handler: (ctx, body) =>
      ctx.services.livechatInvites.inviteByHand(ctx.caller.userid, body.user_id, body.invite_type),
  }),
  defineRoute({
    path: LiveChatInviteApi.block,
    auth: 'man',
    schema: InviteBlockBody,
    handler: (ctx, body) =>
      ctx.services.livechatInvites.setBlock(ctx.caller.userid, body.anchor_id, body.block === 1),
  }),
  defineRoute({
    path: LiveChatInviteApi.blockList,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.livechatInvites.blockList(ctx.caller.userid),
  }),
];
