/**
 * Invitations from broadcasters to members: the instant invite and its report back, the member's
 * recent list, public-invite reports, the auto-invite display checks and click logs, and the
 * broadcaster workspace's list of members online now.
 */
import { randomFillSync } from 'node:crypto';
import { Errno, Messages } from '../../../protocol/errors';
import {
  type AnchorReport,
  type BubbleType,
  type DisplayAnswer,
  EventRoute,
  INSTANT_INVITE_LIFETIME_S,
  type InstantInviteAnswer,
  type InstantInviteNotice,
  type InstantInviteWithdrawNotice,
  type InvitationKind,
  type InviteData,
  ONLINE_MEMBERS_MAX,
  type OnlineMembersData,
  RECENT_LIST_MAX,
  type RecentInvitesData,
} from '../../../protocol/realtime';
import { ApiError, notFound } from '../../core/errors';
import { InFlight } from '../../core/in-flight';
import type { LocalSockets, Notifier } from '../../realtime/deliver';
import type { Presence } from '../../realtime/presence';
import type { AnchorRecord, StorageRepositories } from '../../storage/contract';
import { AnchorCache, visibleAnchor } from '../discover';
import type { InvitationRecord, ShownInvitation } from './invitations-repository';

export interface RealtimeDeps {
  notifier: Notifier;
  presence: Presence;
  /** This process's sockets, once the gateway exists (instant invitations reach them first). */
  local?: LocalSockets;
}

/** Random bytes drawn ahead for ids: one call to the generator per 256 ids instead of one each. */
const ID_BYTES = 12;
const idPool = Buffer.alloc(ID_BYTES * 256);
let idAt = idPool.length;

/** Opaque ids: a letter for the kind of thing, then 16 URL-safe random characters. */
export function newId(prefix: string): string {
  if (idAt + ID_BYTES > idPool.length) {
    randomFillSync(idPool);
    idAt = 0;
  }
  const id = idPool.toString('base64url', idAt, idAt + ID_BYTES);
  idAt += ID_BYTES;
  return `${prefix}${id}`;
}

/** A bubble's queue weight from the broadcaster's popularity (higher shows first). */
export const weightOf = (a: AnchorRecord) => Math.round(a.hotScore / 100);

/** The notification bubble each invitation kind shows as (spec 001 §2). */
const BUBBLE_OF: Partial<Record<InvitationKind, BubbleType>> = {
  instant: 'askPrivate',
  public: 'viewPublic',
  scheduled: 'askRequest',
  hangout: 'hangoutInvite',
  auto_public: 'autoInvitePublic',
  auto_private: 'autoInvitePrivate',
};
const INVITE_KINDS = Object.keys(BUBBLE_OF) as InvitationKind[];

export const leftSeconds = (r: InvitationRecord, now = Date.now()) =>
  Math.max(0, Math.round((r.expiresAt.getTime() - now) / 1000));

/** The notice an invitation was sent as (the stored payload without our own bookkeeping). */
const noticeOf = (r: InvitationRecord): InviteData => {
  const { member_nickname: _kept, ...notice } = r.payload;
  return notice as unknown as InviteData;
};

export class InvitationService {
  /** Broadcasters' public data for notices only (ANCHOR_CACHE_TTL_MS old at most); rules read the db. */
  readonly anchors: AnchorCache;
  /** Instant invitations sent to a socket here before their insert settled: answers wait for it. */
  private readonly storing = new InFlight<Promise<unknown>>();

  constructor(
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
  ) {
    this.anchors = new AnchorCache(repos);
  }

  /** Online: the stored state (demo broadcasters hold no socket) or a socket of hers. */
  async anchorOnline(a: AnchorRecord): Promise<boolean> {
    return a.state !== 'offline' || (await this.rt.presence.isOnline(a.userid));
  }

