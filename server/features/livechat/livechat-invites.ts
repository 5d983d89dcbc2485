/**
 * The live-chat engine's invitations (protocol/livechat/livechat-invites.ts): one place that sends a
 * broadcaster's chat or cam invitation to a member, for her hand invite from the workspace and for
 * the automatic engine (livechat-invite-engine.ts). It keeps the spec's rules (002 §6): nothing
 * reaches a member whose livechat_accept is off, an invitation from a broadcaster he blocks is
 * ignored, and (ours, 002 §9's 10 minutes) she does not invite him again within 10 minutes.
 */
import { randomUUID } from 'node:crypto';
import {
  INVITE_TYPE_CHAT,
  LiveChatErrno,
  type LiveChatInvite,
  LiveChatText,
} from '../../../protocol/livechat/livechat';
import {
  inviteLifetimeS,
  LIVECHAT_INVITE,
  LiveChatInviteErrno,
  LiveChatInviteEvent,
  type LiveChatInviteNotice,
  LiveChatInviteText,
  takesInvites,
} from '../../../protocol/livechat/livechat-invites';
import { ApiError, notFound } from '../../core/errors';
import type { AnchorRecord, Db, StorageRepositories } from '../../storage/contract';
import { toInt } from '../../storage/rows';
import { type RealtimeDeps, weightOf } from '../invitations';
import { livechatInvitesRepository } from './livechat-invites-repository';

export interface SendOptions {
  inviteType: number;
  automatic: boolean;
  robot: boolean;
  /** The time it is sent (the engine's clock). */
  now: number;
}

export type SendOutcome = { status: 'sent' | 'ignored'; inviteId: string };

/** Her opening line: her introduction's first sentence (as showInvite answered before the engine). */
export function openingLine(anchor: Pick<AnchorRecord, 'introduction' | 'nickname'>): string {
  const first = anchor.introduction.split(/(?<=[.!?])\s/)[0]?.trim() ?? '';
  return first || `Hi, I am ${anchor.nickname}.`;
}

export class LiveChatInvites {
  readonly rows: ReturnType<typeof livechatInvitesRepository>;

  constructor(
    private readonly db: Db,
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
  ) {
    this.rows = livechatInvitesRepository(db);
  }

  /** The broadcasters he blocks outright (server/features/safety, wired in services.ts). */
  hiddenFrom?: (userid: string) => Promise<Set<string>>;

  /** Whose invitations he never gets: those he blocked here, and those he blocks outright. */
  async ignoredFrom(userId: string): Promise<Set<string>> {
    const [invites, full] = await Promise.all([
      this.rows.blocked(userId),
      this.hiddenFrom?.(userId) ?? new Set<string>(),
    ]);
    return full.size ? new Set([...invites, ...full]) : invites;
  }

