/**
 * Which bubbles the member sees (manners.ts) on an injected clock: the cap (3 a minute), its
 * backoff after each ignored bubble and reset on a tap, the quiet moment and do-not-disturb holding
 * them back while their lifetimes run, and one bubble with a count on a phone.
 */
import { describe, expect, it } from 'vitest';
import { createManners, memoryOnly } from './manners';

const b = (id: string) => ({ id });
const wide = (now: number) => ({ quiet: false, dnd: false, narrow: false, now });
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('the bubbles a member sees', () => {
  it('shows at most 3 a minute; the 4th waits its turn', () => {
    const m = createManners();
    const four = [b('a'), b('b'), b('c'), b('d')];
    expect(ids(m.present(four, wide(0)).visible)).toEqual(['a', 'b', 'c']);
    expect(m.present(four, wide(0)).others).toBe(1);
    expect(m.waiting(four)).toBe(true);
    expect(ids(m.present(four, wide(59_999)).visible)).toEqual(['a', 'b', 'c']);
    expect(ids(m.present(four, wide(60_000)).visible)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('doubles the window after each ignored bubble and resets on a tap', () => {
    const memory = memoryOnly();
    const m = createManners(memory);
    m.present([b('a'), b('b'), b('c')], wide(0));
    // a and b expired (or closed with x) without a tap: 2 ignored, the window is 4 minutes.
    m.present([b('c')], wide(30_000));
    expect(m.ignored).toBe(2);
    expect(memory.load()).toBe(2);
    expect(ids(m.present([b('c'), b('d')], wide(60_000)).visible)).toEqual(['c']);
    expect(ids(m.present([b('c'), b('d')], wide(239_999)).visible)).toEqual(['c']);
    expect(ids(m.present([b('c'), b('d')], wide(240_000)).visible)).toEqual(['c', 'd']);
    // A tap on c's button: back to 3 a minute.
    m.accept('c');
    m.present([b('d')], wide(241_000));
    expect(m.ignored).toBe(0);
  });

  it('keeps the backoff across a reload (per member, this device)', () => {
    const memory = memoryOnly();
    memory.save(3);
    expect(createManners(memory).ignored).toBe(3);
  });

  it('shows none in a quiet moment or while not to be disturbed; they show after, in turn', () => {
    const m = createManners();
    const two = [b('a'), b('b')];
    expect(m.present(two, { ...wide(0), quiet: true })).toEqual({ visible: [], others: 2 });
    expect(m.present(two, { ...wide(1_000), dnd: true })).toEqual({ visible: [], others: 2 });
    expect(ids(m.present(two, wide(2_000)).visible)).toEqual(['a', 'b']);
    // One that runs out while hidden was not his to ignore.
    m.present(two, { ...wide(3_000), quiet: true });
    m.present([b('b')], { ...wide(4_000), quiet: true });
    expect(m.ignored).toBe(0);
  });

  it("in her live room, shows her own invitation and holds the others'; do not disturb holds hers too", () => {
    const m = createManners();
    const both = [
      { id: 'a', from: 'A2001' },
      { id: 'b', from: 'A2002' },
    ];
    const inHerRoom = { ...wide(0), quiet: true, roomOf: 'A2001' };
    expect(m.present(both, inHerRoom)).toEqual({ visible: [both[0]], others: 1 });
    expect(m.present(both, { ...inHerRoom, dnd: true })).toEqual({ visible: [], others: 2 });
  });

  it('on a phone shows one, with the count of the others', () => {
    const m = createManners();
    const three = [b('a'), b('b'), b('c')];
    expect(m.present(three, { ...wide(0), narrow: true })).toEqual({ visible: [b('a')], others: 2 });
  });
});

describe('what a live-chat bubble says', () => {
  it('says she left a message only when she did, and Free chat only when it is free', async () => {
    const { robotNote, isFreeChat } = await import('./livechat-words');
    expect(robotNote({ robot: 1, left_msg: 1 })).toMatch(/^She left a message for you/);
    expect(robotNote({ robot: 1, left_msg: 0 })).toMatch(/^She is away from her screen now/);
    expect(robotNote({ robot: 1 })).toMatch(/^She is away/);
    expect(isFreeChat({ free: 1, charge: 0 })).toBe(true);
    expect(isFreeChat({ free: 1 })).toBe(true);
    expect(isFreeChat({ free: 1, charge: 1 })).toBe(false);
    expect(isFreeChat({ free: 0, charge: 0 })).toBe(false);
  });
});