  /**
   * POST /lady/v1/instantInviteUser: recorded even when the member is away; delivered if not.
   * Two statements beside the session: the caller's public face comes from the anchor cache, and
   * the insert checks the member itself.
   *
   * Order: the member's sockets on this process get the notice at once, before the insert commits
   * (a socket logged in as a member proves the member exists, the one thing the insert checks);
   * then the row is stored, and only then does the event go over the bus (skipping the sockets
   * that have it) to his sockets on other processes and to the push pipeline, which must not
   * alert anyone to an invitation that may not exist. If the insert fails after all, those
   * sockets get imLady/instantInviteWithdrawNotice and the bubble goes: no bubble outlives a
   * failed insert (the broadcaster gets the error as before). His answer (is_show) comes back on
   * the same socket, so to this process, which waits for the insert before marking it shown.
   * Left: a crash between the send and the commit leaves a bubble for an invitation that was
   * never stored (its display ends with its lifetime; reporting it finds nothing).
   */
  async instantInvite(anchorId: string, userId: string): Promise<InstantInviteAnswer> {
    const anchor = await this.anchors.find(anchorId);
    if (!anchor) throw notFound();
    const inviteId = newId('I');
    // He blocks her: answered as if sent, never stored nor delivered (the block is not revealed).
    if (await this.blocks?.(userId, anchor.userid)) return { invite_id: inviteId };
    const notice: InstantInviteNotice = {
      invite_id: inviteId,
      anchor_id: anchor.userid,
      nick_name: anchor.nickname,
      nickname: anchor.nickname,
      photourl: anchor.photourl,
      anchor_type: anchor.anchorType,
      left_seconds: INSTANT_INVITE_LIFETIME_S,
      is_auto: 0,
      robot: 0,
      is_featured: anchor.isFeatured ? 1 : 0,
      weights: weightOf(anchor),
      invMsg: `${anchor.nickname} would love to see you in a One-on-One. Come and say hi!`,
    };
    const early = this.rt.local?.sendNow(userId, 'man', EventRoute.instantInvite, notice) ?? [];
    const stored = this.repos.invitations.createForMember({
      inviteId,
      kind: 'instant',
      anchorId: anchor.userid,
      userId,
      expiresAt: new Date(Date.now() + INSTANT_INVITE_LIFETIME_S * 1000),
      payload: { ...notice },
    });
    if (early.length > 0)
      this.storing.set(
        inviteId,
        stored.catch(() => undefined),
      );
    let record: InvitationRecord | undefined;
    try {
      record = await stored;
    } catch (error) {
      this.withdraw(userId, inviteId, early);
      throw error;
    } finally {
      this.storing.delete(inviteId);
    }
    if (!record) {
      this.withdraw(userId, inviteId, early);
      throw notFound();
    }
    await this.rt.notifier.deliver(record.userId, EventRoute.instantInvite, notice, early);
    return { invite_id: inviteId };
  }

  /** The notice reached sockets here but the invitation was not stored: their bubble goes. */
  private withdraw(userId: string, inviteId: string, early: readonly string[]) {
    if (early.length === 0) return;
    const notice: InstantInviteWithdrawNotice = { invite_id: inviteId };
    this.rt.local?.sendNow(userId, 'man', EventRoute.instantInviteWithdrawn, notice);
  }

  /**
   * The member's tab showed (or would not show) an invitation: mark it shown and tell the
   * broadcaster. Reported once: a second tab or a repeat changes nothing.
   */
  async reportShown(memberId: string, inviteId: string, isShow: 0 | 1): Promise<void> {
    // Sent before its insert committed: the row first (see instantInvite), unless its INSERT has
    // not gone out yet, which then writes it shown (the repository's markShown rides on it).
    if (isShow === 0 || !this.repos.invitations.isQueued(inviteId)) await this.storing.get(inviteId);
    if (isShow === 1) {
      const shown = await this.repos.invitations.markShown(inviteId, memberId);
      if (shown?.kind === 'instant') await this.report(shown, 1);
      return;
    }
    const record = await this.repos.invitations.find(inviteId);
    if (record && record.userId === memberId && record.kind === 'instant' && record.status === 'sent') {
      const kept = record.payload.member_nickname;
      await this.report({ ...record, memberNickname: typeof kept === 'string' ? kept : undefined }, 0);
    }
  }

  private async report(
    record: Pick<ShownInvitation, 'inviteId' | 'userId' | 'anchorId' | 'memberNickname'>,
    isShow: 0 | 1,
  ) {
    // The insert kept his nickname; only rows written before that read the member again.
    const nickname = record.memberNickname ?? (await this.repos.members.find(record.userId))?.nickname ?? '';
    const report: AnchorReport = {
      invite_id: record.inviteId,
      user_id: record.userId,
      nickname,
      is_show: isShow,
    };
    await this.rt.notifier.deliver(record.anchorId, EventRoute.anchorReport, report);
  }

  /** Socket imLady/instantInviteAnchorReport {invite_id}: 10007 unless it is the member's own. */
  async anchorReport(memberId: string, inviteId: string): Promise<{ invite_id: string }> {
    await this.storing.get(inviteId);
    const record = await this.repos.invitations.find(inviteId);
    if (!record || record.userId !== memberId) throw notFound();
    await this.reportShown(memberId, inviteId, 1);
    return { invite_id: inviteId };
  }

  /** POST /man/v1/getRecentInvites: alive invitations to the member, newest first. */
  async recent(memberId: string): Promise<RecentInvitesData> {
    const records = await this.repos.invitations.aliveForMember(memberId, INVITE_KINDS, RECENT_LIST_MAX);
    const now = Date.now();
    return {
      list: records.map((r) => ({
        type: BUBBLE_OF[r.kind] ?? 'askPrivate',
        data: { ...noticeOf(r), left_seconds: leftSeconds(r, now) },
      })),
    };
  }

