/**
 * The automatic invitation engine (spec 002 §9 "Live-chat engine"): for each member whose socket is
 * logged in on THIS process and who has been idle (no request but heartbeats) for idleMs, online
 * broadcasters invite him at random spacingMinMs..spacingMaxMs intervals, in rounds of
 * perSiteQuantity with perSiteWaitMs after each round; rounds repeat while he stays idle and start
 * over after any activity. A broadcaster is not used twice within sameAnchorMs (any invitation of
 * hers to him counts), nor while she is on his used list, which resets when it would grow past
 * usedListMax or after usedListResetMs.
 *
 * What is sent: a live broadcaster with a public room → imMan/autoInvitationPublicLive (or, when he
 * follows her, imLady/publicInviteUserNotice with a log_id); an online one with One-on-One →
 * imMan/autoInvitationPrivateLive; an online one with the hang-out privilege →
 * imMan/receiveHangoutInviteNotice naming up to HANGOUT_FRIENDS_MAX other online hang-out
 * broadcasters, mixed in about HANGOUT_MIX of the time when both kinds fit (the spec's queue mix).
 * Privileges gate it: nothing without invitation_bubble; public needs his public privilege, private
 * his oneonone, hang-out his hangout (and hers). Broadcasters with no socket (demo ones) are robots
 * (robot 1).
 */
import {
  AUTO_INVITE_LIFETIME_S,
  type AutoInviteNotice,
  EventRoute,
  HANGOUT_FRIENDS_MAX,
  HANGOUT_MIX,
  type HangoutInviteNotice,
  type PublicInviteNotice,
} from '../../../protocol/realtime';
import type { AnchorRecord, MemberRecord } from '../../storage/contract';
import type { StorageRepositories } from '../../storage/repositories';
import { newId, type RealtimeDeps, weightOf } from '../invitations';
import { type EngineClock, systemClock } from './clock';
import type { AutoInviteConfig } from './config';

/** How many online broadcasters one pick looks at. */
const CANDIDATE_POOL = 500;

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

interface UsedList {
  anchors: string[];
  startedAt: number;
}

export interface AutoInviteEngineDeps {
  repos: StorageRepositories;
  rt: RealtimeDeps;
  config: AutoInviteConfig;
  /** A float in [0, 1); injected so tests are deterministic. */
  random: () => number;
  /** Defaults to the system clock. */
  clock?: EngineClock;
  log?: (message: string, error?: unknown) => void;
}

type Pick = { anchor: AnchorRecord; kind: 'auto_public' | 'public' | 'auto_private' | 'hangout' };

export class AutoInviteEngine {
  private readonly members = new Map<string, MemberState>();
  private readonly used = new Map<string, UsedList>();
  private closed = false;
  private readonly clock: EngineClock;

