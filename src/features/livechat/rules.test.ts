import { describe, expect, it } from 'vitest';
import {
  LIVECHAT_BUFFER,
  LIVECHAT_TIMERS,
  LiveChatCode,
  type LiveChatLine,
  livechatLength,
  rateHundredths,
  timerFor,
} from '../../../protocol/livechat/livechat';
import { clock, endedText, keepRecentChats, mergeLines, opensInWindow } from './rules';

const line = (msg_id: number): LiveChatLine => ({
  chat_id: 'LC1',
  msg_id,
  from_id: 'M1',
  to_id: 'A1',
  msg: `line ${msg_id}`,
  send_time: msg_id,
  msg_key: `k${msg_id}`,
});

describe('live chat rules', () => {
  it('keeps recent chats for 10 minutes, at most 24, newest first', () => {
    const now = 1_000_000_000;
    const chats = Array.from({ length: 30 }, (_, i) => ({ at: now - i * 1_000 }));
    expect(keepRecentChats(chats, now)).toHaveLength(24);
    expect(keepRecentChats([{ at: now - 600_000 }, { at: now - 599_999 }], now)).toEqual([
      { at: now - 599_999 },
    ]);
  });

  it('shows the newest 50 lines, one per msg_id, oldest first', () => {
    const merged = mergeLines(
      Array.from({ length: 49 }, (_, i) => line(i + 1)),
      [line(49), line(50), line(51)],
    );
    expect(merged).toHaveLength(LIVECHAT_BUFFER);
    expect(merged[0]?.msg_id).toBe(2);
    expect(merged.at(-1)?.msg_id).toBe(51);
    expect(mergeLines(merged, [line(1)], true)).toHaveLength(51);
  });

  it('opens the 980x750 window only on a desktop browser', () => {
    expect(opensInWindow({ finePointer: true, screenWidth: 1280, installed: false })).toBe(true);
    expect(opensInWindow({ finePointer: false, screenWidth: 390, installed: false })).toBe(false);
    expect(opensInWindow({ finePointer: true, screenWidth: 1280, installed: true })).toBe(false);
  });

  it('prices a minute by the money config keys: silver private, gold private, gold public', () => {
    expect(timerFor(false)).toBe('timer_silver_private');
    expect(timerFor(true)).toBe('timer_gold_private');
    expect(timerFor(true, 1)).toBe('timer_gold_public');
    expect(rateHundredths('timer_gold_private')).toBe(Math.round(LIVECHAT_TIMERS.timer_gold_private * 100));
  });

  it('counts an emoticon as one character', () => {
    expect(livechatLength('hi [img:3]')).toBe(4);
  });

  it('says why a chat ended, for each side', () => {
    expect(endedText({ end_code: LiveChatCode.NO_MONEY }, 'man')).toMatch(/no credits left/);
    expect(endedText({ end_code: LiveChatCode.OFFLINE }, 'man')).toMatch(/offline/);
    expect(clock(125)).toBe('02:05');
  });
});

describe('livechat.html', () => {
  it('opens the live chat route with its query', async () => {
    const { resolveEntry } = await import('../../entry');
    expect(resolveEntry('/livechat.html', '', '?anchorid=A2001')).toEqual({
      kind: 'redirect',
      to: '/#/livechat?anchorid=A2001',
    });
  });
});
