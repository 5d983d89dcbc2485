/**
 * His entry into a room, on the process that will hold his seat: which room and what pays it
 * (room-for.ts), her camera or the demo clip, his seat (one room at a time, on every process), then
 * his answer, which starts the media and, once she is there, his minutes.
 */
import { randomUUID } from 'node:crypto';
import { Errno } from '../../../protocol/errors';
import {
  LiveErrno,
  LiveEvent,
  LiveText,
  PREMIUM_ROOM_VIEWERS,
  ROOM_TYPE_PREMIUM,
  type RoomAnswered,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { ApiError, notFound } from '../../core/errors';
import type { Presence } from '../../realtime/presence';
import { type IceConfig, iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { Vp8Clip } from '../../sfu/vp8-clip';
import type { Db, StorageRepositories } from '../../storage/contract';
import { creditOf, ONE_MINUTE_HUNDREDTHS } from '../money';
import type { RoomModeration } from '../room-moderation';
import type { LiveBilling } from './live-billing';
import type { LiveCluster } from './live-cluster';
import type { MemberOut } from './live-moderation';
import { badDescription, connectionGone, type LiveSeats, type Seat } from './live-seats';
import type { PrivateAsk } from './one-on-one';
import { admit, lackCredit, roomFor } from './room-for';

/** What his entry needs of the live rooms' deps (live.ts). */
export interface RoomDeps {
  repos: StorageRepositories;
  db: Db;
  sfu: Sfu;
  presence: Presence;
  ice: IceConfig;
  demoClip?: () => Vp8Clip;
  now?: () => number;
  moderation?: Pick<RoomModeration, 'mayEnter'>;
}

export interface EntryDeps {
  deps: RoomDeps;
  seats: LiveSeats;
  billing: LiveBilling;
  cluster: LiveCluster;
  /** His seat in another broadcaster's room on another process ends (LIVE_END_CHANNEL). */
  endElsewhere: (out: MemberOut) => Promise<void>;
}

const notLive = () => new ApiError(Errno.ANCHOR_NOT_LIVE, LiveText.notLive);

export class RoomEntry {
  constructor(private readonly e: EntryDeps) {}

  /** A member opens a room: the server's offer of her media. */
  async watch(
    userid: string,
    anchorId: string,
    type: 'public' | 'private',
    ask: PrivateAsk,
  ): Promise<WatchAnswer> {
    const { deps, seats, billing, cluster } = this.e;
    const { repos, sfu } = deps;
    const member = await repos.members.find(userid);
    if (!member) throw notFound();
    const anchor = await repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    await deps.moderation?.mayEnter(anchor.userid, userid);
    const now = deps.now?.() ?? Date.now();
    const room = await roomFor(repos, deps.db, member, anchor, type, ask, now);
    const { resumed, prepaid, voucher } = await admit(repos, billing, member, room, type, ask, () =>
      this.premiumFull(room.roomId, userid),
    );
    let waiting = false;
    if (!(await sfu.hasSource(room.roomId))) {
      // A One-on-One or a show waits for her; a demo broadcaster (no socket) plays the clip instead.
      const herSocket =
        (type === 'private' || Boolean(ask.liveShowId)) && (await deps.presence.isOnline(anchorId));
      if (herSocket) waiting = true;
      else if (deps.demoClip) sfu.publishClip(room.roomId, deps.demoClip());
      else throw notLive();
    }
    let seatId = '';
    const { viewerId, offer } = await sfu.watch(room.roomId, () => seats.lost(seatId));
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
    seats.take(seat);
    // Listed before he hears his viewer id: his next request may reach another process.
    await cluster.settled();
    // One room at a time across processes too: his seats in other broadcasters' rooms elsewhere end.
    for (const old of await cluster.elsewhere(userid))
      if (old.anchorId !== anchorId)
        await this.e.endElsewhere({ memberId: userid, anchorId: old.anchorId, status: 'sameRoom' });
    // She is told of a member waiting in a One-on-One; a show's ticket holders wait for her start.
    if (waiting && seat.oneOnOne) await seats.tellHer(LiveEvent.memberEntered, seat);
    return {
      room_id: room.roomId,
      room_type: room.roomType,
      credit_per_minute: room.rate / 100,
      prepaid_minutes: prepaid,
      voucher: voucher ? 1 : 0,
      waiting: waiting ? 1 : 0,
      viewer_id: viewerId,
      sdp: offer,
      ice_servers: iceServersFor(userid, deps.ice),
      anchor: { anchor_id: anchor.userid, nickname: anchor.nickname, photourl: anchor.photourl },
    };
  }

  /** His answer: the media flows, and billing starts once she is there too. */
  async answer(userid: string, viewerId: string, sdp: string): Promise<RoomAnswered> {
    const { deps, seats, billing } = this.e;
    const seat = seats.of(userid, viewerId);
    try {
      await deps.sfu.answer(viewerId, sdp);
    } catch {
      seats.drop(seat);
      throw badDescription();
    }
    // A newer window took his seat meanwhile: this one is gone.
    if (seats.get(viewerId) !== seat) throw connectionGone();
    seat.answered = true;
    if (await deps.sfu.hasSource(seat.roomId)) {
      const cap = seat.roomType === ROOM_TYPE_PREMIUM ? PREMIUM_ROOM_VIEWERS : undefined;
      const started = await seats.startBilling(seat, cap);
      if (started === 'insufficient') throw lackCredit();
      if (started === 'full') throw new ApiError(LiveErrno.ROOM_FULL, LiveText.fullRoom);
    }
    const hundredths = (await deps.repos.members.find(userid))?.creditHundredths ?? 0;
    const low = seat.rate > 0 && hundredths < ONE_MINUTE_HUNDREDTHS;
    const spent = seat.billed ? await billing.spent(seat.sessionId) : 0;
    return { credit: creditOf(hundredths), low_credit: low ? 1 : 0, spent: creditOf(spent) };
  }

  /**
   * A premium room's seats are taken: by members with an open session in it (any process), and by
   * those still connecting (on every process, in a cluster). Opening a session counts again, in the
   * database (live-billing.ts).
   */
  private async premiumFull(roomId: string, userid: string): Promise<boolean> {
    const { seats, billing, cluster } = this.e;
    const taken = new Set(await billing.membersIn(roomId));
    // In a cluster the directory lists every process's seats; else this process's are all there are.
    const seated = (await cluster.membersIn(roomId)) ?? seats.inRoom(roomId).map((s) => s.userid);
    for (const member of seated) taken.add(member);
    taken.delete(userid);
    return taken.size >= PREMIUM_ROOM_VIEWERS;
  }
}
