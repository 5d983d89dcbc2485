import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_WEIGHT,
  HANGOUT_MIX,
  PUBLIC_FIRST_MIX,
  SAME_ANCHOR_SUPPRESS_MS,
} from '../../../protocol/realtime';
import type { Candidate } from './auto-lists';
import { createInviteQueue, drawOrder, highestWeight, type QueueKind, weightOf } from './queue';
import { createSameAnchorRule } from './rules';

const candidate = (id: string, anchor: string, weights?: number): Candidate => ({
  id,
  receivedAt: 0,
  data: { anchor_id: anchor, nick_name: anchor, photourl: '', autoInvitationId: id, weights },
});

/** A random source that answers the given draws in turn. */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

function setup(
  options: { display?: (kind: QueueKind, c: Candidate) => Promise<boolean>; random?: () => number } = {},
) {
  const shown: string[] = [];
  const sameAnchor = createSameAnchorRule();
  let clock = 0;
  const queue = createInviteQueue({
    display: options.display ?? (async () => true),
    show: (_kind, c) => shown.push(c.id),
    visibleCount: () => shown.length,
    sameAnchor,
    random: options.random ?? draws(0.99, 0.99),
    now: () => clock,
  });
  return { queue, shown, sameAnchor, tick: (ms: number) => (clock += ms) };
}

describe('the invite queue (spec 001 §4)', () => {
  it('picks the highest weight, −1 when missing, the earliest among equals', () => {
    expect(weightOf(candidate('a', 'A1'))).toBe(DEFAULT_WEIGHT);
    expect(highestWeight([candidate('a', 'A1'), candidate('b', 'A2', 5), candidate('c', 'A3', 5)])).toBe(1);
    expect(highestWeight([candidate('a', 'A1', -2), candidate('b', 'A2')])).toBe(1);
    expect(highestWeight([])).toBe(-1);
  });

  it('mixes hang-outs in about 4 in 11 and public first 3 in 7', () => {
    expect(drawOrder(draws(HANGOUT_MIX - 0.01, PUBLIC_FIRST_MIX - 0.01))).toEqual([
      'hangout',
      'public',
      'private',
    ]);
    expect(drawOrder(draws(HANGOUT_MIX, PUBLIC_FIRST_MIX))).toEqual(['private', 'public', 'hangout']);
    expect(drawOrder(draws(0.9, 0.1))).toEqual(['public', 'private', 'hangout']);
  });

  it('refills until 3 are visible, by weight', async () => {
    const { queue, shown } = setup({ random: draws(0.99, 0.1) });
    queue.add('public', candidate('p1', 'A1', 1));
    queue.add('public', candidate('p2', 'A2', 9));
    queue.add('public', candidate('p3', 'A3', 3));
    queue.add('public', candidate('p4', 'A4', 2));
    await queue.refill();
    expect(shown).toEqual(['p2', 'p3', 'p4']);
    expect(queue.list('public').map((c) => c.id)).toEqual(['p1']);
  });

  it('follows the random draw between the lists', async () => {
    const { queue, shown } = setup({ random: draws(0.1, 0.1, 0.99, 0.99, 0.99, 0.1) });
    queue.add('public', candidate('p', 'A1'));
    queue.add('private', candidate('v', 'A2'));
    queue.add('hangout', candidate('h', 'A3'));
    await queue.refill();
    // hang-out first, then private (0.99 ≥ 3/7), then public.
    expect(shown).toEqual(['h', 'v', 'p']);
  });

  it('drops a candidate the display check refuses, or that fails or times out, and rolls back its mark', async () => {
    const display = vi.fn(async (_kind: QueueKind, c: Candidate) => {
      if (c.id === 'no') return false;
      if (c.id === 'late') throw new Error('408');
      return true;
    });
    const { queue, shown, sameAnchor } = setup({ display });
    queue.add('public', candidate('no', 'A1', 3));
    queue.add('public', candidate('late', 'A2', 2));
    queue.add('public', candidate('yes', 'A3', 1));
    await queue.refill();
    expect(shown).toEqual(['yes']);
    expect(display).toHaveBeenCalledTimes(3);
    expect(queue.list('public')).toHaveLength(0);
    expect(sameAnchor.isSuppressed('A1', 0)).toBe(false);
    expect(sameAnchor.isSuppressed('A2', 0)).toBe(false);
    expect(sameAnchor.isSuppressed('A3', 0)).toBe(true);
  });

  it('does not request an anchor again within 3 minutes of showing her', async () => {
    const display = vi.fn(async () => true);
    const { queue, shown, sameAnchor, tick } = setup({ display });
    sameAnchor.mark('A1', 0);
    tick(SAME_ANCHOR_SUPPRESS_MS - 1);
    queue.add('private', candidate('again', 'A1'));
    await queue.refill();
    expect(display).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
    tick(1);
    queue.add('private', candidate('later', 'A1'));
    await queue.refill();
    expect(shown).toEqual(['later']);
  });

  it('a candidate whose place was taken during the check waits for the next place', async () => {
    let visible = 2;
    let release: (ok: boolean) => void = () => {};
    const queue = createInviteQueue({
      display: () => new Promise<boolean>((resolve) => (release = resolve)),
      show: () => visible++,
      visibleCount: () => visible,
      sameAnchor: createSameAnchorRule(),
      random: draws(0.99, 0.1),
      now: () => 0,
    });
    queue.add('public', candidate('p', 'A1'));
    const run = queue.refill();
    visible = 3;
    release(true);
    await run;
    expect(queue.list('public').map((c) => c.id)).toEqual(['p']);
  });

  it('one run at a time; a call during a run makes it look again', async () => {
    let release: (ok: boolean) => void = () => {};
    const display = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const { queue, shown } = setup({ display });
    queue.add('public', candidate('a', 'A1'));
    const first = queue.refill();
    const second = queue.refill();
    expect(display).toHaveBeenCalledTimes(1);
    queue.add('public', candidate('b', 'A2'));
    release(true);
    await vi.waitFor(() => expect(display).toHaveBeenCalledTimes(2));
    release(true);
    await first;
    await second;
    expect(shown).toEqual(['a', 'b']);
  });
});
