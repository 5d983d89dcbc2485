/**
 * A room's text chat: a line of at most LIVE_CHAT_MAX characters (an emoji counting one), passed
 * through the live-chat text filter, goes to everyone in the room (her and its members, on any
 * process) as imShare/liveRoomChatNotice. Lines are not stored: a room's chat lives with the room.
 */
import { Errno } from '../../../protocol/errors';
import {
  chatLength,
  LIVE_CHAT_MAX,
  LiveText,
  ROOM_CHAT_EVENT,
  type RoomChatLine,
} from '../../../protocol/live/live';
import { filterChatText } from '../../../protocol/text-filter';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';

export async function sayInRoom(
  notifier: Notifier,
  roomId: string,
  from: { userid: string; nickname: string },
  text: string,
  audience: readonly string[],
  now = Date.now(),
): Promise<RoomChatLine> {
  if (chatLength(text) > LIVE_CHAT_MAX) throw new ApiError(Errno.INVALID_PARAMS, LiveText.chatTooLong);
  const line: RoomChatLine = {
    room_id: roomId,
    from_id: from.userid,
    nickname: from.nickname,
    text: filterChatText(text),
    at: Math.floor(now / 1000),
  };
  await Promise.all([...new Set(audience)].map((userid) => notifier.deliver(userid, ROOM_CHAT_EVENT, line)));
  return line;
}
