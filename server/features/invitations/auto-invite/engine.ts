/**
 * The automatic room invitations (spec 002 §9 "Live-chat engine"): while a member logged in on this
 * process is idle, online broadcasters invite him, paced by InvitePacer (pacer.ts). A broadcaster is not used twice within sameAnchorMs (any invitation of
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
} from '../../../../protocol/realtime';
import type { AnchorRecord, MemberRecord, StorageRepositories } from '../../../storage/contract';
import { newId, type RealtimeDeps, weightOf } from '../invitations';
import type { EngineClock } from './clock';
import type { AutoInviteConfig } from './config';
import type { InviteGate } from './gate';
import { addUsed, type Caller, InvitePacer, type SendOutcome, type UsedList, usedListAt } from './pacer';

/** How many online broadcasters one pick looks at. */
const CANDIDATE_POOL = 500;

export interface AutoInviteEngineDeps {
  repos: StorageRepositories;
  rt: RealtimeDeps;
  config: AutoInviteConfig;
  /** A float in [0, 1); injected so tests are deterministic. */
  random: () => number;
  /** Defaults to the system clock. */
  clock?: EngineClock;
  /** The member's cap and do-not-disturb, shared with the live-chat engine. */
  gate?: InviteGate;
  /** The broadcasters a member blocks (server/features/safety): they never invite him. */
  hiddenFrom?: (userid: string) => Promise<Set<string>>;
  log?: (message: string, error?: unknown) => void;
}

type Pick = { anchor: AnchorRecord; kind: 'auto_public' | 'public' | 'auto_private' | 'hangout' };

export class AutoInviteEngine {
  private readonly pacer: InvitePacer;
  private readonly used = new Map<string, UsedList>();

  constructor(private readonly deps: AutoInviteEngineDeps) {
    this.pacer = new InvitePacer({
      config: deps.config,
      random: deps.random,
      clock: deps.clock,
      gate: deps.gate,
      send: (userid) => this.sendOne(userid),
      failed: (error) => deps.log?.('auto-invite failed', error),
    });
  }

  connected(caller: Caller): void {
    this.pacer.connected(caller);
  }

  activity(caller: Caller): void {
    this.pacer.activity(caller);
  }

  disconnected(caller: Caller): void {
    this.pacer.disconnected(caller);
  }

  watching(): string[] {
    return this.pacer.watching();
  }

  close(): void {
    this.pacer.close();
  }

  private usedList(userid: string, now: number): UsedList {
    const list = usedListAt(this.used.get(userid), now, this.deps.config.usedListResetMs);
    this.used.set(userid, list);
    return list;
  }

  /** The broadcasters he may be invited by now, and how. */
  private async candidates(
    member: MemberRecord,
    now: number,
  ): Promise<{ picks: Pick[]; hangouts: Pick[]; online: AnchorRecord[]; blocked: Set<string> }> {
    const { repos, config } = this.deps;
    const [anchors, recent, blocked] = await Promise.all([
      repos.anchors.online(0, CANDIDATE_POOL),
      repos.invitations.anchorsInvitedSince(member.userid, new Date(now - config.sameAnchorMs)),
      this.deps.hiddenFrom?.(member.userid) ?? new Set<string>(),
    ]);
    const used = new Set(this.usedList(member.userid, now).anchors);
    const open = anchors.filter(
      (a) => !used.has(a.userid) && !recent.has(a.userid) && !blocked.has(a.userid),
    );
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
    return { picks, hangouts, online: anchors, blocked };
  }

  /** Hang-out picks come first about HANGOUT_MIX of the time, or when nothing else fits. */
  private choose(picks: Pick[], hangouts: Pick[]): Pick | undefined {
    const random = this.deps.random;
    const pool = hangouts.length > 0 && (picks.length === 0 || random() < HANGOUT_MIX) ? hangouts : picks;
    return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
  }

  /** Sends one invitation; 'none' when nobody fits now, 'stop' when he may get none at all. */
  private async sendOne(userid: string): Promise<SendOutcome> {
    const { repos, rt, config } = this.deps;
    const member = await repos.members.find(userid);
    if (member?.priv.invitation_bubble !== 1) return 'stop';
    if (member.priv.public !== 1 && member.priv.oneonone !== 1 && member.priv.hangout !== 1) return 'stop';
    const now = this.pacer.clock.now();
    const { picks, hangouts, online, blocked } = await this.candidates(member, now);
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
        .filter((a) => a.userid !== anchor.userid && a.priv.hangout === 1 && !blocked.has(a.userid))
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
    // The list's hour starts with its first broadcaster, not with a look that found nobody.
    this.used.set(userid, addUsed(this.usedList(userid, now), anchor.userid, now, config.usedListMax));
    await rt.notifier.deliver(userid, route, data);
    return 'sent';
  }
}
