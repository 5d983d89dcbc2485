/**
 * A One-on-One room once a member is in it (who may enter is one-on-one.ts): she joins with her
 * camera, closing her public room for its viewers; he may turn his camera on for her, which is a
 * room of its own that she watches; either side ends it. His seat and minutes are LiveSeats'.
 */
import { Errno } from '../../../protocol/errors';
import { FaceIdText } from '../../../protocol/face-id/face-id';
import {
  type JoinPrivateAnswer,
  LiveEvent,
  LiveText,
  type ManEndStatus,
  type MemberWatchAnswer,
} from '../../../protocol/live/live';
import { ApiError } from '../../core/errors';
import { type IceConfig, iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import { cameraRoomOf, connectionGone, described, type LiveSeats } from './live-seats';

export interface OneOnOneDeps {
  sfu: Sfu;
  seats: LiveSeats;
  ice: IceConfig;
  faceVerified: (anchorId: string) => Promise<boolean>;
  /** Her public room closes for its viewers (willPrivate) as she goes into a One-on-One. */
  leavePublicRoom: (anchorId: string) => Promise<void>;
}

export class OneOnOneRooms {
  constructor(private readonly deps: OneOnOneDeps) {}

  /** He turns his camera on for her: his offer in, the SFU's answer out. */
  async memberCamera(userid: string, viewerId: string, offer: string): Promise<{ sdp: string }> {
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

  async memberCameraOff(userid: string, viewerId: string): Promise<Record<string, never>> {
    const seat = this.deps.seats.of(userid, viewerId);
    this.deps.sfu.unpublish(cameraRoomOf(seat.roomId));
    await this.deps.seats.tellHer(LiveEvent.memberCamera, seat, { camera: 0 });
    return {};
  }

  /** She joins the One-on-One he entered, with her camera; her public room closes, saying why. */
  async joinPrivate(anchorId: string, roomId: string, offer: string): Promise<JoinPrivateAnswer> {
    const { seats, sfu } = this.deps;
    const seat = seats.privateOf(anchorId, roomId);
    if (!(await this.deps.faceVerified(anchorId)))
      throw new ApiError(Errno.FACE_ID_REQUIRED, FaceIdText.required);
    await this.deps.leavePublicRoom(anchorId);
    const sdp = await described(
      sfu.publish(roomId, offer, () => void this.leavePrivate(anchorId, roomId, 'common')),
    );
    for (const s of seats.inRoom(roomId)) if (s.answered) await seats.startBilling(s);
    return { sdp, user_id: seat.userid, nickname: seat.nickname };
  }

  /** She sees his camera: the server's offer, answered through answerMember. */
  async watchMember(anchorId: string, roomId: string): Promise<MemberWatchAnswer> {
    const { seats, sfu } = this.deps;
    seats.privateOf(anchorId, roomId);
    const earlier = seats.herViews.get(roomId);
    if (earlier) sfu.leave(earlier);
    const { viewerId, offer } = await sfu.watch(cameraRoomOf(roomId));
    seats.herViews.set(roomId, viewerId);
    return { viewer_id: viewerId, sdp: offer, ice_servers: iceServersFor(anchorId, this.deps.ice) };
  }

  async answerMember(anchorId: string, viewerId: string, sdp: string): Promise<Record<string, never>> {
    const roomId = [...this.deps.seats.herViews].find(([, id]) => id === viewerId)?.[0];
    if (!roomId) throw connectionGone();
    this.deps.seats.privateOf(anchorId, roomId);
    await described(this.deps.sfu.answer(viewerId, sdp));
    return {};
  }

  /** She ends a One-on-One (or her connection dropped): his room closes with `status`. */
  async leavePrivate(
    anchorId: string,
    roomId: string,
    status: ManEndStatus = 'end',
  ): Promise<Record<string, never>> {
    const { seats } = this.deps;
    for (const seat of seats.where((s) => s.roomId === roomId && s.anchorId === anchorId))
      seats.close(seat, status);
    return {};
  }
}
