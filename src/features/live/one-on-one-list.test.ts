import { describe, expect, it } from 'vitest';
import type { InviteData } from '../../../protocol/realtime';
import { recentEntry } from '../invites/recent';
import { endNote, openInvites, sessionLength } from './one-on-one-list';

const data = (anchor: string) => ({ anchor_id: anchor, nick_name: anchor }) as InviteData;
const t0 = Date.parse('2026-11-24T12:00:00Z');

describe('openInvites', () => {
  const older = recentEntry('oneOnOne', 'M1001', 'i1', 'askPrivate', data('A2001'), t0);
  const newer = recentEntry('oneOnOne', 'M1001', 'i2', 'autoInvitePrivate', data('A2002'), t0 + 30_000);
  const hangout = recentEntry('hangout', 'M1001', 'h1', 'hangoutInvite', data('A2003'), t0 + 40_000);

  it('keeps the One-on-One invitations only, newest first', () => {
    expect(openInvites([older, hangout, newer], t0 + 60_000).map((e) => e.id)).toEqual(['i2', 'i1']);
  });

  it('drops one whose 600 s countdown is over', () => {
    expect(openInvites([older, newer], t0 + 600_000).map((e) => e.id)).toEqual(['i2']);
    expect(openInvites([older, newer], t0 + 630_000)).toEqual([]);
  });
});

describe('sessionLength', () => {
  it('reads seconds, minutes and hours; nothing while open', () => {
    expect(sessionLength({ started_at: 100, ended_at: 0 })).toBeNull();
    expect(sessionLength({ started_at: 100, ended_at: 145 })).toBe('45 s');
    expect(sessionLength({ started_at: 100, ended_at: 100 + 185 })).toBe('3 min 05 s');
    expect(sessionLength({ started_at: 100, ended_at: 100 + 3720 })).toBe('1 h 02 min');
  });
});

describe('endNote', () => {
  it('explains a lack of credit, not an ordinary end', () => {
    expect(endNote('lackCredit')).toMatch(/credit ran out/);
    expect(endNote('end')).toBeNull();
  });
});
