/**
 * The hang-outs this process holds and what everyone in one is told: who is in it (the audience),
 * the view each of them gets, the slots' notices, and the end that closes every camera and stops
 * his minutes. The member's side (hangouts.ts) and the broadcasters' (hangout-host.ts) share it.
 */

import { Errno } from '../../../protocol/errors';
import {
  HANGOUT_CREDIT_PER_MINUTE,
  type HangoutAnchor,
  type HangoutEndNotice,
  type HangoutEndStatus,
  HangoutEvent,
  type HangoutRoom,
  type HangoutSlotsNotice,
  HangoutText,
} from '../../../protocol/hangouts/hangout';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Sfu } from '../../sfu/sfu';
import type { AnchorRecord } from '../../storage/contract';
import type { LiveBilling } from '../live';
import { type SlotMachine, type SlotState, slotView } from './hangout-slots';
import type { hangoutRepository } from './hangouts-repository';

/** The camera rooms of the SFU: one per broadcaster in the hang-out, and one for his camera. */
export const cameraOf = (roomId: string, ownerId: string) => `${roomId}:${ownerId}`;

export const anchorOf = (a: AnchorRecord): HangoutAnchor => ({
  anchor_id: a.userid,
  nickname: a.nickname,
  photourl: a.photourl,
});

export interface Room {
  roomId: string;
  host: HangoutAnchor;
  member: { user_id: string; nickname: string; photourl: string };
  startedAt: number;
  slots: SlotMachine;
  sessionId?: string;
  /** His camera is on for the broadcasters in the room. */
  memberCamera: boolean;
  /** Connections watching a camera: viewer id → who watches. */
  viewers: Map<string, string>;
}

export interface HangoutRoomsDeps {
  sfu: Sfu;
  notifier: Notifier;
  store: ReturnType<typeof hangoutRepository>;
  billing: LiveBilling;
  now: () => number;
}

export const fail = (errno: number, errmsg: string, data?: unknown) => new ApiError(errno, errmsg, data);
export const notInRoom = () => fail(Errno.NOT_FOUND, HangoutText.notInRoom);

export class HangoutRooms {
  private readonly byId = new Map<string, Room>();

  constructor(private readonly deps: HangoutRoomsDeps) {}

  get(roomId: string): Room | undefined {
    return this.byId.get(roomId);
  }

  all(): Room[] {
    return [...this.byId.values()];
  }

  add(room: Room) {
    this.byId.set(room.roomId, room);
  }

  /** Still the room of that id (not ended, not replaced). */
  isOpen(room: Room): boolean {
    return this.byId.get(room.roomId) === room;
  }

  /** The room, for someone in it (the member, the host, a friend with a slot). */
  roomOf(userid: string, roomId: string): Room {
    const room = this.byId.get(roomId);
    if (!room || !this.audience(room).includes(userid)) throw notInRoom();
    return room;
  }

  hostRoom(hostId: string, roomId: string): Room {
    const room = this.byId.get(roomId);
    if (!room || room.host.anchor_id !== hostId) throw notInRoom();
    return room;
  }

  /** The member, the host and every friend holding a slot. */
  audience(room: Room): string[] {
    const friends = room.slots.slots.flatMap((s) => (s.anchor && !s.end ? [s.anchor.anchor_id] : []));
    return [room.member.user_id, room.host.anchor_id, ...friends];
  }

  /** The broadcasters on camera: the host and her friends living in a slot. */
  onCamera(room: Room): string[] {
    return [
      room.host.anchor_id,
      ...room.slots.living().flatMap((s) => (s.anchor ? [s.anchor.anchor_id] : [])),
    ];
  }

  view(room: Room): HangoutRoom {
    const now = this.deps.now();
    return {
      room_id: room.roomId,
      anchor: room.host,
      member: { ...room.member, camera: room.memberCamera ? 1 : 0 },
      slots: room.slots.slots.map((s) => slotView(s, now)),
      credit_per_minute: HANGOUT_CREDIT_PER_MINUTE,
      started_at: Math.floor(room.startedAt / 1000),
    };
  }

  async tell(userids: string[], route: string, data: unknown) {
    await Promise.all(
      [...new Set(userids)].map((u) => this.deps.notifier.deliver(u, route, data).catch(() => {})),
    );
  }

  /** A broadcaster's own part in the hang-out ended (refused, timed out, missed). */
  async tellEnd(anchorId: string, room: Room, status: HangoutEndStatus) {
    const notice: HangoutEndNotice = { room_id: room.roomId, status, anchor_id: anchorId };
    await this.tell([anchorId], HangoutEvent.end, notice);
  }

  /** The slots changed: stored, and everyone in the room (and `also`, whose part just ended) told. */
  async slotsChanged(room: Room, also: string[] = []) {
    for (const slot of room.slots.slots) await this.persist(room, slot);
    const notice: HangoutSlotsNotice = { room_id: room.roomId, slots: this.view(room).slots };
    await this.tell([...this.audience(room), ...also], HangoutEvent.slots, notice);
  }

  /** A friend leaves (or her connection goes): her slot frees and her camera closes. */
  async friendGone(room: Room, friendId: string) {
    if (!room.slots.leave(friendId)) return;
    this.deps.sfu.close(cameraOf(room.roomId, friendId));
    await this.deps.store.left(room.roomId, friendId);
    await this.slotsChanged(room, [friendId]);
  }

  /** The hang-out ends for everyone: every camera closes, his minutes stop, each is told why. */
  async endRoom(room: Room, status: HangoutEndStatus) {
    if (!this.isOpen(room)) return;
    this.byId.delete(room.roomId);
    const audience = this.audience(room);
    const { sfu } = this.deps;
    for (const viewerId of room.viewers.keys()) sfu.leave(viewerId);
    sfu.close(cameraOf(room.roomId, room.host.anchor_id));
    sfu.close(cameraOf(room.roomId, room.member.user_id));
    for (const slot of room.slots.slots)
      if (slot.anchor) sfu.close(cameraOf(room.roomId, slot.anchor.anchor_id));
    if (room.sessionId) await this.deps.billing.close(room.sessionId, status).catch(() => {});
    await this.deps.store.end(room.roomId, status);
    const notice: HangoutEndNotice = { room_id: room.roomId, status };
    await this.tell(audience, HangoutEvent.end, notice);
  }

  private persist(room: Room, slot: SlotState) {
    return this.deps.store.setSlot(room.roomId, slot.index, slot.anchor?.anchor_id ?? null, slot.status);
  }
}
