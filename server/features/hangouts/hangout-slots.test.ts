import { describe, expect, it } from 'vitest';
import { HangoutStatus } from '../../../protocol/hangouts/hangout';
import { SlotMachine, type SlotState, slotView } from './hangout-slots';

const anchor = (id: string) => ({ anchor_id: id, nickname: id, photourl: '' });
const first = (slots: SlotMachine, now: number) => slotView(slots.slots[0] as SlotState, now);

describe('hang-out slots', () => {
  it('invite → knock → accept → countback (3 s) → living; leave → leaved → start 5 s later', () => {
    let now = 0;
    const slots = new SlotMachine(3, () => now);
    expect(slots.invite(anchor('A1'), 'I1')?.status).toBe(HangoutStatus.inviting);
    expect(slots.knock(anchor('A1'))?.index).toBe(1);
    expect(slots.accept('A1')?.status).toBe(HangoutStatus.countback);
    expect(first(slots, now).status.data.seconds).toBe(3);
    now += 2_999;
    slots.sweep();
    expect(slots.slots[0]?.status).toBe(HangoutStatus.countback);
    now += 1;
    slots.sweep();
    expect(first(slots, now)).toMatchObject({
      status: { type: HangoutStatus.living },
      url: ['A1'],
    });
    slots.leave('A1');
    now += 5_000;
    slots.sweep();
    expect(first(slots, now)).toEqual({
      index: 1,
      status: { type: HangoutStatus.start, data: {} },
      anchorData: null,
      url: [],
      flvUrl: [],
    });
  });

  it('times out an unanswered invitation (knockMiss) and knock (knockTimeout); a full room takes no more', () => {
    let now = 0;
    const slots = new SlotMachine(2, () => now);
    slots.invite(anchor('A1'), 'I1');
    slots.knock(anchor('A2'));
    expect(slots.knock(anchor('A3'))).toBeUndefined();
    now += 30_000;
    slots.sweep();
    expect(slots.slots.map((s) => [s.status, s.end])).toEqual([
      [HangoutStatus.inviting, undefined],
      [HangoutStatus.common, 'knockTimeout'],
    ]);
    now += 30_000;
    slots.sweep();
    expect(slots.slots.map((s) => s.status)).toEqual([HangoutStatus.common, HangoutStatus.start]);
    expect(slots.slots[0]?.end).toBe('knockMiss');
  });

  it('refuses only a knocking friend', () => {
    const slots = new SlotMachine(1, () => 0);
    slots.invite(anchor('A1'), 'I1');
    expect(slots.refuse('A1')).toBeUndefined();
    expect(slots.accept('A1')).toBeUndefined();
    slots.knock(anchor('A1'));
    expect(slots.refuse('A1')?.end).toBe('knockRefuse');
  });
});