  private async freeTickets(userId: string, anchorId: string): Promise<number> {
    const [row] = await this.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM livechat_tickets WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()
         AND (anchor_id IS NULL OR anchor_id = $2)`,
      [userId, anchorId],
    );
    return toInt(row?.n ?? 0);
  }

  /** Whether she has left him a private message he has not read yet. */
  private async leftMessage(userId: string, anchorId: string): Promise<boolean> {
    const [row] = await this.db.query<{ n: unknown }>(
      'SELECT member_unread AS n FROM pm_conversations WHERE member_id = $1 AND anchor_id = $2',
      [userId, anchorId],
    );
    return toInt(row?.n ?? 0) > 0;
  }

  /**
   * Sends one invitation (the caller checked his flags and her 10 minutes). One from a broadcaster
   * he blocks is kept as ignored and never delivered.
   */
  async send(anchor: AnchorRecord, userId: string, options: SendOptions): Promise<SendOutcome> {
    const { now } = options;
    const inviteId = `LCI${randomUUID()}`;
    const [blocked, contacts, tickets, left] = await Promise.all([
      this.ignoredFrom(userId),
      this.rows.contacts(userId, [anchor.userid]),
      this.freeTickets(userId, anchor.userid),
      options.robot ? this.leftMessage(userId, anchor.userid) : Promise.resolve(false),
    ]);
    const contact = contacts.has(anchor.userid);
    const leftSeconds = inviteLifetimeS(contact, options.robot);
    const msg = openingLine(anchor);
    const ignored = blocked.has(anchor.userid);
    await this.rows.create({
      inviteId,
      anchorId: anchor.userid,
      userId,
      inviteType: options.inviteType,
      automatic: options.automatic,
      robot: options.robot,
      contact,
      msg,
      createdAt: new Date(now),
      expiresAt: new Date(now + leftSeconds * 1000),
      status: ignored ? 'ignored' : 'sent',
    });
    if (ignored) return { status: 'ignored', inviteId };
    const free: 0 | 1 = tickets > 0 ? 1 : 0;
    const notice: LiveChatInviteNotice = {
      anchor_id: anchor.userid,
      nick_name: anchor.nickname,
      photourl: anchor.photourl,
      invite_id: inviteId,
      left_seconds: leftSeconds,
      weights: weightOf(anchor),
      is_auto: options.automatic ? 1 : 0,
      contact: contact ? 1 : 0,
      inviteId,
      charge: free ? 0 : 1,
      response: 0,
      msg,
      msgType: 0,
      inviteType: options.inviteType,
      automaticInvite: options.automatic ? 1 : 0,
      robot: options.robot ? 1 : 0,
      free,
      left_msg: left ? 1 : 0,
    };
    await this.rt.notifier.deliver(userId, LiveChatInviteEvent.invite, notice);
    return { status: 'sent', inviteId };
  }

  /** Her workspace's invite: an online member who takes invitations, not again within 10 minutes. */
  async inviteByHand(
    anchorId: string,
    userId: string,
    inviteType = INVITE_TYPE_CHAT,
  ): Promise<{ inviteId: string }> {
    const [anchor, member] = await Promise.all([
      this.repos.anchors.find(anchorId),
      this.repos.members.find(userId),
    ]);
    if (!anchor || !member) throw notFound();
    // An invitation he could not take up (Chat Now answers -2 while she is shown offline).
    if (anchor.state === 'offline')
      throw new ApiError(LiveChatInviteErrno.ANCHOR_SHOWN_OFFLINE, LiveChatInviteText.anchorShownOffline);
    if (!(await this.rows.accepting([anchorId])).has(anchorId))
      throw new ApiError(LiveChatErrno.ANCHOR_REFUSES, LiveChatText.anchorRefuses);
    if (!takesInvites(member))
      throw new ApiError(LiveChatInviteErrno.MEMBER_REFUSES, LiveChatInviteText.memberRefuses);
    if (!(await this.rt.presence.isOnline(userId)))
      throw new ApiError(LiveChatInviteErrno.MEMBER_OFFLINE, LiveChatInviteText.memberOffline);
    const now = Date.now();
    const recent = await this.rows.anchorsSince(userId, new Date(now - LIVECHAT_INVITE.sameAnchorMs));
    if (recent.has(anchorId)) throw new ApiError(LiveChatInviteErrno.TOO_SOON, LiveChatInviteText.tooSoon);
    // She is at her workspace (she is calling): never a robot.
    const sent = await this.send(anchor, userId, { inviteType, automatic: false, robot: false, now });
    return { inviteId: sent.inviteId };
  }

  /**
   * showInvite {anchor_id}, the display check: her newest live invitation to him (marked shown), so
   * a bubble whose inviteId it does not answer is not shown. Without one, her opening line as a
   * plain chat invite (when he opens her chat from his contacts).
   */
  async showInvite(
    userId: string,
    anchorId: string,
    fallback: () => Promise<LiveChatInvite>,
  ): Promise<LiveChatInvite> {
    const row = await this.rows.liveOf(userId, anchorId, new Date());
    if (!row) return fallback();
    await this.rows.markShown(row.inviteId);
    const free: 0 | 1 = (await this.freeTickets(userId, anchorId)) > 0 ? 1 : 0;
    return {
      inviteId: row.inviteId,
      charge: free ? 0 : 1,
      response: 0,
      msg: row.msg,
      msgType: 0,
      inviteType: row.inviteType,
      automaticInvite: row.automatic ? 1 : 0,
      robot: row.robot ? 1 : 0,
      free,
    };
  }

  async setBlock(
    userId: string,
    anchorId: string,
    block: boolean,
  ): Promise<{ anchor_id: string; block: 0 | 1 }> {
    if (!(await this.repos.anchors.find(anchorId))) throw notFound();
    await this.rows.setBlock(userId, anchorId, block);
    return { anchor_id: anchorId, block: block ? 1 : 0 };
  }

  async blockList(
    userId: string,
  ): Promise<{ list: { anchor_id: string; nick_name: string; photourl: string }[] }> {
    const ids = [...(await this.rows.blocked(userId))];
    const anchors = await Promise.all(ids.map((id) => this.repos.anchors.find(id)));
    return {
      list: anchors
        .filter((a): a is AnchorRecord => a !== undefined)
        .map((a) => ({ anchor_id: a.userid, nick_name: a.nickname, photourl: a.photourl })),
    };
  }
}
