import { describe, expect, it } from 'vitest';
import {
  RECENT_LIST_AGE_MS,
  RECENT_LIST_MAX,
  RECENT_ONE_ON_ONE_COUNTDOWN_S,
} from '../../../protocol/realtime';
import {
  formatLeft,
  isRecent,
  keepRecent,
  mergeRecent,
  recentEntry,
  recentListOf,
  secondsLeft,
} from './recent';

const data = { anchor_id: 'A2001', nick_name: 'Lena', photourl: '' };

describe('recent lists (spec 001 §4)', () => {
  it('sorts invitations into hang-out, chat and One-on-One lists', () => {
    expect(recentListOf('hangoutInvite')).toBe('hangout');
    expect(recentListOf('livechatnotice')).toBe('chat');
    expect(recentListOf('askPrivate')).toBe('oneOnOne');
    expect(recentListOf('autoInvitePrivate')).toBe('oneOnOne');
    expect(recentListOf('askRequest')).toBeNull();
  });

  it('keeps 10 minutes; One-on-One invites count down 600 s', () => {
    const hang = recentEntry('hangout', 'M1001', 'h1', 'hangoutInvite', data, 0);
    expect(isRecent(hang, RECENT_LIST_AGE_MS - 1)).toBe(true);
    expect(isRecent(hang, RECENT_LIST_AGE_MS)).toBe(false);
    const one = recentEntry('oneOnOne', 'M1001', 'i1', 'askPrivate', data, 0);
    expect(secondsLeft(one, 0)).toBe(RECENT_ONE_ON_ONE_COUNTDOWN_S);
    expect(secondsLeft(one, 1_500)).toBe(RECENT_ONE_ON_ONE_COUNTDOWN_S - 1);
    expect(secondsLeft(one, RECENT_ONE_ON_ONE_COUNTDOWN_S * 1000 + 5)).toBe(0);
    expect(formatLeft(599)).toBe('9:59');
    expect(formatLeft(5)).toBe('0:05');
  });

  it('keeps at most 24 per list, newest first, one per invitation', () => {
    const many = Array.from({ length: RECENT_LIST_MAX + 6 }, (_, i) =>
      recentEntry('oneOnOne', 'M1001', `i${i}`, 'askPrivate', data, i * 1000),
    );
    const kept = keepRecent([...many, many[3] as never], 60_000);
    expect(kept).toHaveLength(RECENT_LIST_MAX);
    expect(kept[0]?.id).toBe(`i${RECENT_LIST_MAX + 5}`);
    expect(new Set(kept.map((e) => e.key)).size).toBe(kept.length);
  });

  it('merges the lists, each capped on its own, newest first', () => {
    const hang = Array.from({ length: 30 }, (_, i) =>
      recentEntry('hangout', 'M', `h${i}`, 'hangoutInvite', data, i),
    );
    const one = recentEntry('oneOnOne', 'M', 'o', 'askPrivate', data, 100);
    const merged = mergeRecent([...hang, one], 1_000);
    expect(merged).toHaveLength(RECENT_LIST_MAX + 1);
    expect(merged[0]?.id).toBe('o');
  });
});
