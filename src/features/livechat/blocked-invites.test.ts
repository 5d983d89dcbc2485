import { describe, expect, it } from 'vitest';
import type { InviteBlock } from '../../../protocol/livechat/livechat-invites';
import { withoutBlock } from './blocked-invites';

const block = (anchor_id: string): InviteBlock => ({ anchor_id, nick_name: anchor_id, photourl: '' });
const ids = (list: InviteBlock[]) => list.map((b) => b.anchor_id);

describe('withoutBlock', () => {
  const list = [block('A1'), block('A2'), block('A3')];

  it('drops her and moves the focus to the next row', () => {
    const after = withoutBlock(list, 'A2');
    expect(ids(after.list)).toEqual(['A1', 'A3']);
    expect(after.focus).toBe('A3');
  });

  it('moves the focus to the previous row when she was the last', () => {
    expect(withoutBlock(list, 'A3')).toMatchObject({ focus: 'A2' });
  });

  it('leaves no row to focus when she was the only one', () => {
    const after = withoutBlock([block('A1')], 'A1');
    expect(after.list).toEqual([]);
    expect(after.focus).toBeUndefined();
  });

  it('keeps the list as it is when she is not on it', () => {
    const after = withoutBlock(list, 'A9');
    expect(ids(after.list)).toEqual(['A1', 'A2', 'A3']);
    expect(after.focus).toBeUndefined();
  });
});
