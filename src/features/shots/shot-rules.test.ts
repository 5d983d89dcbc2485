import { describe, expect, it } from 'vitest';
import { MessageErrno } from '../../../protocol/messages/messages';
import type { Shot } from '../../../protocol/shots/shots';
import {
  commentCheck,
  commentCounter,
  commentRefusal,
  htmlToText,
  profileShots,
  toViewerItem,
} from './shot-rules';

const shot = (id: number, onProfile: 0 | 1): Shot => ({
  id,
  type: 1,
  img: `/i/${id}`,
  biger_img: `/b/${id}`,
  blurry: '',
  video: '',
  content: '',
  file_desc: `shot ${id}`,
  is_can_watch: 1,
  is_private: 0,
  like_status: 0,
  is_show_profile: onProfile,
  bgNumber: 1,
  add_time: 0,
});

describe('the profile filter', () => {
  it('keeps only is_show_profile 1, at most 4, in order', () => {
    const list = [shot(9, 1), shot(8, 0), shot(7, 1), shot(6, 1), shot(5, 1), shot(4, 1)];
    expect(profileShots(list).map((s) => s.id)).toEqual([9, 7, 6, 5]);
    expect(profileShots([])).toEqual([]);
  });
});

describe('the comment box', () => {
  it('requires something, and at most 140 characters (an emoticon counting 1)', () => {
    expect(commentCheck('')).toBe('Please write something.');
    expect(commentCheck('  \n ')).toBe('Please write something.');
    expect(commentCheck('a'.repeat(140))).toBeUndefined();
    expect(commentCheck('a'.repeat(141))).toBe('Information length is not standard.');
    expect(commentCheck(`${'a'.repeat(139)}[img:1]`)).toBeUndefined();
    expect(commentCounter(`ab[img:2]`)).toBe('3 / 140');
  });

  it('converts HTML to plain text', () => {
    expect(htmlToText('plain words')).toBe('plain words');
    expect(htmlToText('<b>Hi</b> &amp; <i>hello</i>')).toBe('Hi & hello');
    expect(htmlToText('one<br>two<p>three</p>')).toBe('one\ntwo\nthree');
    expect(htmlToText('<script>alert(1)</script>safe')).toBe('safe');
    expect(htmlToText('5 &lt; 6 &#39;ok&#39; &#x41;')).toBe("5 < 6 'ok' A");
  });

  it("reads refusals as the shot-comment box's texts", () => {
    expect(commentRefusal({ errno: MessageErrno.INTIMACY }, 'Olena').text).toBe(
      'You can only send private messages to viewers with whom you have an Intimacy Level of 1 or above.',
    );
    expect(commentRefusal({ errno: MessageErrno.TOO_LONG }, 'Olena').text).toBe(
      'Message can not exceed 140 characters.',
    );
    expect(commentRefusal({ errno: MessageErrno.NO_CREDIT }, 'Olena')).toEqual({
      text: 'Please add {credits} to send private messages.',
      addCredits: true,
    });
    expect(commentRefusal({ errno: MessageErrno.EMPTY }, 'Olena').text).toBe(
      'Could not send message. Please try again later.',
    );
    for (const errno of [16158, 16159, 16160]) {
      expect(commentRefusal({ errno }, 'Olena').text).toBe(
        'Sorry, you cannot send a message until Olena replies to you.',
      );
    }
    expect(commentRefusal({ errno: -1, offline: true }, 'Olena').text).toBe(
      'Could not send message. Please try again later.',
    );
    expect(commentRefusal({ errno: 408 }, 'Olena').text).toBe(
      'Could not send message. Please try again later.',
    );
    expect(commentRefusal({ errno: 10001 }, 'Olena').text).toBe(
      'Could not send message. Please check your internet connection.',
    );
  });
});

describe('a shot in the viewer', () => {
  it('carries its locked text', () => {
    const item = toViewerItem({ ...shot(1, 1), is_can_watch: 0, locked_text: 'locked' });
    expect(item).toMatchObject({ id: 1, type: 1, is_can_watch: 0, locked: 'locked', biger_img: '/b/1' });
  });
});
