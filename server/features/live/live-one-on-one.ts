/**
 * A One-on-One room once a member is in it (who may enter is one-on-one.ts): she joins with her
 * camera, closing her public room for its viewers; he may turn his camera on for her, which is a
 * room of its own that she watches; either side ends it. His seat and minutes are LiveSeats'.
 * Every step runs on the process holding his seat (live-cluster.ts), where the room's Janus handles,
 * her join and its grace timer are, whichever process her or his request reaches.
 */
import { Errno } from '../../../protocol/errors';
import { FaceIdText } from '../../../protocol/face-id/face-id';
import {
  type HerOneOnOne,
  type JoinPrivateAnswer,
  LiveEvent,
  LiveText,
  type ManEndStatus,
  type MemberWatchAnswer,
} from '../../../protocol/live/live';
import { ApiError } from '../../core/errors';
import { type IceConfig, iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { LiveCluster } from './live-cluster';
import { cameraRoomOf, connectionGone, described, type LiveSeats, RESUME_GRACE_MS } from './live-seats';

export interface OneOnOneDeps {
  sfu: Sfu;
  seats: LiveSeats;
  cluster: LiveCluster;
  ice: IceConfig;
  faceVerified: (anchorId: string) => Promise<boolean>;
  /** Her public room closes for its viewers (willPrivate) as she goes into a One-on-One. */
  leavePublicRoom: (anchorId: string) => Promise<void>;
  /** How long her One-on-One waits for her after her connection went. */
  resumeGraceMs?: number;
}

export class OneOnOneRooms {
  /** Her current publish in each room (a reload's replaces the one that went). */
  private readonly joins = new Map<string, object>();
  /** Rooms whose broadcaster's connection went, waiting out the grace. */
  private readonly gone = new Set<string>();

  constructor(private readonly deps: OneOnOneDeps) {
    this.at = this.steps();
  }

  private readonly at: ReturnType<OneOnOneRooms['steps']>;

  /** Her steps find the room by its id, his by his seat, her view of his camera by its id. */
  private steps() {
    const { cluster, seats } = this.deps;
    const his = (_userid: string, viewerId: string) =>
      cluster.ofViewer(Boolean(seats.get(viewerId)), viewerId);
    const room = (anchorId: string, roomId: string) =>
      cluster.ofRoom(seats.inRoom(roomId).length > 0, anchorId, roomId);
    return {
      camera: cluster.step('camera', his, (u: string, v: string, offer: string) =>
        this.cameraHere(u, v, offer),
      ),
      cameraOff: cluster.step('cameraOff', his, (u: string, v: string) => this.cameraOffHere(u, v)),
      join: cluster.step('join', room, (a: string, r: string, offer: string) => this.joinHere(a, r, offer)),
      away: cluster.step('away', room, (a: string, r: string) => this.awayHere(a, r)),
      leave: cluster.step('leavePrivate', room, (a: string, r: string, status: ManEndStatus) =>
        this.leaveHere(a, r, status),
      ),
      watch: cluster.step('watchMember', room, (a: string, r: string) => this.watchMemberHere(a, r)),
      answer: cluster.step(
        'answerMember',
        (_a: string, viewerId: string) =>
          cluster.ofCameraView([...seats.herViews.values()].includes(viewerId), viewerId),
        (a: string, v: string, sdp: string) => this.answerMemberHere(a, v, sdp),
      ),
      current: cluster.step(
        'herOneOnOne',
        (a: string) => cluster.ofHer(seats.where((s) => s.anchorId === a && s.oneOnOne).length > 0, a),
        (a: string) => this.currentHere(a),
      ),
    };
  }

  /** He turns his camera on for her: his offer in, the SFU's answer out. */
  memberCamera(userid: string, viewerId: string, offer: string): Promise<{ sdp: string }> {
    return this.at.camera(userid, viewerId, offer);
  }

  private async cameraHere(userid: string, viewerId: string, offer: string): Promise<{ sdp: string }> {
    const { seats, sfu } = this.deps;
    const seat = seats.of(userid, viewerId);
    if (!seat.oneOnOne) throw new ApiError(Errno.NO_PRIVILEGE, LiveText.twoVideo);
    const sdp = await described(
      sfu.publish(cameraRoomOf(seat.roomId), offer, () => {
        void seats.tellHer(LiveEvent.memberCamera, seat, { camera: 0 });
      }),
    );
    await seats.tellHer(LiveEvent.memberCamera, seat, { camera: 1 });
    return { sdp };
  }

  memberCameraOff(userid: string, viewerId: string): Promise<Record<string, never>> {
    return this.at.cameraOff(userid, viewerId);
  }

  private async cameraOffHere(userid: string, viewerId: string): Promise<Record<string, never>> {
    const seat = this.deps.seats.of(userid, viewerId);
    this.deps.sfu.unpublish(cameraRoomOf(seat.roomId));
    await this.deps.seats.tellHer(LiveEvent.memberCamera, seat, { camera: 0 });
    return {};
  }

  /**
   * She joins the One-on-One he entered, with her camera; her public room closes, saying why. Joining
   * again within the grace after her connection went (a reload, a network blip) resumes the room.
   */
  joinPrivate(anchorId: string, roomId: string, offer: string): Promise<JoinPrivateAnswer> {
    return this.at.join(anchorId, roomId, offer);
  }

  private async joinHere(anchorId: string, roomId: string, offer: string): Promise<JoinPrivateAnswer> {
    const { seats, sfu } = this.deps;
    const seat = seats.privateOf(anchorId, roomId);
    if (!(await this.deps.faceVerified(anchorId)))
      throw new ApiError(Errno.FACE_ID_REQUIRED, FaceIdText.required);
    await this.deps.leavePublicRoom(anchorId);
    const joined = {};
    const sdp = await described(
      sfu.publish(roomId, offer, () => {
        if (this.joins.get(roomId) === joined) void this.herGone(anchorId, roomId, joined);
      }),
    );
    this.joins.set(roomId, joined);
    if (this.gone.delete(roomId)) for (const s of seats.inRoom(roomId)) await seats.herAway(s, false);
    for (const s of seats.inRoom(roomId)) if (s.answered) await seats.startBilling(s);
    return { sdp, user_id: seat.userid, nickname: seat.nickname };
  }

  /** Her page is going (a reload, the tab closing): the room waits the grace for her, as when her connection goes. */
  away(anchorId: string, roomId: string): Promise<Record<string, never>> {
    return this.at.away(anchorId, roomId);
  }

  private async awayHere(anchorId: string, roomId: string): Promise<Record<string, never>> {
    const joined = this.joins.get(roomId);
    if (joined && this.deps.seats.where((s) => s.roomId === roomId && s.anchorId === anchorId).length > 0)
      await this.herGone(anchorId, roomId, joined);
    return {};
  }

  /**
   * Her connection went without her ending the room: he is told she is reconnecting and his minutes
   * pause; if she has not joined again within the grace, the room ends as if she had ended it, at the
   * time she went (live-billing.ts).
   */
  private async herGone(anchorId: string, roomId: string, joined: object): Promise<void> {
    const { seats } = this.deps;
    if (this.gone.has(roomId)) return;
    this.gone.add(roomId);
    for (const s of seats.inRoom(roomId)) await seats.herAway(s, true).catch(() => {});
    setTimeout(() => {
      if (this.joins.get(roomId) !== joined) return;
      void this.leaveHere(anchorId, roomId, 'common');
    }, this.deps.resumeGraceMs ?? RESUME_GRACE_MS).unref();
  }

  /** Spec 000 §4: her One-on-One to resume after a reload (living, or a member waiting for her). */
  current(anchorId: string): Promise<HerOneOnOne> {
    return this.at.current(anchorId);
  }

  private async currentHere(anchorId: string): Promise<HerOneOnOne> {
    const { seats, sfu } = this.deps;
    const [seat] = seats.where((s) => s.anchorId === anchorId && s.oneOnOne);
    if (!seat) return { status: '' };
    const living = this.gone.has(seat.roomId) || (await sfu.hasSource(seat.roomId));
    const camera = (await sfu.hasSource(cameraRoomOf(seat.roomId))) ? 1 : 0;
    return {
      status: living ? 'living' : 'waitingUserConfirm',
      room: {
        room_id: seat.roomId,
        user_id: seat.userid,
        nickname: seat.nickname,
        photourl: seat.photourl,
        camera,
      },
    };
  }

  /** She sees his camera: the server's offer, answered through answerMember. */
  watchMember(anchorId: string, roomId: string): Promise<MemberWatchAnswer> {
    return this.at.watch(anchorId, roomId);
  }

  private async watchMemberHere(anchorId: string, roomId: string): Promise<MemberWatchAnswer> {
    const { seats, sfu, cluster } = this.deps;
    const seat = seats.privateOf(anchorId, roomId);
    const earlier = seats.herViews.get(roomId);
    if (earlier) sfu.leave(earlier);
    const { viewerId, offer } = await sfu.watch(cameraRoomOf(roomId));
    seats.herViews.set(roomId, viewerId);
    // Her answer may reach another process: it finds this one by her view's id.
    cluster.cameraView(seat, viewerId);
    await cluster.settled();
    return { viewer_id: viewerId, sdp: offer, ice_servers: iceServersFor(anchorId, this.deps.ice) };
  }

  answerMember(anchorId: string, viewerId: string, sdp: string): Promise<Record<string, never>> {
    return this.at.answer(anchorId, viewerId, sdp);
  }

  private async answerMemberHere(
    anchorId: string,
    viewerId: string,
    sdp: string,
  ): Promise<Record<string, never>> {
    const roomId = [...this.deps.seats.herViews].find(([, id]) => id === viewerId)?.[0];
    if (!roomId) throw connectionGone();
    this.deps.seats.privateOf(anchorId, roomId);
    await described(this.deps.sfu.answer(viewerId, sdp));
    return {};
  }

  /** She ends a One-on-One (or her connection dropped): his room closes with `status`. */
  leavePrivate(
    anchorId: string,
    roomId: string,
    status: ManEndStatus = 'end',
  ): Promise<Record<string, never>> {
    return this.at.leave(anchorId, roomId, status);
  }

  private async leaveHere(
    anchorId: string,
    roomId: string,
    status: ManEndStatus,
  ): Promise<Record<string, never>> {
    const { seats } = this.deps;
    for (const seat of seats.where((s) => s.roomId === roomId && s.anchorId === anchorId))
      seats.close(seat, status);
    this.joins.delete(roomId);
    this.gone.delete(roomId);
    return {};
  }
}
