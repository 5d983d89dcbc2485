/** The private-message, Intimacy and contact calls (paths and answer shapes in protocol/messages/messages.ts). */
import {
  CONTACT_PAGE_SIZE,
  CONTACT_SORT,
  type ContactListData,
  type ContactSort,
  MESSAGE_PAGE_SIZE,
  MessageApi,
  type PrivateMessageHistoryData,
  type PrivateMessageListData,
  type PrivateMessageListItem,
  type SendPrivateMessageAnswer,
  type SetReadedAnswer,
  type UserAnchorInfo,
} from '../../../protocol/messages/messages';
import { call } from '../../api/http';

export const getConversations = (start = 0, step = MESSAGE_PAGE_SIZE) =>
  call<PrivateMessageListData>(MessageApi.getPrivateMessageList, { start, step });

export const getConversationOne = (toId: string) =>
  call<PrivateMessageListItem>(MessageApi.getPrivateMessageOne, { to_id: toId });

export const getHistory = async (toId: string, beforeId?: number, step = MESSAGE_PAGE_SIZE) =>
  (
    await call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: toId,
      start: 0,
      step,
      before_id: beforeId,
    })
  ).list;

export const sendPrivateMessage = (toId: string, content: string, msgKey: string) =>
  call<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, { to_id: toId, content, msg_key: msgKey });

export const setRead = (toId: string, msgId: number) =>
  call<SetReadedAnswer>(MessageApi.setPrivateMessageReaded, { to_id: toId, msg_id: msgId });

export const getIntimacy = (anchorId: string) =>
  call<UserAnchorInfo>(MessageApi.getUserAnchorInfo, { anchor_id: anchorId });

export const getContacts = (
  sorting: ContactSort = CONTACT_SORT.recent,
  start = 0,
  step = CONTACT_PAGE_SIZE,
) => call<ContactListData>(MessageApi.getContactList, { start, step, sorting });

export const getFollows = (start = 0, step = CONTACT_PAGE_SIZE) =>
  call<ContactListData>(MessageApi.getFollowList, { start, step });