  /** POST /man/v1/reportAnchorPublicInviteNotice {log_id, type}: 0 seen, 1 clicked. */
  async reportPublicInvite(memberId: string, logId: string, type: number): Promise<{ log_id: string }> {
    const record = await this.repos.invitations.findByLogId(logId);
    if (!record || record.userId !== memberId) throw notFound();
    await this.repos.invitations.markShown(record.inviteId, memberId);
    if (type === 1) await this.click(record, memberId);
    return { log_id: logId };
  }

  /**
   * The display checks: 1 only when the invitation exists, is the caller's, from this broadcaster,
   * of the right kind, alive, and she is still live (public) or online (private, hang-out).
   */
  async display(
    memberId: string,
    check: 'public' | 'private' | 'hangout',
    anchorId: string,
    id: string,
  ): Promise<DisplayAnswer> {
    const anchor = await visibleAnchor(this.repos, anchorId);
    const kinds: InvitationKind[] =
      check === 'public' ? ['auto_public', 'public'] : check === 'private' ? ['auto_private'] : ['hangout'];
    const record = await this.repos.invitations.find(id);
    const alive =
      record !== undefined &&
      record.userId === memberId &&
      record.anchorId === anchor.userid &&
      kinds.includes(record.kind) &&
      (record.status === 'sent' || record.status === 'shown') &&
      record.expiresAt.getTime() > Date.now();
    if (!alive) return { display: 0 };
    const available =
      check === 'public'
        ? anchor.state === 'live' && anchor.publicRoomId !== ''
        : check === 'private'
          ? (await this.anchorOnline(anchor)) && anchor.priv.oneonone === 1
          : (await this.anchorOnline(anchor)) && anchor.priv.hangout === 1;
    if (!available) return { display: 0 };
    await this.repos.invitations.markShown(record.inviteId, memberId);
    return { display: 1 };
  }

  /** POST /man/v1/autoInvitationClickLog {id}. */
  async clickLog(memberId: string, id: string): Promise<{ id: string }> {
    const record = await this.repos.invitations.find(id);
    if (!record || record.userId !== memberId) throw notFound();
    await this.click(record, memberId);
    return { id };
  }

  /** POST /man/v1/autoInvitationHangoutClickLog {anchorid, is_auto}: logged even without an invitation. */
  async hangoutClickLog(memberId: string, anchorId: string, isAuto: 0 | 1): Promise<{ anchorid: string }> {
    const anchor = await visibleAnchor(this.repos, anchorId);
    const record = await this.repos.invitations.aliveBetween(memberId, anchor.userid, 'hangout');
    if (record) await this.repos.invitations.markClicked(record.inviteId);
    await this.repos.invitations.recordClick({
      userId: memberId,
      anchorId: anchor.userid,
      inviteId: record?.inviteId ?? null,
      kind: 'hangout',
      isAuto,
    });
    return { anchorid: anchor.userid };
  }

  private async click(record: InvitationRecord, memberId: string) {
    await this.repos.invitations.markClicked(record.inviteId);
    await this.repos.invitations.recordClick({
      userId: memberId,
      anchorId: record.anchorId,
      inviteId: record.inviteId,
      kind: record.kind,
      isAuto: record.kind.startsWith('auto_') ? 1 : 0,
    });
  }

  /** Whether the member blocks the broadcaster (server/features/safety, wired in services.ts). */
  blocks?: (memberId: string, anchorId: string) => Promise<boolean>;

  /** The members among these who hide their online status (server/features/profile, wired in services.ts). */
  hidesOnline?: (userids: string[]) => Promise<Set<string>>;

  /** POST /lady/v1/getOnlineMembers: members holding a socket now, on any process. */
  async onlineMembers(): Promise<OnlineMembersData> {
    // Broadcasters are online too; ask for more so the cap counts members.
    const online = await this.rt.presence.listOnline(ONLINE_MEMBERS_MAX * 4);
    const visible = new Map(online.map((o) => [o.userid, o.visible]));
    const hidden = (await this.hidesOnline?.([...visible.keys()])) ?? new Set<string>();
    const members = (await this.repos.members.findMany([...visible.keys()])).filter(
      (m) => !hidden.has(m.userid),
    );
    members.sort((a, b) => a.nickname.localeCompare(b.nickname) || a.userid.localeCompare(b.userid));
    return {
      list: members.slice(0, ONLINE_MEMBERS_MAX).map((m) => ({
        userid: m.userid,
        nickname: m.nickname,
        photourl: m.photourl,
        visible: visible.get(m.userid) ? 1 : 0,
      })),
    };
  }
}

/** A thrown "already closed" for requests and invitations that were answered or expired. */
export const requestClosed = () => new ApiError(Errno.REQUEST_CLOSED, Messages.requestClosed);
