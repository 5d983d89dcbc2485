import { describe, expect, it } from 'vitest';
import type { LadyShowInfo } from '../../../protocol/shows/shows';
import { roomChoices } from './room-choice';

const now = Date.parse('2026-11-24T20:00:00Z');
const show = (id: string, startsInS: number, status = 1): LadyShowInfo =>
  ({
    live_show_id: id,
    show_title: `Show ${id}`,
    start_time: now / 1000 + startsInS,
    duration: 30,
    status,
    sold_num: 2,
  }) as LadyShowInfo;

describe('roomChoices', () => {
  it('offers her public and premium rooms, and each show of hers whose room is open now', () => {
    const choices = roomChoices(
      [
        show('soon', 61), // Watch Now is a minute before: not yet
        show('now', 60),
        show('on', -29 * 60),
        show('over', -31 * 60),
        show('cancelled', 0, 4),
      ],
      now,
    );
    expect(choices.map((c) => c.key)).toEqual(['public', 'premium', 'show:now', 'show:on']);
    expect(choices[2]).toMatchObject({ liveShowId: 'now', label: 'Your show "Show now": 2 tickets sold' });
  });
});
