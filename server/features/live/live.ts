/**
 * Live rooms: a broadcaster's public or premium room with her camera, One-on-One rooms (two-way
 * video), the demo broadcasters' rooms playing a clip, and the members in them. The media goes
 * through the SFU (server/sfu/); this service decides who may publish and watch, keeps her live
 * state, bills paid rooms by the minute (live-billing.ts) and tells each side why a room closed.
 *
 * Members' places in rooms are seats (live-seats.ts), held by the process he entered on; with Janus
 * and several processes a seat's steps reaching another process are forwarded to it (live-cluster.ts).
 * Billing runs on every process, and one that finds a member unable to pay tells the others over the bus.
 */
import { randomUUID } from 'node:crypto';
import { Errno, Messages } from '../../../protocol/errors';
import {
  BILLING_MINUTE_MS,
  type GoLiveAnswer,
  type IceServerInfo,
  LiveErrno,
  LiveEvent,
  LiveText,
  type ManEndStatus,
  PREMIUM_ROOM_VIEWERS,
  ROOM_TYPE_PREMIUM,
  type RoomAnswered,
  type RoomChatLine,
  type ViewersAnswer,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { type Quality, type QualityAnswer, QualityErrno, QualityText } from '../../../protocol/live/quality';
import type { Bus } from '../../bus/index';
import { ApiError, notFound } from '../../core/errors';
import { TickLoop } from '../../core/tick-loop';
import { isKickoff, KICKOFF_CHANNEL, type Notifier } from '../../realtime/deliver';
import type { Presence } from '../../realtime/presence';
import type { IceConfig } from '../../sfu/ice';
import { iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { Vp8Clip } from '../../sfu/vp8-clip';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { EarnIntimacy } from '../intimacy';
import { creditOf, ONE_MINUTE_HUNDREDTHS } from '../money';
import type { RoomModeration } from '../room-moderation';
import { LiveBilling } from './live-billing';
import { Broadcasts, publicRoomOf } from './live-broadcasts';
import { sayInRoom } from './live-chat';
import { LiveCluster } from './live-cluster';
import { VisitEarnings } from './live-intimacy';
import { closeMemberSeats, isMemberOut, isRoomEnded, type RoomEnded, seatHooks } from './live-moderation';
import { OneOnOneRooms } from './live-one-on-one';
import { badDescription, connectionGone, LiveSeats, type Seat } from './live-seats';
import type { PrivateAsk } from './one-on-one';
import { admit, lackCredit, roomFor } from './room-for';

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
  /** Several processes share Janus and the bus: seats are listed in storage, steps forwarded. */
  cluster?: boolean;
}

const notLive = () => new ApiError(Errno.ANCHOR_NOT_LIVE, LiveText.notLive);

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
  /** His seat's steps, run on the process holding it (live-cluster.ts). */
  private readonly at: ReturnType<LiveService['seatSteps']>;

  constructor(private readonly deps: LiveDeps) {
    this.cluster = new LiveCluster(deps.db, Boolean(deps.cluster));
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
    this.cluster.onOwnerGone = (gone) => this.seats.orphaned(gone);
    this.broadcasts = new Broadcasts(deps, this.seats, this.billing, (roomId, status) => {
      const ended: RoomEnded = { roomId, status, from: this.cluster.processId };
      void this.bus?.publish(LIVE_END_CHANNEL, ended).catch(() => {});
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

  /** Starts billing and listens for rooms ended elsewhere; the returned function stops both. */
  async start(bus: Bus): Promise<() => Promise<void>> {
    this.bus = bus;
    const offCluster = await this.cluster.start(bus);
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
      await offCluster();
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
          this.watchHere(u, a, type, ask),
        true,
      ),
      answer: cluster.step('answer', owner, (u: string, v: string, sdp: string) =>
        this.answerHere(u, v, sdp),
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

  private async watchHere(
    userid: string,
    anchorId: string,
    type: 'public' | 'private',
    ask: PrivateAsk,
  ): Promise<WatchAnswer> {
    const { repos, sfu } = this.deps;
    const member = await repos.members.find(userid);
    if (!member) throw notFound();
    const anchor = await repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    await this.deps.moderation?.mayEnter(anchor.userid, userid);
    const now = this.deps.now?.() ?? Date.now();
    const room = await roomFor(repos, this.deps.db, member, anchor, type, ask, now);
    const { resumed, prepaid, voucher } = await admit(repos, this.billing, member, room, type, ask, () =>
      this.premiumFull(room.roomId, userid),
    );
    let waiting = false;
    if (!(await sfu.hasSource(room.roomId))) {
      // A One-on-One or a show waits for her; a demo broadcaster (no socket) plays the clip instead.
      const herSocket =
        (type === 'private' || Boolean(ask.liveShowId)) && (await this.deps.presence.isOnline(anchorId));
      if (herSocket) waiting = true;
      else if (this.deps.demoClip) sfu.publishClip(room.roomId, this.deps.demoClip());
      else throw notLive();
    }
    let seatId = '';
    const { viewerId, offer } = await sfu.watch(room.roomId, () => this.seats.lost(seatId));
    seatId = viewerId;
    const seat: Seat = {
      viewerId,
      sessionId: resumed?.sessionId ?? `LS${randomUUID()}`,
      userid,
      nickname: member.nickname,
      photourl: member.photourl,
      roomId: room.roomId,
      anchorId,
      roomType: room.roomType,
      rate: room.rate,
      // Paid ahead for the room (billing gives this visit what is left); a voucher's minutes count
      // once billing has claimed it.
      prepaidMinutes: room.prepaid,
      voucher,
      oneOnOne: type === 'private',
      answered: false,
      billed: Boolean(resumed),
    };
    // One seat per member per room, and one room at a time: his other windows go (live-seats.ts).
    this.seats.take(seat);
    // Listed before he hears his viewer id: his next request may reach another process.
    await this.cluster.settled();
    // One room at a time across processes too: his seats in other broadcasters' rooms elsewhere end.
    for (const old of await this.cluster.elsewhere(userid))
      if (old.anchorId !== anchorId)
        await this.bus?.publish(LIVE_END_CHANNEL, {
          memberId: userid,
          anchorId: old.anchorId,
          status: 'sameRoom',
        });
    // She is told of a member waiting in a One-on-One; a show's ticket holders wait for her start.
    if (waiting && seat.oneOnOne) await this.seats.tellHer(LiveEvent.memberEntered, seat);
    return {
      room_id: room.roomId,
      room_type: room.roomType,
      credit_per_minute: room.rate / 100,
      prepaid_minutes: prepaid,
      voucher: voucher ? 1 : 0,
      waiting: waiting ? 1 : 0,
      viewer_id: viewerId,
      sdp: offer,
      ice_servers: iceServersFor(userid, this.deps.ice),
      anchor: { anchor_id: anchor.userid, nickname: anchor.nickname, photourl: anchor.photourl },
    };
  }

  /** His answer: the media flows, and billing starts once she is there too. */
  answer(userid: string, viewerId: string, sdp: string): Promise<RoomAnswered> {
    return this.at.answer(userid, viewerId, sdp);
  }

  private async answerHere(userid: string, viewerId: string, sdp: string): Promise<RoomAnswered> {
    const seat = this.seats.of(userid, viewerId);
    try {
      await this.deps.sfu.answer(viewerId, sdp);
    } catch {
      this.seats.drop(seat);
      throw badDescription();
    }
    // A newer window took his seat meanwhile: this one is gone.
    if (this.seats.get(viewerId) !== seat) throw connectionGone();
    seat.answered = true;
    if (await this.deps.sfu.hasSource(seat.roomId)) {
      const cap = seat.roomType === ROOM_TYPE_PREMIUM ? PREMIUM_ROOM_VIEWERS : undefined;
      const billing = await this.seats.startBilling(seat, cap);
      if (billing === 'insufficient') throw lackCredit();
      if (billing === 'full') throw new ApiError(LiveErrno.ROOM_FULL, LiveText.fullRoom);
    }
    const hundredths = (await this.deps.repos.members.find(userid))?.creditHundredths ?? 0;
    const low = seat.rate > 0 && hundredths < ONE_MINUTE_HUNDREDTHS;
    const spent = seat.billed ? await this.billing.spent(seat.sessionId) : 0;
    return { credit: creditOf(hundredths), low_credit: low ? 1 : 0, spent: creditOf(spent) };
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

  /**
   * A premium room's seats are taken: by members with an open session in it (any process), and by
   * those here still connecting. Opening a session counts again, in the database (live-billing.ts).
   */
  private async premiumFull(roomId: string, userid: string): Promise<boolean> {
    const taken = new Set(await this.billing.membersIn(roomId));
    // In a cluster the directory lists every process's seats; else this process's are all there are.
    const seated = (await this.cluster.membersIn(roomId)) ?? this.seats.inRoom(roomId).map((s) => s.userid);
    for (const member of seated) taken.add(member);
    taken.delete(userid);
    return taken.size >= PREMIUM_ROOM_VIEWERS;
  }

  /** Every room here ends (the process is stopping). */
  async close(): Promise<void> {
    await this.loop.stop();
    for (const seat of this.seats.where(() => true)) this.seats.close(seat, 'common');
    await this.cluster.close();
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
      (Boolean(this.deps.cluster) && anchor?.state === 'live' && anchor.publicRoomId === roomId);
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
