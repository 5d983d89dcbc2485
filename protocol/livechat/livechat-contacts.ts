/**
 * The chat contacts side panel on the member's live chat page (spec 002 §2, §3, §5): search by name
 * or id (case-insensitive), the quick filters Follows only and Online only, and the sections In
 * chat (in chat with him, in a One-on-One with him, or inviting him) and Contacts. The data is
 * LiveChatApi.contacts (LiveChatContact); chatNum is her lines he has not read.
 */
export const ContactsText = {
  title: 'Contacts',
  search: 'Search by name or ID',
  followsOnly: 'Follows only',
  onlineOnly: 'Online only',
  inChat: 'In chat',
  contacts: 'Contacts',
  /** Spec 002 §5 empty texts. */
  noResult: (query: string) => `No result for ${query}`,
  noFollows: 'Your follows list is empty.',
  noOnline: 'No online contacts',
  /** Ours: nobody yet (no chats, follows or invitations). */
  none: 'Broadcasters you chat with or follow show here.',
  stateInChat: 'In chat',
  stateOneOnOne: 'In One-on-One',
  stateInviting: 'Inviting you',
} as const;

/** Ours: how often the panel refreshes who is online while the page is open. */
export const CONTACTS_REFRESH_MS = 30_000;
