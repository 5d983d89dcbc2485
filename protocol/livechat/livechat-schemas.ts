/**
 * Schemas of the live-chat calls and socket requests (protocol/livechat/livechat.ts). Length and emptiness
 * of a line are not schema failures: the service answers them with their own errno and text.
 */
import { z } from 'zod';
import { count, rowId, text, userid } from '../schema-parts';
import { LIVECHAT_HISTORY_STEP } from './livechat';

const chatId = z
  .string()
  .trim()
  .regex(/^LC[0-9a-f-]{36}$/, 'a chat id');
const msgKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a key of 8 to 64 letters, digits, - and _');

export const StartChatBody = z.object({ anchor_id: userid });
export const ChatIdBody = z.object({ chat_id: chatId });
export const ChatHistoryBody = z.object({
  with_id: userid,
  before_id: rowId('bigint', 0).default(0),
  step: count(LIVECHAT_HISTORY_STEP, 1).default(LIVECHAT_HISTORY_STEP),
});
export const AnchorIdBody = z.object({ anchor_id: userid });
/**
 * setStatus: check_ticket (GET: womanid, servertype) or getChatVoucherList (POST form: start, step,
 * from). Without an action, a womanid asks check_ticket and anything else the voucher list.
 */
export const SetStatusBody = z
  .object({
    action: z.enum(['check_ticket', 'getChatVoucherList']).optional(),
    womanid: userid.optional(),
    servertype: count(9).optional(),
    start: count(1_000_000).default(0),
    step: count(100, 1).default(20),
    from: text().max(32).optional(),
  })
  .refine(
    (b) => (b.action ?? (b.womanid ? 'check_ticket' : 'getChatVoucherList')) !== 'check_ticket' || b.womanid,
    {
      message: 'check_ticket needs womanid',
    },
  );

// Socket requests.
export const ChatSendBody = z.object({ chat_id: chatId, content: text().max(4_000), msg_key: msgKey });
export const ChatTypingBody = z.object({
  chat_id: chatId,
  typing: z.union([z.literal(0), z.literal(1)]),
});
export const ChatReadBody = z.object({ chat_id: chatId, msg_id: rowId('bigint') });
export const ChatUserInfoBody = z.object({ userid });
