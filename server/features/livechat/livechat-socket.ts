/**
 * Live chat's socket routes (protocol/livechat/livechat.ts LiveChatRoute): the engine's login (9), user info
 * (10) and heartbeat (911), and lines, typing and read marks. Each request's data passes its schema.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { LiveChatRoute } from '../../../protocol/livechat/livechat';
import {
  ChatReadBody,
  ChatSendBody,
  ChatTypingBody,
  ChatUserInfoBody,
} from '../../../protocol/livechat/livechat-schemas';
import { ApiError } from '../../core/errors';
import type { SocketCaller } from '../../realtime/gateway';
import type { LiveChatService } from './livechat';
import { chatCameraSocketRoutes } from './livechat-camera-socket';

type Route = (caller: SocketCaller, data: unknown) => Promise<unknown>;

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  data: unknown,
): T {
  const body = schema.safeParse(data ?? {});
  if (!body.success) throw new ApiError(Errno.INVALID_PARAMS, Messages.invalidParams);
  return body.data;
}

export function livechatSocketRoutes(chats: LiveChatService): Record<string, Route> {
  return {
    ...(chats.camera ? chatCameraSocketRoutes(chats.camera) : {}),
    [LiveChatRoute.login]: (caller) => chats.openChats(caller),
    [LiveChatRoute.heartbeat]: (caller) => chats.openChats(caller),
    [LiveChatRoute.userInfo]: (caller, data) => chats.userInfo(caller, parse(ChatUserInfoBody, data).userid),
    [LiveChatRoute.sendMessage]: (caller, data) => {
      const body = parse(ChatSendBody, data);
      return chats.send(caller, body.chat_id, body.content, body.msg_key);
    },
    [LiveChatRoute.typing]: async (caller, data) => {
      const body = parse(ChatTypingBody, data);
      await chats.typing(caller, body.chat_id, body.typing);
      return {};
    },
    [LiveChatRoute.read]: async (caller, data) => {
      const body = parse(ChatReadBody, data);
      await chats.read(caller, body.chat_id, body.msg_id);
      return {};
    },
  };
}
