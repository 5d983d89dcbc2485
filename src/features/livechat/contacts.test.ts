import { describe, expect, it } from 'vitest';
import type { LiveChatContact } from '../../../protocol/livechat/livechat';
import { ContactsText } from '../../../protocol/livechat/livechat-contacts';
import { matchesQuery, sections, stateText, unreadTotal } from './contacts';

const contact = (over: Partial<LiveChatContact>): LiveChatContact => ({
  userId: 'A2000',
  userName: 'Someone',
  avatarImg: '',
  status: 0,
  follows: 0,
  birthday_tip: 0,
  anchor_priv: {},
  isInChat: 0,
  isInOneonone: 0,
  isInviteToHi: 0,
  oneononeInvite: 0,
  chatNum: 0,
  ...over,
});

const anna = contact({ userId: 'A2001', userName: 'Anna', status: 1, isInChat: 1, chatNum: 2 });
const bella = contact({ userId: 'A2002', userName: 'Bella', status: 1, follows: 1 });
const clara = contact({ userId: 'A2003', userName: 'Clara', follows: 1, oneononeInvite: 1 });
const dora = contact({ userId: 'A2004', userName: 'Dora' });
const all = [dora, clara, bella, anna];
const none = { query: '', followsOnly: false, onlineOnly: false };

describe('the chat contacts panel', () => {
  it('puts those in chat, in One-on-One or inviting him in In chat, the rest in Contacts', () => {
    const s = sections(all, none);
    expect(s.inChat.map((c) => c.userId)).toEqual(['A2001', 'A2003']);
    expect(s.contacts.map((c) => c.userId)).toEqual(['A2002', 'A2004']);
    expect(s.empty).toBe('');
    expect(stateText(anna)).toBe(ContactsText.stateInChat);
    expect(stateText(contact({ isInOneonone: 1 }))).toBe(ContactsText.stateOneOnOne);
    expect(stateText(clara)).toBe(ContactsText.stateInviting);
    expect(stateText(dora)).toBe('');
  });

  it('searches by name or id, case-insensitive, ignoring spaces around', () => {
    expect(matchesQuery(anna, 'ANN')).toBe(true);
    expect(matchesQuery(anna, ' a2001 ')).toBe(true);
    expect(matchesQuery(anna, '2001')).toBe(true);
    expect(matchesQuery(anna, 'bella')).toBe(false);
    expect(sections(all, { ...none, query: 'la' }).contacts.map((c) => c.userId)).toEqual(['A2002']);
    expect(sections(all, { ...none, query: 'la' }).inChat.map((c) => c.userId)).toEqual(['A2003']);
  });

  it('filters to follows and to online contacts, together with the search', () => {
    const follows = sections(all, { ...none, followsOnly: true });
    expect([...follows.inChat, ...follows.contacts].map((c) => c.userId)).toEqual(['A2003', 'A2002']);
    const online = sections(all, { ...none, onlineOnly: true });
    expect([...online.inChat, ...online.contacts].map((c) => c.userId)).toEqual(['A2001', 'A2002']);
    const both = sections(all, { query: 'b', followsOnly: true, onlineOnly: true });
    expect(both.contacts.map((c) => c.userId)).toEqual(['A2002']);
  });

  it("says the spec's empty texts", () => {
    expect(sections(all, { ...none, query: ' Zed ' }).empty).toBe('No result for Zed');
    expect(sections([anna, dora], { ...none, followsOnly: true }).empty).toBe('Your follows list is empty.');
    expect(sections([clara, dora], { ...none, onlineOnly: true }).empty).toBe('No online contacts');
    expect(sections([clara], { ...none, followsOnly: true, onlineOnly: true }).empty).toBe(
      'No online contacts',
    );
    expect(sections([], none).empty).toBe(ContactsText.none);
  });

  it('orders unread first, then online, then by name, and totals the unread', () => {
    const eve = contact({ userId: 'A2005', userName: 'Eve', isInChat: 1, chatNum: 5 });
    const fay = contact({ userId: 'A2006', userName: 'Fay', isInChat: 1, status: 1 });
    expect(sections([fay, anna, eve], none).inChat.map((c) => c.userName)).toEqual(['Eve', 'Anna', 'Fay']);
    expect(unreadTotal([anna, eve, dora])).toBe(7);
  });
});
