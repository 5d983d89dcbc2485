/**
 * Moderation of her live rooms (protocol/live/room-moderation.ts): she mutes, removes and bans a
 * member and sets slow mode; the live rooms ask here before a member enters or says a line, and
 * live chat before he opens a chat with her. What must hold on every process (mutes, bans, slow
 * mode) is in the database; closing his seats is the live rooms' (an injected SeatHooks, so this
 * feature never imports theirs), which reach his seats on other processes over the bus.
 */
import {
  BAN_LIST_MAX,
  type BanScope,
  type HerModeration,
  type HisModeration,
  MODERATION_EVENT,
  type ModerationAnswer,
  ModerationErrno,
  type ModerationNotice,
  ModerationText,
  SESSION_MODERATION_HOURS,
} from '../../../protocol/live/room-moderation';
import { ApiError, notFound } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Db, StorageRepositories } from '../../storage/contract';
import { ChatPace } from './chat-pace';
import { type RoomModerationRepository, roomModerationRepository } from './room-moderation-repository';

/** What the live rooms do for moderation: close his seats in her rooms, and say who is in them. */
export interface SeatHooks {
  /** His seats in her rooms close with `status`, here at once and on every other process. */
  close(anchorId: string, memberId: string, status: 'removed' | 'banned'): Promise<void>;
  /** The members in her rooms, on every process. */
  audience(anchorId: string): Promise<string[]>;
}

export interface RoomModerationDeps {
  db: Db;
  repos: Pick<StorageRepositories, 'members' | 'anchors'>;
  notifier: Notifier;
  /** The live rooms' clock (tests move it). */
  now?: () => number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const SESSION_MS = SESSION_MODERATION_HOURS * 3_600_000;

export const bannedError = (scope: BanScope) =>
  scope === 'forever'
    ? new ApiError(ModerationErrno.BANNED, ModerationText.banned)
    : new ApiError(ModerationErrno.BANNED_SESSION, ModerationText.bannedSession);

export class RoomModeration {
  private readonly rows: RoomModerationRepository;
  private readonly pace = new ChatPace();
  /** Set by the live rooms when they start (LiveService). */
  seats?: SeatHooks;
  /** What else ends when she bans him (her live chat with him): features register here. */
  private readonly onBan: Array<(anchorId: string, memberId: string) => Promise<void>> = [];

  constructor(private readonly deps: RoomModerationDeps) {
    this.rows = roomModerationRepository(deps.db);
  }

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /** The member she names: a member, not a broadcaster (herself included), and one that exists. */
  private async memberOf(userid: string): Promise<string> {
    const member = await this.deps.repos.members.find(userid);
    if (member) return member.userid;
    if (await this.deps.repos.anchors.find(userid))
      throw new ApiError(ModerationErrno.NOT_A_MEMBER, ModerationText.notAMember);
    throw notFound();
  }

  private async answer(anchorId: string, memberId: string): Promise<ModerationAnswer> {
    const standing = await this.rows.standing(anchorId, memberId, new Date(this.now()));
    return { user_id: memberId, muted: standing.muted ? 1 : 0, ban: standing.ban };
  }

  private tell(userid: string, notice: ModerationNotice) {
    return this.deps.notifier.deliver(userid, MODERATION_EVENT, notice).catch(() => {});
  }

  async mute(anchorId: string, userid: string, mute: boolean): Promise<ModerationAnswer> {
    const memberId = await this.memberOf(userid);
    if (mute) await this.rows.set(anchorId, memberId, 'mute', new Date(this.now() + SESSION_MS));
    else await this.rows.lift(anchorId, memberId, ['mute']);
    await this.tell(memberId, { anchor_id: anchorId, muted: mute ? 1 : 0 });
    return this.answer(anchorId, memberId);
  }

  /** He is out of her rooms now, and may come back. */
  async remove(anchorId: string, userid: string): Promise<ModerationAnswer> {
    const memberId = await this.memberOf(userid);
    await this.seats?.close(anchorId, memberId, 'removed');
    return this.answer(anchorId, memberId);
  }

