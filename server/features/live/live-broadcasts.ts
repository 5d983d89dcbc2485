/**
 * Her broadcasts fed through this process: her public room (premium if she chooses) or her
 * scheduled show's room, one at a time, and their end for every viewer here at once.
 */
import { Errno } from '../../../protocol/errors';
import { FaceIdText } from '../../../protocol/face-id/face-id';
import {
  type GoLiveAnswer,
  type ManEndStatus,
  ROOM_TYPE_PUBLIC,
  type ViewersAnswer,
} from '../../../protocol/live/live';
import { ApiError } from '../../core/errors';
import type { IceConfig } from '../../sfu/ice';
import { iceServersFor } from '../../sfu/ice';
import type { Sfu } from '../../sfu/sfu';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { RoomModeration } from '../room-moderation';
import { ownShowRoom } from '../shows';
import type { LiveBilling } from './live-billing';
import type { LiveCluster } from './live-cluster';
import { described, type LiveSeats } from './live-seats';

/** Her public room's id, as the seeded rooms are named (A2002 → PR2002). */
export const publicRoomOf = (anchorId: string) => `PR${anchorId.replace(/^\D+/, '')}`;

/** What her broadcasts need of the live rooms' deps (live.ts). */
export interface BroadcastDeps {
  db: Db;
  repos: StorageRepositories;
  sfu: Sfu;
  ice: IceConfig;
  faceVerified: (anchorId: string) => Promise<boolean>;
  now?: () => number;
  moderation?: Pick<RoomModeration, 'broadcastEnded'>;
}

export class Broadcasts {
  /** Rooms a broadcaster's own camera feeds here, by room id (the others are demo clips). */
  private readonly feeding = new Map<string, string>();
  /** When each of this process's broadcasts began, by room (what her earnings count from). */
  private readonly liveSince = new Map<string, Date>();

  constructor(
    private readonly deps: BroadcastDeps,
    private readonly seats: LiveSeats,
    private readonly billing: LiveBilling,
    /** Who is watching, on every process (several processes on Janus). */
    private readonly cluster: Pick<LiveCluster, 'membersIn'>,
    /** A room ended here: the other processes' viewers of it go too (live.ts tells them). */
    private readonly ended?: (roomId: string, status: ManEndStatus) => void,
  ) {}

  /** Her camera feeds `roomId` here. */
  feeds(roomId: string, anchorId?: string): boolean {
    const feeder = this.feeding.get(roomId);
    return anchorId === undefined ? feeder !== undefined : feeder === anchorId;
  }

  /** The rooms her camera feeds here. */
  roomsOf(anchorId: string): string[] {
    return [...this.feeding].filter(([, id]) => id === anchorId).map(([roomId]) => roomId);
  }

  /**
   * She goes live: in her public room (premium if she chooses), or in her scheduled show's room from
   * its Watch Now to its end. Her offer in, the SFU's answer out. One broadcast at a time.
   */
  async goLive(
    anchorId: string,
    offer: string,
    roomType: number = ROOM_TYPE_PUBLIC,
    liveShowId?: string,
  ): Promise<GoLiveAnswer> {
    if (!(await this.deps.faceVerified(anchorId)))
      throw new ApiError(Errno.FACE_ID_REQUIRED, FaceIdText.required);
    const now = this.deps.now?.() ?? Date.now();
    const roomId = liveShowId
      ? await ownShowRoom(this.deps.db, anchorId, liveShowId, now)
      : publicRoomOf(anchorId);
    for (const other of this.roomsOf(anchorId)) if (other !== roomId) this.endRoom(other, 'end');
    // A second start of her public room (another tab, a reload) replaces the first; its viewers come
    // back on their own. Ticket holders waiting in her show's room stay: her camera reaches them.
    if (!liveShowId) this.endRoom(roomId, 'common');
    const sdp = await described(
      this.deps.sfu.publish(roomId, offer, () => {
        // Her connection dropped (tab closed, network lost): the room ends as if she had ended it.
        if (this.feeding.get(roomId) === anchorId) void this.end(anchorId, 'common');
      }),
    );
    this.feeding.set(roomId, anchorId);
    this.liveSince.set(roomId, new Date(now));
    if (liveShowId) {
      for (const seat of this.seats.inRoom(roomId)) if (seat.answered) await this.seats.startBilling(seat);
    } else {
      await this.deps.repos.anchors.setLive(anchorId, { publicRoomId: roomId, roomType });
    }
    return { room_id: roomId, sdp, ice_servers: iceServersFor(anchorId, this.deps.ice) };
  }

  /** Her broadcast ends (her public room, or her show's): every viewer's connection closes at once. */
  async end(anchorId: string, status: ManEndStatus = 'end'): Promise<Record<string, never>> {
    for (const roomId of this.roomsOf(anchorId)) this.endRoom(roomId, status);
    this.endRoom(publicRoomOf(anchorId), status);
    await this.deps.repos.anchors.setLive(anchorId, null);
    // Her End closes the broadcast her mutes and session bans were for.
    if (status === 'end') await this.deps.moderation?.broadcastEnded(anchorId);
    return {};
  }

  /** Her public room closes for its viewers (willPrivate) as she goes into a One-on-One. */
  async leavePublicRoom(anchorId: string): Promise<void> {
    const roomId = publicRoomOf(anchorId);
    const fed = this.feeding.has(roomId);
    this.endRoom(roomId, 'willPrivate');
    if (fed || (await this.deps.repos.anchors.find(anchorId))?.state === 'live')
      await this.deps.repos.anchors.setLive(anchorId, null);
  }

  /**
   * Her broadcast's viewers, on every process, and what their minutes have paid since she went live
   * (counted where her camera feeds the room; her studio's earnings strip reads the ledger instead).
   */
  async viewers(anchorId: string): Promise<ViewersAnswer> {
    const roomId = this.roomsOf(anchorId)[0] ?? publicRoomOf(anchorId);
    const since = this.liveSince.get(roomId) ?? new Date(this.deps.now?.() ?? Date.now());
    return {
      room_id: roomId,
      viewers: await this.watching(roomId),
      earned: (await this.billing.earned(anchorId, roomId, since)) / 100,
    };
  }

  /** The members in a room, each once, longest there first: its seats here, or in a cluster everywhere. */
  private async watching(roomId: string): Promise<ViewersAnswer['viewers']> {
    const here = new Map(
      this.seats
        .inRoom(roomId)
        .map((s) => [s.userid, { user_id: s.userid, nickname: s.nickname, photourl: s.photourl }]),
    );
    const everywhere = await this.cluster.membersIn(roomId);
    if (!everywhere) return [...here.values()];
    const viewers: ViewersAnswer['viewers'] = [];
    // The directory lists the newest seat first.
    for (const userid of new Set(everywhere.reverse())) {
      const seen = here.get(userid);
      const member = seen ? undefined : await this.deps.repos.members.find(userid);
      if (seen) viewers.push(seen);
      else if (member)
        viewers.push({ user_id: userid, nickname: member.nickname, photourl: member.photourl });
    }
    return viewers;
  }

  /** A room of hers ended through another process: her camera here stops, its viewers here go. */
  endedElsewhere(roomId: string, status: ManEndStatus) {
    // Only her source leaves: a new start through that process may already feed the same room.
    if (this.feeding.delete(roomId)) this.deps.sfu.unpublish(roomId);
    for (const seat of this.seats.inRoom(roomId)) this.seats.close(seat, status);
  }

  private endRoom(roomId: string, status: ManEndStatus) {
    this.feeding.delete(roomId);
    this.seats.closeRoom(roomId, status);
    this.ended?.(roomId, status);
  }
}
