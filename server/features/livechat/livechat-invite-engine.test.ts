/**
 * The live-chat engine's pacing on the spec's own timings (spec 002 §9) and an injected clock: the
 * 10 s idle wait, 16–30 s spacing, rounds of [5, 3, 5] with waits [50, 25, 50] s, the used list
 * reset over 40 broadcasters or after 1 hour, and activity starting it all over.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../tests/integration/manual-clock';
import type { AnchorRecord, MemberRecord, StorageRepositories } from '../../storage/contract';
import type { RealtimeDeps } from '../invitations';
import { addUsed, autoInviteConfig, nextDelay, usedListAt } from '../invitations';
import { LiveChatInviteEngine } from './livechat-invite-engine';
import type { LiveChatInvites } from './livechat-invites';

const SPEC = autoInviteConfig(true);

function anchors(n: number): AnchorRecord[] {
  return Array.from({ length: n }, (_, i) => ({ userid: `A${3000 + i}`, state: 'online' }) as AnchorRecord);
}

function engineWith(count: number, random: () => number, present: string[] = []) {
  const clock = new ManualClock(0);
  const sent: { at: number; anchor: string; robot: boolean }[] = [];
  const pool = anchors(count);
  const member = {
    userid: 'M1',
    priv: { invitation_bubble: 1 },
    livechatAccept: true,
  } as unknown as MemberRecord;
  const repos = {
    members: { find: async () => member },
    anchors: {
      online: async () => pool,
      find: async (id: string) => pool.find((a) => a.userid === id),
    },
  } as unknown as StorageRepositories;
  const rt = {
    presence: { listOnline: async () => present.map((userid) => ({ userid, visible: true })) },
  } as unknown as RealtimeDeps;
  const invites = {
    rows: {
      // The 10 minutes are the database's rule (tested over the socket): none here.
      anchorsSince: async () => new Set<string>(),
      blocked: async () => new Set<string>(),
      accepting: async (ids: readonly string[]) => new Set(ids),
      shownOnline: async (ids: readonly string[]) => ids.filter((id) => id.startsWith('A')),
    },
    ignoredFrom: async () => new Set<string>(),
    send: async (anchor: AnchorRecord, _userid: string, options: { robot: boolean; now: number }) => {
      sent.push({ at: options.now, anchor: anchor.userid, robot: options.robot });
      return { status: 'sent' as const, inviteId: `I${sent.length}` };
    },
  } as unknown as LiveChatInvites;
  const engine = new LiveChatInviteEngine({ repos, rt, invites, config: SPEC, random, clock });
  return { engine, clock, sent, member };
}

const caller = { userid: 'M1', role: 'man', connId: 'c1' };

describe('the live-chat engine pace (spec 002 §9)', () => {
  it('has the spec timings', () => {
    expect(SPEC).toMatchObject({
      idleMs: 10_000,
      spacingMinMs: 16_000,
      spacingMaxMs: 30_000,
      perSiteQuantity: [5, 3, 5],
      perSiteWaitMs: [50_000, 25_000, 50_000],
      usedListMax: 40,
      usedListResetMs: 3_600_000,
      sameAnchorMs: 600_000,
    });
  });

  it('spaces sends 16–30 s apart inside a round and waits after it', () => {
    const state = { round: 0, sentInRound: 1 };
    expect(nextDelay(SPEC, state, () => 0).delay).toBe(16_000);
    expect(nextDelay(SPEC, state, () => 0.999_999).delay).toBe(30_000);
    expect(nextDelay(SPEC, { round: 0, sentInRound: 5 }, () => 0)).toEqual({
      delay: 50_000,
      round: 1,
      sentInRound: 0,
    });
    expect(nextDelay(SPEC, { round: 1, sentInRound: 3 }, () => 0)).toEqual({
      delay: 25_000,
      round: 2,
      sentInRound: 0,
    });
    expect(nextDelay(SPEC, { round: 2, sentInRound: 5 }, () => 0)).toEqual({
      delay: 50_000,
      round: 0,
      sentInRound: 0,
    });
  });

  it('sends after 10 s idle, then in rounds of 5, 3, 5 with their waits; activity starts over', async () => {
    const { engine, clock, sent } = engineWith(60, () => 0);
    engine.connected(caller);
    await clock.advance(9_999);
    expect(sent).toHaveLength(0);
    await clock.advance(1);
    expect(sent.map((s) => s.at)).toEqual([10_000]);
    // Random 0: every spacing 16 s. Round 1: 5 sends, wait 50 s; round 2: 3, wait 25 s; round 3: 5.
    await clock.advance(400_000);
    const times = sent.map((s) => s.at);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(gaps.slice(0, 12)).toEqual([
      16_000, 16_000, 16_000, 16_000, 50_000, 16_000, 16_000, 25_000, 16_000, 16_000, 16_000, 16_000,
    ]);
    // After round 3 its 50 s wait, and round 1 again.
    expect(gaps[12]).toBe(50_000);
    // Activity: nothing for another 10 s.
    const count = sent.length;
    engine.activity(caller);
    await clock.advance(9_999);
    expect(sent).toHaveLength(count);
    await clock.advance(1);
    expect(sent).toHaveLength(count + 1);
    engine.disconnected(caller);
    await clock.advance(100_000);
    expect(sent).toHaveLength(count + 1);
  });

  it('invites from broadcasters at their workspace first, as themselves, then robots', async () => {
    const { engine, clock, sent } = engineWith(5, () => 0, ['A3003']);
    engine.connected(caller);
    await clock.advance(10_000 + 16_000);
    expect(sent).toEqual([
      { at: 10_000, anchor: 'A3003', robot: false },
      { at: 26_000, anchor: 'A3000', robot: true },
    ]);
  });

  it('does not reuse a broadcaster while she is on his used list', async () => {
    const { engine, clock, sent } = engineWith(3, () => 0);
    engine.connected(caller);
    await clock.advance(10_000 + 3 * 16_000);
    expect(sent.map((s) => s.anchor)).toEqual(['A3000', 'A3001', 'A3002']);
    expect(engine.usedOf('M1')).toEqual(['A3000', 'A3001', 'A3002']);
    // Nobody left who fits: the engine keeps looking at its pace but sends no one twice.
    await clock.advance(600_000);
    expect(sent).toHaveLength(3);
  });

  it('resets the used list over 40 broadcasters or after 1 hour', () => {
    let list = usedListAt(undefined, 0, SPEC.usedListResetMs);
    for (let i = 0; i < 40; i++) list = addUsed(list, `A${i}`, i, SPEC.usedListMax);
    expect(list.anchors).toHaveLength(40);
    // The 41st starts a new list with her.
    list = addUsed(list, 'A40', 50, SPEC.usedListMax);
    expect(list).toEqual({ anchors: ['A40'], startedAt: 50 });
    // An hour after its first broadcaster, the list is fresh.
    expect(usedListAt(list, 50 + 3_599_999, SPEC.usedListResetMs).anchors).toEqual(['A40']);
    expect(usedListAt(list, 50 + 3_600_000, SPEC.usedListResetMs).anchors).toEqual([]);
  });

  it('sends nothing while his livechat_accept is off', async () => {
    const { engine, clock, sent, member } = engineWith(5, () => 0);
    (member as { livechatAccept: boolean }).livechatAccept = false;
    engine.connected(caller);
    await clock.advance(200_000);
    expect(sent).toHaveLength(0);
  });
});
