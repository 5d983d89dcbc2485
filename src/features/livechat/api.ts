/** Live chat's calls (paths and shapes in protocol/livechat/livechat.ts); lines travel over the socket. */
import {
  type ChatVoucherListAnswer,
  type CheckTicketAnswer,
  LiveChatApi,
  type LiveChatContact,
  type LiveChatLine,
  type LiveChatSession,
} from '../../../protocol/livechat/livechat';
import { call } from '../../api/http';

export const startChat = (anchorId: string) =>
  call<LiveChatSession>(LiveChatApi.start, { anchor_id: anchorId });
export const endChat = (chatId: string) => call<LiveChatSession>(LiveChatApi.end, { chat_id: chatId });
export const getChatList = () => call<{ list: LiveChatSession[] }>(LiveChatApi.chatList, {});
export const getChatHistory = (withId: string, beforeId = 0) =>
  call<{ list: LiveChatLine[]; more: number }>(LiveChatApi.history, { with_id: withId, before_id: beforeId });
export const checkTicket = (anchorId: string) =>
  call<CheckTicketAnswer>(LiveChatApi.setStatus, {
    action: 'check_ticket',
    womanid: anchorId,
    servertype: 0,
  });
export const getChatContacts = () => call<{ list: LiveChatContact[] }>(LiveChatApi.contacts, {});
/** His chat vouchers not used yet, soonest to expire first: a page of them and their total. */
export const getChatVouchers = (start: number, step: number) =>
  call<ChatVoucherListAnswer>(LiveChatApi.setStatus, {
    action: 'getChatVoucherList',
    start,
    step,
    from: 'backpack',
  });
