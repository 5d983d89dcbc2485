import { Errno, Messages } from '../../../protocol/errors';
import {
  BILLING_MINUTE_MS,
  type GoLiveAnswer,
  type IceServerInfo,
  type ManEndStatus,
  type RoomAnswered,
  type RoomChatLine,
  type ViewersAnswer,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { type Quality, type QualityAnswer, QualityErrno, QualityText } from '../../../protocol/live/quality';
import type { Bus } from '../../bus/index';
import { ApiError } from '../../core/errors';
import { TickLoop } from '../../core/tick-loop';
import { isKickoff, KICKOFF_CHANNEL, type Notifier } from '../../realtime/deliver';
import type { Presence } from '../../realtime/presence';
import type { IceConfig } from '../../sfu/ice';
import { iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { Vp8Clip } from '../../sfu/vp8-clip';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { EarnIntimacy } from '../intimacy';
import type { RoomModeration } from '../room-moderation';
import { LiveBilling } from './live-billing';
import { Broadcasts, publicRoomOf } from './live-broadcasts';
import { sayInRoom } from './live-chat';
import { LiveCluster } from './live-cluster';
import { RoomEntry } from './live-entry';
import { VisitEarnings } from './live-intimacy';
import { closeMemberSeats, isMemberOut, isRoomEnded, type RoomEnded, seatHooks } from './live-moderation';
import { OneOnOneRooms } from './live-one-on-one';
import { connectionGone, LiveSeats } from './live-seats';
import type { PrivateAsk } from './one-on-one';

/** A member's room ended on another process: `{ sessionId, status }`. */
export const LIVE_END_CHANNEL = 'live:end';

export interface LiveDeps {
  repos: StorageRepositories;
  db: Db;
  sfu: Sfu;
  notifier: Notifier;
  presence: Presence;
  ice: IceConfig;
  /** The clip the demo broadcasters stream; undefined turns demo streams off (production). */
  demoClip?: () => Vp8Clip;
  /** A room's minutes took one of his vouchers: his header counts change. */
  vouchersChanged: (userid: string) => Promise<void>;
  /** Her face-ID pass is valid now (going live needs it). */
  faceVerified: (anchorId: string) => Promise<boolean>;
  /** How often open sessions are billed; and the clock (tests move it). */
  tickMs: number;
  /** How long a seat whose connection went waits for a reload (live-seats.ts; tests shorten it). */
  resumeGraceMs?: number;
  now?: () => number;
  /** TEST_CLOCK (tests only): a member's visits may be moved on a minute (LiveApi.devNextMinute). */
  testClock?: boolean;
  /** Minutes in her rooms earn Intimacy (server/features/intimacy); reported by the tick. */
  earnIntimacy?: EarnIntimacy;
  /** A member entered one of her rooms (a new visit): his ride announces him (server/features/rides). */
  entered?: LiveSeats['onEntered'];
  /** Her mutes, bans and slow mode (server/features/room-moderation): asked on entry and per chat line. */
  moderation?: RoomModeration;
  /**
   * The process's cluster (server/services.ts), shared with the hang-outs: with several processes on
   * Janus and the bus, seats are listed in storage and steps forwarded. None: one process.
   */
  cluster?: LiveCluster;
}

export class LiveService {
  private readonly seats: LiveSeats;
  /** She joins a member's One-on-One, his camera for her, and either side ending it. */
  readonly oneOnOne: OneOnOneRooms;
  /** Her broadcasts fed through this process. */
  private readonly broadcasts: Broadcasts;
  private readonly billing: LiveBilling;
  private readonly loop: TickLoop;
  private bus?: Bus;
  /** Room minutes earning Intimacy (live-intimacy.ts). */
  private readonly visitEarnings?: VisitEarnings;
  private readonly cluster: LiveCluster;
  /** His entry and his answer (live-entry.ts). */
  private readonly entry: RoomEntry;
  /** His seat's steps, run on the process holding it (live-cluster.ts). */
  private readonly at: ReturnType<LiveService['seatSteps']>;

  constructor(private readonly deps: LiveDeps) {
    this.cluster = deps.cluster ?? new LiveCluster(deps.db, false);
    this.billing = new LiveBilling(deps.db, deps.now);
    if (deps.earnIntimacy) this.visitEarnings = new VisitEarnings(this.billing, deps.earnIntimacy);
    this.seats = new LiveSeats(
      deps.sfu,
      deps.notifier,
      this.billing,
      deps.vouchersChanged,
      deps.resumeGraceMs,
    );
    this.seats.onEntered = deps.entered;
    this.seats.directory = this.cluster;
    this.cluster.onOwnerGone = (gone) => this.seats.orphaned(gone, (id) => deps.repos.members.find(id));
    this.broadcasts = new Broadcasts(deps, this.seats, this.billing, this.cluster, (roomId, status) => {
      const ended: RoomEnded = { roomId, status, from: this.cluster.processId };
      void this.bus?.publish(LIVE_END_CHANNEL, ended).catch(() => {});
    });
    this.entry = new RoomEntry({
      deps,
      seats: this.seats,
      billing: this.billing,
      cluster: this.cluster,
      endElsewhere: async (out) => {
        await this.bus?.publish(LIVE_END_CHANNEL, out);
      },
    });
    this.at = this.seatSteps();
    this.oneOnOne = new OneOnOneRooms({
      sfu: deps.sfu,
      seats: this.seats,
      cluster: this.cluster,
      ice: deps.ice,
      faceVerified: deps.faceVerified,
      resumeGraceMs: deps.resumeGraceMs,
      leavePublicRoom: (anchorId) => this.broadcasts.leavePublicRoom(anchorId),
    });
    this.loop = new TickLoop(() => this.tick(), deps.tickMs);
    if (deps.moderation)
      deps.moderation.seats = seatHooks(
        deps.db,
        this.seats,
        (out) => this.bus?.publish(LIVE_END_CHANNEL, out) ?? Promise.resolve(),
      );
  }

  /**
   * Starts billing and listens for rooms ended elsewhere; the returned function stops both. The
   * cluster is started by its owner (server/app.ts), once for the live rooms and the hang-outs.
   */
  async start(bus: Bus): Promise<() => Promise<void>> {
    this.bus = bus;
    const offEnd = await bus.subscribe(LIVE_END_CHANNEL, (message) => {
      if (isMemberOut(message)) return closeMemberSeats(this.seats, message);
      if (isRoomEnded(message)) {
        if (message.from !== this.cluster.processId)
          this.broadcasts.endedElsewhere(message.roomId, message.status);
        return;
      }
      const { sessionId, status } = message as { sessionId: string; status: ManEndStatus };
      for (const seat of this.seats.where((s) => s.sessionId === sessionId)) this.seats.close(seat, status);
    });
    // A login elsewhere kicks the old window off: its media stops at once; the new login may
    // resume the visit within the grace, else it ends with loginKicked. Her broadcast from it ends.
    const offKick = await bus.subscribe(KICKOFF_CHANNEL, (message) => {
      if (!isKickoff(message)) return;
      for (const seat of this.seats.where((s) => s.userid === message.userid))
        this.seats.lost(seat.viewerId, 'loginKicked');
      if (this.broadcasts.roomsOf(message.userid).length > 0)
        void this.end(message.userid, 'common').catch(() => {});
    });
    this.loop.start();
    return async () => {
      await this.loop.stop();
      await offEnd();
      await offKick();
    };
  }

  /** The steps of a seat, wherever the request reaches: its owner runs them. */
  private seatSteps() {
    const { cluster, seats } = this;
    const owner = (_userid: string, viewerId: string) =>
      cluster.ofViewer(Boolean(seats.get(viewerId)), viewerId);
    const his = (userid: string, anchorId: string) =>
      cluster.ofHis(
        seats.where((s) => s.userid === userid && s.anchorId === anchorId).length > 0,
        userid,
        anchorId,
      );
    return {
      watch: cluster.step(
        'watch',
        his,
        (u: string, a: string, type: 'public' | 'private', ask: PrivateAsk) =>
          this.entry.watch(u, a, type, ask),
        true,
      ),
      answer: cluster.step('answer', owner, (u: string, v: string, sdp: string) =>
        this.entry.answer(u, v, sdp),
      ),
      quality: cluster.step('quality', owner, (u: string, v: string, q: Quality) =>
        this.qualityHere(u, v, q),
      ),
      leave: cluster.step('leave', owner, (u: string, v: string, away: boolean) =>
        this.leaveHere(u, v, away),
      ),
      chat: cluster.step('chat', owner, (u: string, v: string, text: string) => this.chatHere(u, v, text)),
      ladyChat: cluster.step(
        'ladyChat',
        (anchorId: string, roomId: string) =>
          cluster.ofRoom(this.broadcasts.feeds(roomId) || seats.inRoom(roomId).length > 0, anchorId, roomId),
        (anchorId: string, roomId: string, text: string) => this.ladyChatHere(anchorId, roomId, text),
      ),
    };
  }

  /** A member opens a room: the server's offer of her media (his reload: where his seat is). */
  watch(userid: string, anchorId: string, type: 'public' | 'private', ask: PrivateAsk): Promise<WatchAnswer> {
    return this.at.watch(userid, anchorId, type, ask);
  }

  /** His answer: the media flows, and billing starts once she is there too. */
  answer(userid: string, viewerId: string, sdp: string): Promise<RoomAnswered> {
    return this.at.answer(userid, viewerId, sdp);
  }

  /** His room's picture layer (Auto, HD, SD), for his own connection only. */
  setQuality(userid: string, viewerId: string, quality: Quality): Promise<QualityAnswer> {
    return this.at.quality(userid, viewerId, quality);
  }

  private async qualityHere(userid: string, viewerId: string, quality: Quality): Promise<QualityAnswer> {
    const seat = this.seats.get(viewerId);
    if (!seat || seat.userid !== userid || !(await this.deps.sfu.setQuality(viewerId, quality)))
      throw new ApiError(QualityErrno.NO_SUCH_VIEWER, QualityText.noViewer);
    return { quality };
  }

  /** He leaves; `away`: his page is going (a reload resumes the visit within the grace). */
  leave(userid: string, viewerId: string, away = false): Promise<Record<string, never>> {
    return this.at.leave(userid, viewerId, away);
  }

  private async leaveHere(userid: string, viewerId: string, away: boolean): Promise<Record<string, never>> {
    const seat = this.seats.get(viewerId);
    if (!seat || seat.userid !== userid) return {};
    if (away) {
      await this.seats.lost(viewerId);
      return {};
    }
    this.seats.close(seat, 'end', false, false);
    // Awaited: once he is told he has left, no later minute is charged.
    await this.billing.close(seat.sessionId, 'end');
    return {};
  }

  /** She goes live (live-broadcasts.ts). */
  goLive(anchorId: string, offer: string, roomType?: number, liveShowId?: string): Promise<GoLiveAnswer> {
    return this.broadcasts.goLive(anchorId, offer, roomType, liveShowId);
  }

  /** Her broadcast ends: every viewer's connection closes at once. */
  end(anchorId: string, status: ManEndStatus = 'end'): Promise<Record<string, never>> {
    return this.broadcasts.end(anchorId, status);
  }

  /** The visit clock (tests only): his open visits' next minute falls due now, and the tick runs. */
  async nextMinute(userid: string, ms = BILLING_MINUTE_MS): Promise<{ visits: number }> {
    if (!this.deps.testClock) throw new ApiError(Errno.UNKNOWN_PATH, Messages.invalidParams);
    const visits = await this.billing.shiftMinute(userid, ms);
    await this.tick();
    return { visits };
  }

  /** One billing pass (the loop runs it; tests call it with a moved clock). */
  async tick(): Promise<void> {
    const { charged, lacking } = await this.billing.tick();
    for (const paid of charged) await this.seats.tellCharged(paid);
    for (const { sessionId } of lacking) {
      const here = this.seats.where((s) => s.sessionId === sessionId);
      for (const seat of here) this.seats.close(seat, 'lackCredit', true, false);
      if (here.length === 0) await this.bus?.publish(LIVE_END_CHANNEL, { sessionId, status: 'lackCredit' });
    }
    await this.visitEarnings?.tick();
  }

  /** Every room here ends (the process is stopping). */
  async close(): Promise<void> {
    await this.loop.stop();
    for (const seat of this.seats.where(() => true)) this.seats.close(seat, 'common');
    await this.cluster.settled();
    await this.deps.sfu.stop();
  }

  /** A member's line in the room's chat. */
  memberChat(userid: string, viewerId: string, text: string): Promise<RoomChatLine> {
    return this.at.chat(userid, viewerId, text);
  }

  private async chatHere(userid: string, viewerId: string, text: string): Promise<RoomChatLine> {
    const seat = this.seats.of(userid, viewerId);
    await this.deps.moderation?.mayChat(seat.anchorId, userid);
    const audience = await this.audience(seat.roomId, seat.anchorId);
    return sayInRoom(this.deps.notifier, seat.roomId, { userid, nickname: seat.nickname }, text, audience);
  }

  /** Her line in one of her rooms' chat: her public room while live, or a One-on-One she is in. */
  ladyChat(anchorId: string, roomId: string, text: string): Promise<RoomChatLine> {
    return this.at.ladyChat(anchorId, roomId, text);
  }

  private async ladyChatHere(anchorId: string, roomId: string, text: string): Promise<RoomChatLine> {
    const anchor = await this.deps.repos.anchors.find(anchorId);
    const hers =
      this.broadcasts.feeds(roomId, anchorId) ||
      this.seats.inRoom(roomId).some((s) => s.anchorId === anchorId) ||
      // Her camera may feed it through another process (Janus): her live state is in storage.
      (Boolean(this.cluster.directory) && anchor?.state === 'live' && anchor.publicRoomId === roomId);
    if (!hers) throw connectionGone();
    const nickname = anchor?.nickname ?? anchorId;
    const audience = await this.audience(roomId, anchorId);
    return sayInRoom(this.deps.notifier, roomId, { userid: anchorId, nickname }, text, audience);
  }

  /** Everyone in a room: her and its members (on every process, in a cluster). */
  private async audience(roomId: string, anchorId: string): Promise<string[]> {
    const members = await this.cluster.membersIn(roomId);
    return members ? [anchorId, ...members] : this.seats.audience(roomId, anchorId);
  }

  /** Her broadcast's viewers here, and what their minutes have paid since she went live. */
  viewers(anchorId: string): Promise<ViewersAnswer> {
    return this.broadcasts.viewers(anchorId);
  }

  /** The STUN/TURN servers (time-limited TURN credentials) for a connection the caller offers. */
  iceServers(userid: string): IceServerInfo[] {
    return iceServersFor(userid, this.deps.ice);
  }

  viewerCount(anchorId: string): Promise<number> {
    return this.deps.sfu.viewerCount(publicRoomOf(anchorId));
  }
}