  constructor(private readonly deps: AutoInviteEngineDeps) {
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
      this.tick(userid, state, generation).catch((error) => this.deps.log?.('auto-invite failed', error)),
    );
  }

  private spacing(): number {
    const { spacingMinMs: min, spacingMaxMs: max } = this.deps.config;
    return min + Math.floor(this.deps.random() * (max - min + 1));
  }

  private async tick(userid: string, state: MemberState, generation: number) {
    if (this.closed || state.generation !== generation) return;
    const outcome = await this.sendOne(userid);
    // Activity or a disconnect while sending: that path has rescheduled (or stopped) already.
    if (this.closed || state.generation !== generation) return;
    if (outcome === 'stop') return;
    if (outcome === 'sent') state.sentInRound++;
    const { perSiteQuantity, perSiteWaitMs } = this.deps.config;
    const quantity = perSiteQuantity[state.round % perSiteQuantity.length] ?? 1;
    if (state.sentInRound >= quantity) {
      const wait = perSiteWaitMs[state.round % perSiteWaitMs.length] ?? this.spacing();
      state.round = (state.round + 1) % perSiteQuantity.length;
      state.sentInRound = 0;
      this.schedule(userid, state, wait);
    } else {
      this.schedule(userid, state, this.spacing());
    }
  }

  private usedList(userid: string, now: number): UsedList {
    let list = this.used.get(userid);
    if (!list || now - list.startedAt >= this.deps.config.usedListResetMs) {
      list = { anchors: [], startedAt: now };
      this.used.set(userid, list);
    }
    return list;
  }

  /** The broadcasters he may be invited by now, and how. */
  private async candidates(
    member: MemberRecord,
    now: number,
  ): Promise<{ picks: Pick[]; hangouts: Pick[]; online: AnchorRecord[] }> {
    const { repos, config } = this.deps;
    const [anchors, recent] = await Promise.all([
      repos.anchors.online(0, CANDIDATE_POOL),
      repos.invitations.anchorsInvitedSince(member.userid, new Date(now - config.sameAnchorMs)),
    ]);
    const used = new Set(this.usedList(member.userid, now).anchors);
    const open = anchors.filter((a) => !used.has(a.userid) && !recent.has(a.userid));
    const followed = await repos.follows.followed(
      member.userid,
      open.map((a) => a.userid),
    );
    const picks: Pick[] = [];
    const hangouts: Pick[] = [];
    for (const anchor of open) {
      if (anchor.priv.hangout === 1 && member.priv.hangout === 1) hangouts.push({ anchor, kind: 'hangout' });
      if (anchor.state === 'live') {
        if (anchor.publicRoomId && member.priv.public === 1) {
          picks.push({ anchor, kind: followed.has(anchor.userid) ? 'public' : 'auto_public' });
        }
      } else if (anchor.priv.oneonone === 1 && member.priv.oneonone === 1) {
        picks.push({ anchor, kind: 'auto_private' });
      }
    }
    return { picks, hangouts, online: anchors };
  }

  /** Hang-out picks come first about HANGOUT_MIX of the time, or when nothing else fits. */
  private choose(picks: Pick[], hangouts: Pick[]): Pick | undefined {
    const random = this.deps.random;
    const pool = hangouts.length > 0 && (picks.length === 0 || random() < HANGOUT_MIX) ? hangouts : picks;
    return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
  }

  /** Sends one invitation; 'none' when nobody fits now, 'stop' when he may get none at all. */
  private async sendOne(userid: string): Promise<'sent' | 'none' | 'stop'> {
    const { repos, rt, config } = this.deps;
    const member = await repos.members.find(userid);
    if (member?.priv.invitation_bubble !== 1) return 'stop';
    if (member.priv.public !== 1 && member.priv.oneonone !== 1 && member.priv.hangout !== 1) return 'stop';
    const now = this.clock.now();
    const { picks, hangouts, online } = await this.candidates(member, now);
    const pick = this.choose(picks, hangouts);
    if (!pick) return 'none';
    const { anchor, kind } = pick;
    const robot: 0 | 1 = (await rt.presence.isOnline(anchor.userid)) ? 0 : 1;
    const leftSeconds = anchor.isFeatured ? AUTO_INVITE_LIFETIME_S.featured : AUTO_INVITE_LIFETIME_S.other;
    const inviteId = newId('A');
    const base = {
      anchor_id: anchor.userid,
      nick_name: anchor.nickname,
      photourl: anchor.photourl,
      anchor_type: anchor.anchorType,
      roomid: anchor.state === 'live' ? anchor.publicRoomId : '',
      room_type: anchor.state === 'live' ? anchor.roomType : 0,
      weights: weightOf(anchor),
      left_seconds: leftSeconds,
      robot,
      is_featured: anchor.isFeatured ? (1 as const) : (0 as const),
    };
    let route: string;
    let data: AutoInviteNotice | PublicInviteNotice | HangoutInviteNotice;
    if (kind === 'hangout') {
      route = EventRoute.hangoutInvite;
      const friendsList = online
        .filter((a) => a.userid !== anchor.userid && a.priv.hangout === 1)
        .slice(0, HANGOUT_FRIENDS_MAX)
        .map((a) => ({ anchor_id: a.userid, nickname: a.nickname, photourl: a.photourl }));
      data = { ...base, roomid: '', room_type: 0, invite_id: inviteId, friendsList, is_auto: 1 };
    } else if (kind === 'public') {
      route = EventRoute.publicInvite;
      data = { ...base, invite_id: inviteId, log_id: inviteId, is_auto: 1 };
    } else {
      route = kind === 'auto_public' ? EventRoute.autoInvitePublic : EventRoute.autoInvitePrivate;
      data = { ...base, autoInvitationId: inviteId, is_auto: 1 };
    }
    await repos.invitations.create({
      inviteId,
      kind,
      anchorId: anchor.userid,
      userId: userid,
      createdAt: new Date(now),
      expiresAt: new Date(now + leftSeconds * 1000),
      logId: kind === 'public' ? inviteId : undefined,
      payload: { ...data },
    });
    const list = this.usedList(userid, now);
    if (list.anchors.length >= config.usedListMax) {
      list.anchors = [];
      list.startedAt = now;
    }
    // The list's hour starts with its first broadcaster, not with a look that found nobody.
    if (list.anchors.length === 0) list.startedAt = now;
    list.anchors.push(anchor.userid);
    await rt.notifier.deliver(userid, route, data);
    return 'sent';
  }
}
