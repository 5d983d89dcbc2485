/**
 * The chat contacts side panel's rules (protocol/livechat/livechat-contacts.ts): who matches the search and
 * the quick filters, which section each is in, their order, and the empty text when nobody shows.
 */

import type { LiveChatContact } from '../../../protocol/livechat/livechat';
import { ContactsText } from '../../../protocol/livechat/livechat-contacts';

export interface ContactFilter {
  query: string;
  followsOnly: boolean;
  onlineOnly: boolean;
}

export interface ContactSections {
  inChat: LiveChatContact[];
  contacts: LiveChatContact[];
  /** What the panel says when both sections are empty ('' when someone shows). */
  empty: string;
}

/** In chat with him, in a One-on-One with him, or inviting him: the In chat section. */
export const isWithHim = (c: LiveChatContact) =>
  c.isInChat === 1 || c.isInOneonone === 1 || c.oneononeInvite === 1 || c.isInviteToHi === 1;

/** Spec 002 §5: by name or id, case-insensitive; an empty query matches everyone. */
export function matchesQuery(c: LiveChatContact, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return c.userName.toLowerCase().includes(q) || c.userId.toLowerCase().includes(q);
}

/** What the contact is doing with him, for the line under the name ('' for none). */
export function stateText(c: LiveChatContact): string {
  if (c.isInChat) return ContactsText.stateInChat;
  if (c.isInOneonone) return ContactsText.stateOneOnOne;
  if (c.oneononeInvite || c.isInviteToHi) return ContactsText.stateInviting;
  return '';
}

/** Unread first, then online, then by name. */
const byAttention = (a: LiveChatContact, b: LiveChatContact) =>
  b.chatNum - a.chatNum || b.status - a.status || a.userName.localeCompare(b.userName);

export function sections(list: readonly LiveChatContact[], filter: ContactFilter): ContactSections {
  const shown = list.filter(
    (c) =>
      matchesQuery(c, filter.query) &&
      (!filter.followsOnly || c.follows === 1) &&
      (!filter.onlineOnly || c.status === 1),
  );
  const inChat = shown.filter(isWithHim).sort(byAttention);
  const contacts = shown.filter((c) => !isWithHim(c)).sort(byAttention);
  let empty = '';
  if (shown.length === 0) {
    const query = filter.query.trim();
    if (query) empty = ContactsText.noResult(query);
    else if (filter.followsOnly && !list.some((c) => c.follows === 1)) empty = ContactsText.noFollows;
    else if (filter.onlineOnly) empty = ContactsText.noOnline;
    else if (filter.followsOnly) empty = ContactsText.noFollows;
    else empty = ContactsText.none;
  }
  return { inChat, contacts, empty };
}

/** The unread count the drawer's button shows on a phone. */
export const unreadTotal = (list: readonly LiveChatContact[]) => list.reduce((n, c) => n + c.chatNum, 0);
