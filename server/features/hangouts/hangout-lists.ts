/**
 * The hang-out lists any process answers from the stored rooms (migration 029): her friends for the
 * friend layer, whether the member is in a hang-out (18003), and the broadcasters hang-outing now;
 * and the socket's imMan/leaveHangoutRoom.
 */
import { Errno, Messages } from '../../../protocol/errors';
import {
  HANGOUT_ALREADY,
  type HangoutFriendItem,
  type HangoutingAnchor,
  type HangoutStatusEntry,
  HangoutText,
  LEAVE_HANGOUT_ROUTE,
} from '../../../protocol/hangouts/hangout';
import { HangoutRoomBody } from '../../../protocol/hangouts/hangout-schemas';
import { ApiError, notFound } from '../../core/errors';
import type { SocketCaller } from '../../realtime/gateway';
import type { Presence } from '../../realtime/presence';
import type { AnchorRecord, Db, StorageRepositories } from '../../storage/contract';
import { aroundRepository } from '../anchor-profile';
import { hangoutRepository } from './hangouts-repository';

/** How many of her friends getHangoutFriends lists (the layer pages them). */
const FRIENDS_MAX = 60;

/** Online: on air, or her socket is connected. */
export async function anchorOnline(presence: Presence, a: AnchorRecord): Promise<boolean> {
  return a.state !== 'offline' || (await presence.isOnline(a.userid));
}

export class HangoutLists {
  private readonly store;

  constructor(private readonly deps: { db: Db; repos: StorageRepositories; presence: Presence }) {
    this.store = hangoutRepository(deps.db);
  }

  /** getHangoutFriends {anchorid}: her friends, online first (spec 001 §3's fields). */
  async friends(anchorId: string): Promise<{ list: HangoutFriendItem[] }> {
    const anchor = await this.deps.repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    const { rows } = await aroundRepository(this.deps.db).friends(anchorId, { start: 0, step: FRIENDS_MAX });
    const list: HangoutFriendItem[] = [];
    for (const a of rows)
      list.push({
        anchor_id: a.userid,
        nickname: a.nickname,
        photourl: a.photourl,
        online_status: (await anchorOnline(this.deps.presence, a)) ? 2 : 0,
        avatar_img: a.photourl,
      });
    return { list };
  }

  /** getHangoutStatus: [] when he is in no hang-out; else 18003 naming the room and who is on camera. */
  async status(memberId: string): Promise<HangoutStatusEntry[]> {
    const open = await this.store.openOfMember(memberId);
    if (!open) return [];
    const anchors = [open.anchorId, ...open.living].map((anchor_id) => ({ anchor_id }));
    throw new ApiError(HANGOUT_ALREADY, HangoutText.already, [
      { live_room_id: open.roomId, liveroomanchor: anchors },
    ]);
  }

  /** getHangoutingAnchorList: broadcasters in a hang-out now. */
  async hangouting(): Promise<{ list: HangoutingAnchor[] }> {
    const list: HangoutingAnchor[] = [];
    for (const open of await this.store.open(50)) {
      const a = await this.deps.repos.anchors.find(open.anchorId);
      if (a)
        list.push({
          anchor_id: a.userid,
          nickname: a.nickname,
          photourl: a.photourl,
          room_id: open.roomId,
          friends: open.living.length,
        });
    }
    return { list };
  }
}

/** The member's page emits imMan/leaveHangoutRoom {room_id} as it leaves (spec 001 §7). */
export function hangoutSocketRoutes(hangouts: { leave(memberId: string, roomId: string): Promise<unknown> }) {
  return {
    [LEAVE_HANGOUT_ROUTE]: async (caller: SocketCaller, data: unknown) => {
      const body = HangoutRoomBody.safeParse(data ?? {});
      if (!body.success) throw new ApiError(Errno.INVALID_PARAMS, Messages.invalidParams);
      if (caller.role !== 'man') throw new ApiError(Errno.FORBIDDEN, Messages.forbidden);
      return hangouts.leave(caller.userid, body.data.room_id);
    },
  };
}
