import { describe, expect, it } from 'vitest';
import { FLOOD_LINES, FLOOD_WINDOW_MS } from '../../../protocol/live/room-moderation';
import { ChatPace } from './chat-pace';

describe('ChatPace', () => {
  it('lets FLOOD_LINES lines through in the flood window, refuses the next, and lets one through once the window moves', () => {
    const pace = new ChatPace();
    const t = 1_000_000;
    for (let i = 0; i < FLOOD_LINES; i++) expect(pace.take('A1', 'M1', 0, t + i * 10).ok).toBe(true);
    expect(pace.take('A1', 'M1', 0, t + 100)).toEqual({ ok: false, reason: 'flood' });
    // Another member, or the same member in another broadcaster's room, has his own count.
    expect(pace.take('A1', 'M2', 0, t + 100).ok).toBe(true);
    expect(pace.take('A2', 'M1', 0, t + 100).ok).toBe(true);
    expect(pace.take('A1', 'M1', 0, t + FLOOD_WINDOW_MS).ok).toBe(true);
  });

  it('spaces lines by slow mode and says how long is left; a refused line does not count', () => {
    const pace = new ChatPace();
    const t = 5_000_000;
    expect(pace.take('A1', 'M1', 10, t).ok).toBe(true);
    expect(pace.take('A1', 'M1', 10, t + 4_000)).toEqual({ ok: false, reason: 'slow', waitMs: 6_000 });
    expect(pace.take('A1', 'M1', 10, t + 10_000).ok).toBe(true);
    // Slow mode off: only the flood limit applies.
    expect(pace.take('A1', 'M1', 0, t + 10_100).ok).toBe(true);
  });
});
