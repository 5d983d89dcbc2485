import { describe, expect, it } from 'vitest';
import { LIVECHAT_INVITE } from '../../../protocol/livechat/livechat-invites';
import type { InviteData } from '../../../protocol/realtime';
import { createLivechatBoard } from './livechat-board';
import { bubbleLifetimeMs, makeBubble } from './rules';

let seq = 0;
function invite(
  anchor: string,
  now: number,
  extra: Partial<InviteData> & { contact?: 0 | 1 } = {},
): ReturnType<typeof makeBubble> {
  const contact = extra.contact ?? 0;
  const data = {
    anchor_id: anchor,
    nick_name: anchor,
    photourl: '',
    invite_id: `LCI${++seq}`,
    left_seconds: contact || extra.robot ? 60 : 45,
    weights: 0,
    ...extra,
  } as InviteData;
  return makeBubble(data.invite_id ?? '', 'livechatnotice', data, now);
}
const ids = (list: readonly { data: InviteData }[]) => list.map((b) => b.data.anchor_id);

describe('livechat bubbles (spec 002 §4, §9)', () => {
  it('live 45 s, contacts and robots 60 s', () => {
    expect(bubbleLifetimeMs('livechatnotice', invite('A1', 0).data)).toBe(LIVECHAT_INVITE.displayMs);
    expect(bubbleLifetimeMs('livechatnotice', invite('A2', 0, { contact: 1 }).data)).toBe(60_000);
    expect(bubbleLifetimeMs('livechatnotice', invite('A3', 0, { robot: 1 }).data)).toBe(60_000);
    // Without left_seconds: the spec's defaults.
    const bare = { anchor_id: 'A4', nick_name: '', photourl: '' };
    expect(bubbleLifetimeMs('livechatnotice', bare)).toBe(45_000);
    expect(bubbleLifetimeMs('livechatnotice', { ...bare, robot: 1 })).toBe(60_000);

    const board = createLivechatBoard();
    board.arrive(invite('A1', 0), 0);
    board.arrive(invite('A2', 0, { contact: 1 }), 0);
    board.tick(44_500);
    expect(ids(board.shown)).toEqual(['A1', 'A2']);
    board.tick(44_800);
    expect(ids(board.shown)).toEqual(['A2']);
    board.tick(59_800);
    expect(ids(board.shown)).toEqual([]);
  });

  it('shows at most 3; the rest wait by score and take a freed place', () => {
    const board = createLivechatBoard();
    for (const a of ['A1', 'A2', 'A3']) expect(board.arrive(invite(a, 0), 0)).toBe('shown');
    expect(board.arrive(invite('A4', 1_000, { weights: 1 }), 1_000)).toBe('waiting');
    expect(board.arrive(invite('A5', 2_000, { weights: 9 }), 2_000)).toBe('waiting');
    expect(board.arrive(invite('A6', 3_000, { weights: 5 }), 3_000)).toBe('waiting');
    expect(board.shown).toHaveLength(3);
    expect(ids(board.waiting)).toEqual(['A5', 'A6', 'A4']);
    board.remove(board.shown[0]?.id ?? '', 4_000);
    expect(ids(board.shown)).toEqual(['A2', 'A3', 'A5']);
    board.remove(board.shown[0]?.id ?? '', 5_000);
    expect(ids(board.shown)).toEqual(['A3', 'A5', 'A6']);
  });

  it('drops a waiting invite once too old to show (35 s, a robot 50 s)', () => {
    const board = createLivechatBoard();
    for (const a of ['A1', 'A2', 'A3']) board.arrive(invite(a, 0, { contact: 1 }), 0);
    board.arrive(invite('H', 0), 0);
    board.arrive(invite('R', 0, { robot: 1 }), 0);
    board.tick(35_001);
    expect(ids(board.waiting)).toEqual(['R']);
    board.tick(50_001);
    expect(ids(board.waiting)).toEqual([]);
  });

  it('cycles on the 8th chat invite within 20 s: the oldest goes, the newcomer shows', () => {
    const board = createLivechatBoard();
    const results = [];
    for (let i = 1; i <= 8; i++) results.push(board.arrive(invite(`A${i}`, i * 1_000), i * 1_000));
    expect(results).toEqual([
      'shown',
      'shown',
      'shown',
      'waiting',
      'waiting',
      'waiting',
      'waiting',
      'cycled',
    ]);
    expect(ids(board.shown)).toEqual(['A2', 'A3', 'A8']);
    // The window started again: the next one waits.
    expect(board.arrive(invite('A9', 9_000), 9_000)).toBe('waiting');
  });

  it('does not cycle when the 8 arrivals spread over more than 20 s', () => {
    const board = createLivechatBoard();
    const results = [];
    for (let i = 0; i < 8; i++) results.push(board.arrive(invite(`A${i}`, i * 3_000), i * 3_000));
    // The 8th arrives 21 s after the first: a new window, no cycle.
    expect(results.at(-1)).toBe('waiting');
  });

  it('counts contact invites apart: the 4th contact invite within 20 s cycles', () => {
    const board = createLivechatBoard();
    for (const a of ['A1', 'A2', 'A3']) board.arrive(invite(a, 0), 0);
    expect(board.arrive(invite('C1', 1_000, { contact: 1 }), 1_000)).toBe('waiting');
    expect(board.arrive(invite('C2', 2_000, { contact: 1 }), 2_000)).toBe('waiting');
    expect(board.arrive(invite('C3', 3_000, { contact: 1 }), 3_000)).toBe('waiting');
    // Three chat invites before do not count toward the contacts' 4.
    expect(board.arrive(invite('C4', 4_000, { contact: 1 }), 4_000)).toBe('cycled');
    expect(ids(board.shown)).toEqual(['A2', 'A3', 'C4']);
  });

  it('does not show the same broadcaster again within 10 minutes', () => {
    const board = createLivechatBoard();
    expect(board.arrive(invite('A1', 0), 0)).toBe('shown');
    expect(board.arrive(invite('A1', 1_000), 1_000)).toBe('suppressed');
    board.remove(board.shown[0]?.id ?? '', 2_000);
    expect(board.arrive(invite('A1', 599_999), 599_999)).toBe('suppressed');
    board.tick(600_000);
    expect(board.arrive(invite('A1', 600_000), 600_000)).toBe('shown');
  });
});
