/**
 * The member's cap and do-not-disturb on both engines' pacing (protocol/notices/notices.ts), on an
 * injected clock: at most 3 automatic invitations a minute however many engines send, the window
 * doubling for each he let pass while idle, his next request starting the backoff over, and none
 * at all while he asked not to be disturbed.
 */
import { describe, expect, it } from 'vitest';
import { capWindowMs, INVITE_CAP } from '../../../../protocol/notices/notices';
import { ManualClock } from '../../../../tests/integration/manual-clock';
import { autoInviteConfig } from './config';
import { InviteGate } from './gate';
import { InvitePacer } from './pacer';

const SPEC = autoInviteConfig(true);
const caller = { userid: 'M1', role: 'man', connId: 'c1' };

function twoEngines(quietUntil = 0) {
  const clock = new ManualClock(0);
  let quiet = quietUntil;
  const gate = new InviteGate({ quietUntil: async () => quiet });
  const sent: { at: number; engine: string }[] = [];
  const pacer = (engine: string) =>
    new InvitePacer({
      config: SPEC,
      random: () => 0,
      clock,
      gate,
      send: async () => {
        sent.push({ at: clock.now(), engine });
        return 'sent';
      },
    });
  const rooms = pacer('rooms');
  const chat = pacer('chat');
  rooms.connected(caller);
  chat.connected(caller);
  return {
    clock,
    sent,
    gate,
    setQuiet: (until: number) => {
      quiet = until;
    },
    activity: () => {
      rooms.activity(caller);
      chat.activity(caller);
    },
  };
}

const inWindow = (times: number[], from: number, ms: number) =>
  times.filter((t) => t >= from && t < from + ms).length;

describe('the automatic invitations cap per member', () => {
  it('has the numbers written down in protocol', () => {
    expect(INVITE_CAP).toEqual({ perWindow: 3, windowMs: 60_000, backoffFactor: 2, maxIgnored: 4 });
    expect([0, 1, 2, 3, 4, 9].map((n) => capWindowMs(n))).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 960_000,
    ]);
    expect(capWindowMs(1, 10)).toBe(12_000);
  });

  it('two engines together send at most 3 in the first minute of an idle member (not 6)', async () => {
    const { clock, sent } = twoEngines();
    await clock.advance(70_000);
    const times = sent.map((s) => s.at);
    // Without the gate both engines alone would send at 10 s, 26 s, 42 s, 58 s each: 8.
    expect(inWindow(times, 0, 60_000)).toBe(3);
    expect(new Set(sent.map((s) => s.engine))).toEqual(new Set(['rooms', 'chat']));
  });

  it('backs off while he ignores them: the window doubles for each one let pass', async () => {
    const { clock, sent } = twoEngines();
    await clock.advance(30 * 60_000);
    const times = sent.map((s) => s.at);
    // Any 3 in a row after the first three are at least the longest window apart at the start.
    for (let i = 3; i < times.length; i++) {
      const gap = (times[i] ?? 0) - (times[i - 3] ?? 0);
      expect(gap).toBeGreaterThanOrEqual(capWindowMs(Math.min(i - 1, INVITE_CAP.maxIgnored)));
    }
    // Half an hour of being ignored: far fewer than the 60 the engines would send (30 each).
    expect(times.length).toBeLessThanOrEqual(9);
  });

  it('starts the backoff over on his next request', async () => {
    const { clock, sent, activity } = twoEngines();
    await clock.advance(5 * 60_000);
    const before = sent.length;
    activity();
    // Idle 10 s again, then a minute at the first window: at most 3 more, at least one.
    await clock.advance(70_000);
    const more = sent.length - before;
    expect(more).toBeGreaterThanOrEqual(1);
    expect(more).toBeLessThanOrEqual(3);
  });

  it('sends nothing while he asked not to be disturbed, and resumes after', async () => {
    const { clock, sent, setQuiet } = twoEngines(60 * 60_000);
    await clock.advance(60 * 60_000 - 1);
    expect(sent).toHaveLength(0);
    setQuiet(0);
    await clock.advance(60_000);
    expect(sent.length).toBeGreaterThan(0);
  });
});
