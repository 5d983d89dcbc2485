import { describe, expect, it } from 'vitest';
import { AUTO_INVITE_LIST_AGE_MS, AUTO_INVITE_LIST_MAX } from '../../../protocol/realtime';
import { addToList, type Candidate, pruneList } from './auto-lists';

const entry = (id: string, anchor: string, receivedAt: number): Candidate => ({
  id,
  receivedAt,
  data: { anchor_id: anchor, nick_name: anchor, photourl: '', autoInvitationId: id },
});

describe('auto-invite lists (spec 000 §4)', () => {
  it('keeps at most 100 entries, the newest', () => {
    let list: Candidate[] = [];
    for (let i = 0; i < AUTO_INVITE_LIST_MAX + 5; i++) list = addToList(list, entry(`i${i}`, `A${i}`, i), i);
    expect(list).toHaveLength(AUTO_INVITE_LIST_MAX);
    expect(list[0]?.id).toBe('i5');
    expect(list.at(-1)?.id).toBe(`i${AUTO_INVITE_LIST_MAX + 4}`);
  });

  it('drops entries older than 10 minutes', () => {
    const list = [entry('old', 'A1', 0), entry('new', 'A2', 60_000)];
    expect(pruneList(list, AUTO_INVITE_LIST_AGE_MS).map((e) => e.id)).toEqual(['new']);
    expect(
      addToList(list, entry('x', 'A3', AUTO_INVITE_LIST_AGE_MS), AUTO_INVITE_LIST_AGE_MS).map((e) => e.id),
    ).toEqual(['new', 'x']);
  });

  it('a newer invitation from the same anchor replaces the earlier one', () => {
    let list = addToList([], entry('first', 'A2001', 0), 0);
    list = addToList(list, entry('other', 'A2002', 1), 1);
    list = addToList(list, entry('second', 'A2001', 2), 2);
    expect(list.map((e) => e.id)).toEqual(['other', 'second']);
  });
});