  async ban(anchorId: string, userid: string, scope: BanScope): Promise<ModerationAnswer> {
    const memberId = await this.memberOf(userid);
    // One ban at a time: a ban for good replaces a session ban and the other way round.
    await this.rows.lift(anchorId, memberId, [scope === 'forever' ? 'session' : 'forever']);
    await this.rows.set(
      anchorId,
      memberId,
      scope,
      scope === 'forever' ? null : new Date(this.now() + SESSION_MS),
    );
    await this.seats?.close(anchorId, memberId, 'banned');
    for (const ended of this.onBan) await ended(anchorId, memberId);
    return this.answer(anchorId, memberId);
  }

  /** `ended` runs after each ban, once his seats in her rooms are closed. */
  whenBanned(ended: (anchorId: string, memberId: string) => Promise<void>): void {
    this.onBan.push(ended);
  }

  async unban(anchorId: string, userid: string): Promise<ModerationAnswer> {
    const memberId = await this.memberOf(userid);
    await this.rows.lift(anchorId, memberId, ['session', 'forever']);
    return this.answer(anchorId, memberId);
  }

  async setSlowMode(anchorId: string, slowSeconds: number): Promise<{ slow_seconds: number }> {
    await this.rows.setSlowMode(anchorId, slowSeconds);
    const audience = (await this.seats?.audience(anchorId)) ?? [];
    await Promise.all(
      [...audience].map((userid) => this.tell(userid, { anchor_id: anchorId, slow_seconds: slowSeconds })),
    );
    return { slow_seconds: slowSeconds };
  }

  async mine(anchorId: string): Promise<HerModeration> {
    const now = new Date(this.now());
    const [slow, muted, bans] = await Promise.all([
      this.rows.slowMode(anchorId),
      this.rows.muted(anchorId, now),
      this.rows.bans(anchorId, now, BAN_LIST_MAX),
    ]);
    return {
      slow_seconds: slow,
      muted,
      bans: bans.map((b) => ({
        user_id: b.memberId,
        nickname: b.nickname,
        photourl: b.photourl,
        scope: b.scope,
        time: seconds(b.createdAt),
      })),
    };
  }

  async his(memberId: string, anchorId: string): Promise<HisModeration> {
    if (!(await this.deps.repos.anchors.find(anchorId))) throw notFound();
    const standing = await this.rows.standing(anchorId, memberId, new Date(this.now()));
    return { anchor_id: anchorId, muted: standing.muted ? 1 : 0, slow_seconds: standing.slowSeconds };
  }

  /** Before he enters one of her rooms or opens a live chat with her: refused while she bans him. */
  async mayEnter(anchorId: string, memberId: string): Promise<void> {
    const { ban } = await this.rows.standing(anchorId, memberId, new Date(this.now()));
    if (ban) throw bannedError(ban);
  }

  /** Before his line goes to her room: refused while muted, too fast, or before slow mode allows. */
  async mayChat(anchorId: string, memberId: string): Promise<void> {
    const now = this.now();
    const standing = await this.rows.standing(anchorId, memberId, new Date(now));
    if (standing.ban) throw bannedError(standing.ban);
    if (standing.muted) throw new ApiError(ModerationErrno.MUTED, ModerationText.muted);
    const verdict = this.pace.take(anchorId, memberId, standing.slowSeconds, now);
    if (verdict.ok) return;
    if (verdict.reason === 'flood') throw new ApiError(ModerationErrno.FLOOD, ModerationText.flood);
    throw new ApiError(ModerationErrno.SLOW_MODE, ModerationText.slowMode(standing.slowSeconds));
  }

  /** She ended her broadcast with End: its mutes and session bans end with it. */
  async broadcastEnded(anchorId: string): Promise<void> {
    await this.rows.endBroadcast(anchorId);
  }
}
