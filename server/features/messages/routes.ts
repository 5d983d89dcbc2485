/** Calls for private messages (both roles), Intimacy, emoticons, a member's contacts and follows. */
import {
  ContactListBody,
  MessageHistoryBody,
  MessagePageBody,
  SendPrivateMessageBody,
  SetReadedBody,
  ToIdBody,
  UserAnchorInfoBody,
} from '../../../protocol/messages/message-schemas';
import { MessageApi } from '../../../protocol/messages/messages';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const messageRoutes = [
  defineRoute({
    path: MessageApi.sendPrivateMessage,
    auth: 'user',
    schema: SendPrivateMessageBody,
    async handler(ctx, body) {
      return ctx.services.messages.send(ctx.caller, body.to_id, body.content, body.msg_key, body.dynamics_id);
    },
  }),
  defineRoute({
    path: MessageApi.getPrivateMessageList,
    auth: 'user',
    schema: MessagePageBody,
    async handler(ctx, body) {
      return ctx.services.messages.list(ctx.caller, body.start, body.step, false);
    },
  }),
  defineRoute({
    path: MessageApi.getPrivateMessageFollowList,
    auth: 'man',
    schema: MessagePageBody,
    async handler(ctx, body) {
      return ctx.services.messages.list(ctx.caller, body.start, body.step, true);
    },
  }),
  defineRoute({
    path: MessageApi.getPrivateMessageHistory,
    auth: 'user',
    schema: MessageHistoryBody,
    async handler(ctx, body) {
      return ctx.services.messages.history(ctx.caller, body.to_id, body.start, body.step, body.before_id);
    },
  }),
  defineRoute({
    path: MessageApi.getPrivateMessageOne,
    auth: 'user',
    schema: ToIdBody,
    async handler(ctx, body) {
      return ctx.services.messages.one(ctx.caller, body.to_id);
    },
  }),
  defineRoute({
    path: MessageApi.setPrivateMessageReaded,
    auth: 'user',
    schema: SetReadedBody,
    async handler(ctx, body) {
      return ctx.services.messages.markRead(ctx.caller, body.to_id, body.msg_id);
    },
  }),
  defineRoute({
    path: MessageApi.getEmoticonList,
    auth: 'none',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.contacts.emoticons();
    },
  }),
  defineRoute({
    path: MessageApi.getUserAnchorInfo,
    auth: 'user',
    schema: UserAnchorInfoBody,
    async handler(ctx, body) {
      return ctx.services.contacts.intimacy(ctx.caller, body.anchor_id, body.userid);
    },
  }),
  defineRoute({
    path: MessageApi.getContactList,
    auth: 'man',
    schema: ContactListBody,
    async handler(ctx, body) {
      return ctx.services.contacts.contacts(ctx.caller.userid, body.start, body.step, body.sorting);
    },
  }),
  defineRoute({
    path: MessageApi.getFollowList,
    auth: 'man',
    schema: MessagePageBody,
    async handler(ctx, body) {
      return ctx.services.contacts.follows(ctx.caller.userid, body.start, body.step);
    },
  }),
];
