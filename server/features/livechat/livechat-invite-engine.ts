/**
 * The live-chat engine's automatic invitations (spec 002 §9 "Live-chat engine"): while a member
 * logged in on this process is idle, online broadcasters invite him to chat, paced by the same
 * InvitePacer (auto-invite/pacer.ts) as the room invitations, on the same timings.
 *
 * Who invites: broadcasters shown online who take live chats (anchors.livechat_accept), not blocked
 * by him (here or outright), who did not invite him within sameAnchorMs, and not on his used list (reset when it would
 * grow past usedListMax or after usedListResetMs). Those at their workspace (a socket) go first, as
 * themselves (robot 0); then the others, as robots (robot 1: accepting answers -2 unless she came
 * back). Nothing is sent while his livechat_accept is off or he lacks invitation_bubble.
 */

import { INVITE_TYPE_CHAT } from '../../../protocol/livechat/livechat';
import { takesInvites } from '../../../protocol/livechat/livechat-invites';
import type { AnchorRecord, StorageRepositories } from '../../storage/contract';
import type { AutoInviteConfig, EngineClock, InviteGate, RealtimeDeps } from '../invitations';
import {
  addUsed,
  type Caller,
  InvitePacer,
  type SendOutcome,
  type UsedList,
  usedListAt,
} from '../invitations';
import type { LiveChatInvites } from './livechat-invites';

/** How many online broadcasters one pick looks at, and how many sockets it asks presence for. */
const CANDIDATE_POOL = 500;
const PRESENCE_POOL = 2_000;

export interface LiveChatInviteEngineDeps {
  repos: StorageRepositories;
  rt: RealtimeDeps;
  invites: LiveChatInvites;
  config: AutoInviteConfig;
  random: () => number;
  clock?: EngineClock;
  /** The member's cap and do-not-disturb, shared with the room invitations' engine. */
  gate?: InviteGate;
  log?: (message: string, error?: unknown) => void;
}

export class LiveChatInviteEngine {
  private readonly pacer: InvitePacer;
  private readonly used = new Map<string, UsedList>();

  constructor(private readonly deps: LiveChatInviteEngineDeps) {
    this.pacer = new InvitePacer({
      config: deps.config,
      random: deps.random,
      clock: deps.clock,
      gate: deps.gate,
      send: (userid) => this.sendOne(userid),
      failed: (error) => deps.log?.('livechat invite failed', error),
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

  /** His used list now (tests). */
  usedOf(userid: string): readonly string[] {
    return this.used.get(userid)?.anchors ?? [];
  }

  close(): void {
    this.pacer.close();
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
      invites.ignoredFrom(userid),
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
  private async sendOne(userid: string): Promise<SendOutcome> {
    const member = await this.deps.repos.members.find(userid);
    if (member?.priv.invitation_bubble !== 1 || !takesInvites(member)) return 'stop';
    const now = this.pacer.clock.now();
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
