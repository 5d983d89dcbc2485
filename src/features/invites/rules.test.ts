import { describe, expect, it } from 'vitest';
import {
  BUBBLE_LIFETIME_MS,
  BUBBLE_REMOVE_UNDER_MS,
  type BubbleType,
  type InviteData,
  LIVECHAT_HUMAN_MAX_AGE_MS,
  LIVECHAT_ROBOT_MAX_AGE_MS,
  MAX_VISIBLE_BUBBLES,
  SAME_ANCHOR_SUPPRESS_MS,
} from '../../../protocol/realtime';
import {
  bubbleIdOf,
  bubbleLifetimeMs,
  createSameAnchorRule,
  createWillStartRule,
  freePlaces,
  isExpiring,
  isLivechatStale,
  makeBubble,
  maySee,
} from './rules';

const base: InviteData = { anchor_id: 'A2001', nick_name: 'Lena', photourl: '' };

describe('bubble lifetimes (spec 001 §4)', () => {
  const invites: BubbleType[] = [
    'hangoutInvite',
    'askPrivate',
    'viewPublic',
    'autoInvitePublic',
    'autoInvitePrivate',
  ];

  it.each(invites)('%s: left_seconds x 1000, else 40 s featured, else 30 s', (type) => {
    expect(bubbleLifetimeMs(type, { ...base, left_seconds: 12 })).toBe(12_000);
    expect(bubbleLifetimeMs(type, { ...base, is_featured: 1 })).toBe(40_000);
    expect(bubbleLifetimeMs(type, base)).toBe(30_000);
    expect(BUBBLE_LIFETIME_MS.featured).toBe(40_000);
  });

  it('livechat: left_seconds x 1000, else 60 s for a robot, else 45 s', () => {
    expect(bubbleLifetimeMs('livechatnotice', { ...base, left_seconds: 7 })).toBe(7_000);
    expect(bubbleLifetimeMs('livechatnotice', { ...base, robot: 1 })).toBe(60_000);
    expect(bubbleLifetimeMs('livechatnotice', base)).toBe(45_000);
  });

  it('other types 180 s, showToStartNotice 240 s, whatever left_seconds says', () => {
    expect(bubbleLifetimeMs('askRequest', { ...base, left_seconds: 5 })).toBe(180_000);
    expect(bubbleLifetimeMs('requestWillStart', base)).toBe(180_000);
    expect(bubbleLifetimeMs('showToStartNotice', { ...base, left_seconds: 5 })).toBe(240_000);
  });

  it('a bubble ends its lifetime after it was received', () => {
    const bubble = makeBubble('i1', 'askPrivate', { ...base, left_seconds: 180 }, 1_000);
    expect(bubble.expiresAt).toBe(181_000);
    expect(bubble.lifetimeMs).toBe(180_000);
  });
});

describe('removal and caps', () => {
  it('removes a bubble once under 282 ms remain', () => {
    const bubble = { expiresAt: 10_000 };
    expect(isExpiring(bubble, 10_000 - BUBBLE_REMOVE_UNDER_MS)).toBe(false);
    expect(isExpiring(bubble, 10_000 - BUBBLE_REMOVE_UNDER_MS + 1)).toBe(true);
  });

  it('drops a robot livechat bubble after 50 s and a person’s after 35 s', () => {
    const robot = { data: { ...base, robot: 1 as const }, receivedAt: 0 };
    const human = { data: base, receivedAt: 0 };
    expect(isLivechatStale(robot, LIVECHAT_ROBOT_MAX_AGE_MS)).toBe(false);
    expect(isLivechatStale(robot, LIVECHAT_ROBOT_MAX_AGE_MS + 1)).toBe(true);
    expect(isLivechatStale(human, LIVECHAT_HUMAN_MAX_AGE_MS)).toBe(false);
    expect(isLivechatStale(human, LIVECHAT_HUMAN_MAX_AGE_MS + 1)).toBe(true);
  });

  it('holds at most 3 visible', () => {
    expect(freePlaces(0)).toBe(MAX_VISIBLE_BUBBLES);
    expect(freePlaces(3)).toBe(0);
    expect(freePlaces(5)).toBe(0);
  });

  it('knows a bubble by invite_id, else autoInvitationId, else log_id', () => {
    expect(bubbleIdOf({ ...base, invite_id: 'i', autoInvitationId: 'a', log_id: 'l' })).toBe('i');
    expect(bubbleIdOf({ ...base, autoInvitationId: 'a', log_id: 'l' })).toBe('a');
    expect(bubbleIdOf({ ...base, log_id: 'l' })).toBe('l');
  });
});

describe('privileges (spec 000 §6, 001 §6)', () => {
  const all = { invitation_bubble: 1, oneonone: 1, public: 1 } as const;

  it('needs invitation_bubble for any bubble', () => {
    for (const type of ['askRequest', 'hangoutInvite', 'showToStartNotice', 'askPrivate'] as BubbleType[])
      expect(maySee(type, { ...all, invitation_bubble: 0 })).toBe(false);
    expect(maySee('askRequest', { invitation_bubble: 1, oneonone: 0, public: 0 })).toBe(true);
  });

  it('private invites (instant and automatic) also need oneonone', () => {
    expect(maySee('askPrivate', { ...all, oneonone: 0 })).toBe(false);
    expect(maySee('autoInvitePrivate', { ...all, oneonone: 0 })).toBe(false);
    expect(maySee('askPrivate', all)).toBe(true);
  });

  it('public-room invites also need the public-room privilege', () => {
    expect(maySee('viewPublic', { ...all, public: 0 })).toBe(false);
    expect(maySee('autoInvitePublic', { ...all, public: 0 })).toBe(false);
    expect(maySee('autoInvitePublic', all)).toBe(true);
  });
});

describe('same-anchor suppression (spec 000 §5)', () => {
  it('suppresses an anchor for 3 minutes after her invitation was shown', () => {
    const rule = createSameAnchorRule();
    rule.mark('A2001', 1_000);
    expect(rule.isSuppressed('A2001', 1_000 + SAME_ANCHOR_SUPPRESS_MS - 1)).toBe(true);
    expect(rule.isSuppressed('A2001', 1_000 + SAME_ANCHOR_SUPPRESS_MS)).toBe(false);
    expect(rule.isSuppressed('A2002', 1_000)).toBe(false);
  });

  it('rolls a mark back to what it was', () => {
    const rule = createSameAnchorRule();
    const undo = rule.mark('A2001', 5_000);
    undo();
    expect(rule.isSuppressed('A2001', 5_000)).toBe(false);
    rule.mark('A2002', 1_000);
    const undo2 = rule.mark('A2002', 100_000);
    undo2();
    expect(rule.isSuppressed('A2002', 1_000 + SAME_ANCHOR_SUPPRESS_MS - 1)).toBe(true);
    expect(rule.isSuppressed('A2002', 100_000 + SAME_ANCHOR_SUPPRESS_MS - 1)).toBe(false);
  });
});

describe('requestWillStart booking notices', () => {
  it('are not added twice for the same roomid', () => {
    const rule = createWillStartRule();
    expect(rule.accept('R1')).toBe(true);
    expect(rule.accept('R1')).toBe(false);
    expect(rule.accept('R2')).toBe(true);
    expect(rule.accept(undefined)).toBe(true);
    expect(rule.accept(undefined)).toBe(true);
  });
});
