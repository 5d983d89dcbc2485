import { describe, expect, it } from 'vitest';
import { INTIMACY_GAIN, INTIMACY_PRIVILEGES } from '../../../protocol/messages/messages';
import { progressOf } from './IntimacyPopup';
import { earnLines, nextUnlock } from './intimacy-info';

describe('what the member is told about Intimacy', () => {
  it('lists every way to earn once, with its experience, messages last', () => {
    const lines = earnLines();
    expect(lines).toHaveLength(Object.keys(INTIMACY_GAIN).length);
    for (const l of lines) expect(l.experience).toBe(INTIMACY_GAIN[l.source]);
    expect(lines.slice(-3).map((l) => l.source)).toEqual(['freeMessage', 'paidMessage', 'herMessage']);
  });

  it('names what the next level unlocks, and nothing past the last privilege', () => {
    expect(nextUnlock(0)).toBe(INTIMACY_PRIVILEGES[0]?.text);
    expect(nextUnlock(1)).toMatch(/private photos/);
    expect(nextUnlock(4)).toBeUndefined();
  });

  it('shows the progress between the level bounds', () => {
    const list = [
      { level: 1, min: 1, max: 99 },
      { level: 2, min: 100, max: 299 },
    ];
    expect(progressOf({ intimacy: 0, intimacy_experience: 0, intimacy_level_list: list } as never)).toEqual({
      percent: 0,
      toNext: 1,
    });
    expect(
      progressOf({ intimacy: 1, intimacy_experience: 50, intimacy_level_list: list } as never).toNext,
    ).toBe(50);
  });
});
