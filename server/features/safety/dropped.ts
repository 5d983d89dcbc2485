/** What a broadcaster's send answers when the member blocks her. */
import type { SendPrivateMessageAnswer } from '../../../protocol/messages/messages';

/**
 * Her message to a member who blocks her is dropped: nothing stored, charged or delivered, and her
 * answer is shaped like a sent one (msg_id 0), as her invitations to him are, so the block is not
 * revealed.
 */
export function droppedMessage(
  fromId: string,
  toId: string,
  content: string,
  clientKey?: string,
): SendPrivateMessageAnswer {
  return {
    credit: 0,
    msg: {
      msg_id: 0,
      from_id: fromId,
      to_id: toId,
      content,
      add_time: Math.floor(Date.now() / 1000),
      charge: 0,
      is_read: 0,
      msg_key: clientKey ?? '',
    },
    free_left: 0,
  };
}
