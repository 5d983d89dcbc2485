import { describe, expect, it } from 'vitest';
import type { Contact, PrivateMessageListItem } from '../../../protocol/messages/messages';
import { messageLength, messageParts } from '../../../protocol/messages/messages';
import { editorState, emptyText, filterEntries, panelEntries } from './rules';

const conv = (id: string, name: string, online: boolean, follow: boolean): PrivateMessageListItem => ({
  user_id: id,
  nick_name: name,
  avatar_img: '',
  update_time: 1,
  unread_num: 2,
  last_msg: 'hi',
  isFollow: follow ? 1 : 0,
  online_status: online ? 2 : 0,
});
const contact = (id: string, name: string, online: boolean, follow: boolean) =>
  ({
    anchor_id: id,
    anchor_nickname: name,
    anchor_avatar_img: '',
    online_status: online ? 2 : 0,
    is_follow: follow ? 1 : 0,
  }) as Contact;

describe('the editor', () => {
  it('counts each emoticon as 1 and disables Send when empty, too long or an error shows', () => {
    expect(messageLength('ab[img:1][img:2]')).toBe(4);
    expect(messageLength('[img:99]')).toBe(8); // not an emoticon: plain text
    expect(editorState('', false).canSend).toBe(false);
    expect(editorState('   ', false).canSend).toBe(false);
    expect(editorState('hello', false).canSend).toBe(true);
    expect(editorState('hello', true).canSend).toBe(false);
    const over = editorState(`${'a'.repeat(240)}[img:1]`, false);
    expect(over).toMatchObject({
      length: 241,
      canSend: false,
      problem: 'Message can not exceed 240 characters.',
    });
    expect(editorState(`${'a'.repeat(239)}[img:1]`, false)).toMatchObject({ length: 240, canSend: true });
  });

  it('splits text and emoticons; HTML stays text', () => {
    expect(messageParts('<b>x</b>[img:2]!')).toEqual([
      { kind: 'text', text: '<b>x</b>' },
      { kind: 'emo', n: 2 },
      { kind: 'text', text: '!' },
    ]);
  });
});

describe('the side contacts panel', () => {
  const entries = panelEntries(
    [conv('A2003', 'Valentina', true, true), conv('A2012', 'Lina', false, false)],
    [
      contact('A2003', 'Valentina', true, true),
      contact('A2005', 'Xiaoyu', true, false),
      contact('A2020', 'Ana', false, true),
    ],
  );

  it('lists conversations (In chat) then the other contacts, once each', () => {
    expect(entries.map((e) => [e.id, e.inChat])).toEqual([
      ['A2003', true],
      ['A2012', true],
      ['A2005', false],
      ['A2020', false],
    ]);
  });

  it('searches by name or id, case-insensitive, and filters follows and online', () => {
    const none = { query: '', followsOnly: false, onlineOnly: false };
    expect(filterEntries(entries, { ...none, query: 'xIAo' }).map((e) => e.id)).toEqual(['A2005']);
    expect(filterEntries(entries, { ...none, query: 'a2020' }).map((e) => e.id)).toEqual(['A2020']);
    expect(filterEntries(entries, { ...none, followsOnly: true }).map((e) => e.id)).toEqual([
      'A2003',
      'A2020',
    ]);
    expect(filterEntries(entries, { ...none, onlineOnly: true }).map((e) => e.id)).toEqual([
      'A2003',
      'A2005',
    ]);
    expect(emptyText(4, { ...none, query: 'zz' })).toBe('No result for zz');
    expect(emptyText(4, { ...none, followsOnly: true })).toBe('Your follows list is empty.');
    expect(emptyText(4, { ...none, onlineOnly: true })).toBe('No online contacts');
    expect(emptyText(0, none)).toBe('Your contact list is empty.');
  });
});
