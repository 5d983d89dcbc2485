/**
 * The pacing both invitation engines share (spec 002 §9 "Live-chat engine"): for each member whose
 * socket is logged in on THIS process and who has been idle (no request but heartbeats) for idleMs,
 * `send` is asked for one invitation at random spacingMinMs..spacingMaxMs intervals, in rounds of
 * perSiteQuantity with perSiteWaitMs after each round; rounds repeat while he stays idle and start
 * over after any activity. What is sent, and to whom, is each engine's own; so is its used list,
 * built with usedListAt and addUsed.
 */
import { type EngineClock, systemClock } from './clock';
import type { AutoInviteConfig } from './config';
import type { InviteGate } from './gate';

export interface Caller {
  userid: string;
  role: string;
  connId: string;
}

/** What one try gave: 'none' when nobody fits now, 'stop' when he may get none at all. */
export type SendOutcome = 'sent' | 'none' | 'stop';

interface MemberState {
  conns: Set<string>;
  cancel?: () => void;
  /** Bumped on every activity and disconnect, so a send in flight does not reschedule. */
  generation: number;
  round: number;
  sentInRound: number;
}

/** Broadcasters lately used for a member, and when the list began. */
export interface UsedList {
  anchors: string[];
  startedAt: number;
}

/** The used list as of `now`: a fresh one after its time (it starts with its first broadcaster). */
export function usedListAt(list: UsedList | undefined, now: number, resetMs: number): UsedList {
  return !list || (list.anchors.length > 0 && now - list.startedAt >= resetMs)
    ? { anchors: [], startedAt: now }
    : list;
}

/** Adds a broadcaster; a list that would grow past `max` starts over with her. */
export function addUsed(list: UsedList, anchorId: string, now: number, max: number): UsedList {
  if (list.anchors.length >= max || list.anchors.length === 0) return { anchors: [anchorId], startedAt: now };
  return { anchors: [...list.anchors, anchorId], startedAt: list.startedAt };
}

/** The wait before the next send: spacing inside a round, the round's wait after its last. */
export function nextDelay(
  config: Pick<AutoInviteConfig, 'spacingMinMs' | 'spacingMaxMs' | 'perSiteQuantity' | 'perSiteWaitMs'>,
  state: { round: number; sentInRound: number },
  random: () => number,
): { delay: number; round: number; sentInRound: number } {
  const quantity = config.perSiteQuantity[state.round % config.perSiteQuantity.length] ?? 1;
  if (state.sentInRound >= quantity) {
    const wait = config.perSiteWaitMs[state.round % config.perSiteWaitMs.length] ?? config.spacingMaxMs;
    return { delay: wait, round: (state.round + 1) % config.perSiteQuantity.length, sentInRound: 0 };
  }
  const span = config.spacingMaxMs - config.spacingMinMs + 1;
  return { delay: config.spacingMinMs + Math.floor(random() * span), ...state };
}

export interface InvitePacerDeps {
  config: AutoInviteConfig;
  /** A float in [0, 1); injected so tests are deterministic. */
  random: () => number;
  clock?: EngineClock;
  /** One invitation for this member, now. */
  send: (userid: string) => Promise<SendOutcome>;
  /** The member's cap and do-not-disturb, shared by both engines (none: the spec's pace alone). */
  gate?: InviteGate;
  /** Says a failed send in the log; the pacing goes on. */
  failed?: (error: unknown) => void;
}

export class InvitePacer {
  private readonly members = new Map<string, MemberState>();
  private closed = false;
  readonly clock: EngineClock;

  constructor(private readonly deps: InvitePacerDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  /** A socket of a member logged in on this process. */
  connected(caller: Caller): void {
    if (!this.deps.config.enabled || caller.role !== 'man' || this.closed) return;
    let state = this.members.get(caller.userid);
    if (!state) {
      state = { conns: new Set(), generation: 0, round: 0, sentInRound: 0 };
      this.members.set(caller.userid, state);
    }
    state.conns.add(caller.connId);
    this.restart(caller.userid, state);
  }

  /** Any request but a heartbeat: the member is not idle; the idle wait and the rounds start over. */
  activity(caller: Caller): void {
    const state = this.members.get(caller.userid);
    this.deps.gate?.activity(caller.userid);
    if (state) this.restart(caller.userid, state);
  }

  disconnected(caller: Caller): void {
    const state = this.members.get(caller.userid);
    if (!state) return;
    state.conns.delete(caller.connId);
    if (state.conns.size > 0) return;
    state.cancel?.();
    state.generation++;
    this.members.delete(caller.userid);
    this.deps.gate?.forget(caller.userid);
  }

  /** Members this process is timing (for tests and diagnostics). */
  watching(): string[] {
    return [...this.members.keys()];
  }

  close(): void {
    this.closed = true;
    for (const state of this.members.values()) {
      state.cancel?.();
      state.generation++;
    }
    this.members.clear();
  }

  private restart(userid: string, state: MemberState) {
    state.cancel?.();
    state.generation++;
    state.round = 0;
    state.sentInRound = 0;
    this.schedule(userid, state, this.deps.config.idleMs);
  }

  private schedule(userid: string, state: MemberState, delayMs: number) {
    const generation = state.generation;
    state.cancel = this.clock.after(delayMs, () =>
      this.tick(userid, state, generation).catch((error) => this.deps.failed?.(error)),
    );
  }

  private async tick(userid: string, state: MemberState, generation: number) {
    if (this.closed || state.generation !== generation) return;
    const gate = this.deps.gate;
    // Held back by his cap or do-not-disturb: like nobody fitting now, tried again at the next turn.
    const at = this.clock.now();
    const held = gate ? !(await gate.take(userid, at, this.deps.config.capSpeed)) : false;
    if (this.closed || state.generation !== generation) {
      if (!held) gate?.release(userid, at);
      return;
    }
    const outcome = held ? 'none' : await this.deps.send(userid);
    if (outcome === 'sent') gate?.sent(userid);
    else if (!held) gate?.release(userid, at);
    // Activity or a disconnect while sending: that path has rescheduled (or stopped) already.
    if (this.closed || state.generation !== generation) return;
    if (outcome === 'stop') return;
    if (outcome === 'sent') state.sentInRound++;
    const next = nextDelay(this.deps.config, state, this.deps.random);
    state.round = next.round;
    state.sentInRound = next.sentInRound;
    this.schedule(userid, state, next.delay);
  }
}
