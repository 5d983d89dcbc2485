/**
 * Pure rules of the message pages: the editor's state (length with emoticons counting 1, when Send
 * is disabled), the side contacts panel's search and filters with their empty texts, and the
 * entries the panel shows (conversations and contacts as one list).
 */
import { MAX_PRIVATE_MESSAGE_LENGTH, ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import {
  type Contact,
  MessageTexts,
  messageLength,
  type PrivateMessageListItem,
} from '../../../protocol/messages/messages';

export interface EditorState {
  length: number;
  /** The text the editor shows under it (too long), or undefined. */
  problem: string | undefined;
  canSend: boolean;
}

/** Send is disabled when the text is empty, over the maximum, or an error is showing (spec 002 §5). */
export function editorState(content: string, errorShowing: boolean, busy = false): EditorState {
  const length = messageLength(content);
  const tooLong = length > MAX_PRIVATE_MESSAGE_LENGTH;
  return {
    length,
    problem: tooLong ? MessageTexts.tooLong() : undefined,
    canSend: content.trim() !== '' && !tooLong && !errorShowing && !busy,
  };
}

/** One person in the side panel: from a conversation (In chat) or the contact list (Contacts). */
export interface PanelEntry {
  id: string;
  name: string;
  avatar: string;
  online: boolean;
  follows: boolean;
  inChat: boolean;
  unread: number;
  lastMsg: string;
}

export function panelEntries(
  conversations: readonly PrivateMessageListItem[],
  contacts: readonly Contact[],
): PanelEntry[] {
  const entries: PanelEntry[] = conversations.map((c) => ({
    id: c.user_id,
    name: c.nick_name,
    avatar: c.avatar_img,
    online: c.online_status === ONLINE_STATUS_ONLINE,
    follows: c.isFollow === 1,
    inChat: true,
    unread: c.unread_num,
    lastMsg: c.last_msg,
  }));
  const seen = new Set(entries.map((e) => e.id));
  for (const c of contacts) {
    if (seen.has(c.anchor_id)) continue;
    entries.push({
      id: c.anchor_id,
      name: c.anchor_nickname,
      avatar: c.anchor_avatar_img,
      online: c.online_status === ONLINE_STATUS_ONLINE,
      follows: c.is_follow === 1,
      inChat: false,
      unread: 0,
      lastMsg: '',
    });
  }
  return entries;
}

export interface PanelFilter {
  query: string;
  followsOnly: boolean;
  onlineOnly: boolean;
}

/** Search by name or id, case-insensitive (spec 002 §5), then the quick filters. */
export function filterEntries(entries: readonly PanelEntry[], filter: PanelFilter): PanelEntry[] {
  const q = filter.query.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (!q || e.name.toLowerCase().includes(q) || e.id.toLowerCase().includes(q)) &&
      (!filter.followsOnly || e.follows) &&
      (!filter.onlineOnly || e.online),
  );
}

/** The empty text for a filtered panel with nothing to show (spec 002 §2). */
export function emptyText(total: number, filter: PanelFilter): string {
  const q = filter.query.trim();
  if (q) return MessageTexts.searchNone(q);
  if (filter.followsOnly) return MessageTexts.searchFollowsEmpty;
  if (filter.onlineOnly) return MessageTexts.searchNoOnline;
  return total === 0 ? MessageTexts.contactsEmpty : '';
}
