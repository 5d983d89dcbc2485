/**
 * The live-chat engine's automatic invitations (spec 002 §9 "Live-chat engine"): for each member
 * whose socket is logged in on THIS process and who has been idle (no request but heartbeats) for
 * idleMs, online broadcasters invite him to chat at random spacingMinMs..spacingMaxMs intervals, in
 * rounds of perSiteQuantity with perSiteWaitMs after each round; rounds repeat while he stays idle
 * and start over after any activity. Built like the room invitations' engine (auto-invite/engine.ts)
 * on the same injected clock, random source and timings.
 *
 * Who invites: broadcasters shown online who take live chats (anchors.livechat_accept), not blocked
 * by him, who did not invite him within sameAnchorMs, and not on his used list (reset when it would
 * grow past usedListMax or after usedListResetMs). Those at their workspace (a socket) go first, as
 * themselves (robot 0); then the others, as robots (robot 1: accepting answers -2 unless she came
 * back). Nothing is sent while his livechat_accept is off or he lacks invitation_bubble.
 */

import { INVITE_TYPE_CHAT } from '../../protocol/livechat';
import { takesInvites } from '../../protocol/livechat-invites';
import type { AnchorRecord } from '../storage/contract';
import type { StorageRepositories } from '../storage/repositories';
import { type EngineClock, systemClock } from './auto-invite/clock';
import type { AutoInviteConfig } from './auto-invite/config';
import type { RealtimeDeps } from './invitations';
import type { LiveChatInvites } from './livechat-invites';

/** How many online broadcasters one pick looks at, and how many sockets it asks presence for. */
const CANDIDATE_POOL = 500;
const PRESENCE_POOL = 2_000;

interface Caller {
  userid: string;
  role: string;
  connId: string;
}

interface MemberState {
  conns: Set<string>;
  cancel?: () => void;
  /** Bumped on every activity and disconnect, so a send in flight does not reschedule. */
  generation: number;
  round: number;
  sentInRound: number;
}

export interface UsedList {
  anchors: string[];
  startedAt: number;
}

export interface LiveChatInviteEngineDeps {
  repos: StorageRepositories;
  rt: RealtimeDeps;
  invites: LiveChatInvites;
  config: AutoInviteConfig;
  random: () => number;
  clock?: EngineClock;
  log?: (message: string, error?: unknown) => void;
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

export class LiveChatInviteEngine {
  private readonly members = new Map<string, MemberState>();
  private readonly used = new Map<string, UsedList>();
  private closed = false;
  private readonly clock: EngineClock;

  constructor(private readonly deps: LiveChatInviteEngineDeps) {
    this.clock = deps.clock ?? systemClock;
  }

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

  activity(caller: Caller): void {
    const state = this.members.get(caller.userid);
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
  }

  watching(): string[] {
    return [...this.members.keys()];
  }

  /** His used list now (tests). */
  usedOf(userid: string): readonly string[] {
    return this.used.get(userid)?.anchors ?? [];
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
      this.tick(userid, state, generation).catch((error) => this.deps.log?.('livechat invite failed', error)),
    );
  }

  private async tick(userid: string, state: MemberState, generation: number) {
    if (this.closed || state.generation !== generation) return;
    const outcome = await this.sendOne(userid);
    if (this.closed || state.generation !== generation) return;
    if (outcome === 'stop') return;
    if (outcome === 'sent') state.sentInRound++;
    const next = nextDelay(this.deps.config, state, this.deps.random);
    state.round = next.round;
    state.sentInRound = next.sentInRound;
    this.schedule(userid, state, next.delay);
  }

  /** Broadcasters at their workspace first (as themselves), then the others (as robots). */
  private async pick(
    userid: string,
    now: number,
  ): Promise<{ anchor: AnchorRecord; robot: boolean } | undefined> {
    const { repos, rt, invites, config } = this.deps;
    const [anchors, recent, blocked, sockets] = await Promise.all([
      repos.anchors.online(0, CANDIDATE_POOL),
      invites.rows.anchorsSince(userid, new Date(now - config.sameAnchorMs)),
      invites.rows.blocked(userid),
      rt.presence.listOnline(PRESENCE_POOL),
    ]);
    const list = usedListAt(this.used.get(userid), now, config.usedListResetMs);
    this.used.set(userid, list);
    const used = new Set(list.anchors);
    const fits = (id: string) => !used.has(id) && !recent.has(id) && !blocked.has(id);
    const present = new Set(sockets.map((s) => s.userid));
    // A broadcaster at her workspace may rank below the pool: she is looked up by her socket.
    const pooled = new Set(anchors.map((a) => a.userid));
    const extra = await invites.rows.shownOnline([...present].filter((id) => fits(id) && !pooled.has(id)));
    const found = await Promise.all(extra.map((id) => repos.anchors.find(id)));
    const humans = found.filter((a): a is AnchorRecord => a !== undefined);
    const open = [...humans, ...anchors.filter((a) => fits(a.userid))];
    const accepting = await invites.rows.accepting(open.map((a) => a.userid));
    const people = open.filter((a) => accepting.has(a.userid) && present.has(a.userid));
    const robots = open.filter((a) => accepting.has(a.userid) && !present.has(a.userid));
    const pool = people.length > 0 ? people : robots;
    const anchor = pool[Math.min(pool.length - 1, Math.floor(this.deps.random() * pool.length))];
    return anchor ? { anchor, robot: people.length === 0 } : undefined;
  }

  /** Sends one invitation; 'none' when nobody fits now, 'stop' when he may get none at all. */
  private async sendOne(userid: string): Promise<'sent' | 'none' | 'stop'> {
    const member = await this.deps.repos.members.find(userid);
    if (member?.priv.invitation_bubble !== 1 || !takesInvites(member)) return 'stop';
    const now = this.clock.now();
    const choice = await this.pick(userid, now);
    if (!choice) return 'none';
    const { config } = this.deps;
    const list = usedListAt(this.used.get(userid), now, config.usedListResetMs);
    this.used.set(userid, addUsed(list, choice.anchor.userid, now, config.usedListMax));
    const sent = await this.deps.invites.send(choice.anchor, userid, {
      inviteType: INVITE_TYPE_CHAT,
      automatic: true,
      robot: choice.robot,
      now,
    });
    return sent.status === 'sent' ? 'sent' : 'none';
  }
}
