/** What the offline cache keeps of private messages; every row names its owner (the signed-in user). */
import type { Contact, PrivateMessage, PrivateMessageListItem } from '../../protocol/messages/messages';

/** `${owner}|${peer}`: one conversation as its owner sees it. */
export const conversationId = (owner: string, peer: string) => `${owner}|${peer}`;

export interface StoredConversation extends PrivateMessageListItem {
  id: string;
  owner: string;
}

export interface StoredMessage extends PrivateMessage {
  /** `${owner}|${msg_id}`. */
  id: string;
  conversation: string;
  /** Orders a conversation: msg_id is monotonic on the server, so it is the time key. */
  time: number;
}

export interface StoredContact extends Contact {
  id: string;
  owner: string;
}

/** A message written while the send could not reach the server, or that the server refused. */
export interface StoredOutbox {
  /** The idempotency key sent as msg_key: a retry can never send or charge twice. */
  key: string;
  owner: string;
  conversation: string;
  to_id: string;
  content: string;
  createdAt: number;
  status: 'sending' | 'failed';
  /** The server's reason for a refusal. */
  errno?: number;
  errmsg?: string;
}
