/**
 * The broadcasters' side of a hang-out: the host starts it on camera from his request, invites her
 * friends into free slots, sees each knock's camera and lets her in or refuses her; a friend knocks
 * with her camera and may leave; the host leaving ends it for everyone.
 */

import { randomUUID } from 'node:crypto';
import { Errno, Messages } from '../../../protocol/errors';
import { FaceIdText } from '../../../protocol/face-id/face-id';
import {
  HANGOUT_ALREADY,
  HANGOUT_SLOTS,
  type HangoutEnterNotice,
  HangoutEvent,
  type HangoutInvitationNotice,
  type HangoutKnockAnswer,
  type HangoutRoom,
  type HangoutStartAnswer,
  HangoutStatus,
  HangoutText,
  INVITE_TIMEOUT_MS,
} from '../../../protocol/hangouts/hangout';
import { LiveErrno } from '../../../protocol/live/live';
import { EventRoute, type RequestHandledNotice } from '../../../protocol/realtime';
import { notFound } from '../../core/errors';
import { iceServersFor } from '../../sfu/ice';
import type { AnchorRecord } from '../../storage/contract';
import { described, type LiveCluster } from '../live';
import type { HangoutDeps } from './hangout-deps';
import { anchorOnline } from './hangout-lists';
import { anchorOf, cameraOf, fail, type HangoutRooms, notInRoom, type Room } from './hangout-rooms';
import { SlotMachine } from './hangout-slots';
import type { hangoutRepository } from './hangouts-repository';

type Mine = { room: HangoutRoom | null; invitation: HangoutInvitationNotice | null };

export class HangoutHost {
  private readonly at: ReturnType<HangoutHost['steps']>;

  constructor(
    private readonly deps: HangoutDeps,
    private readonly rooms: HangoutRooms,
    private readonly store: ReturnType<typeof hangoutRepository>,
    private readonly now: () => number,
    private readonly cluster: LiveCluster,
  ) {
    this.at = this.steps();
  }

  /** Her steps in a room, wherever the request reaches: the process holding the room runs them. */
  private steps() {
    const { cluster, rooms, store } = this;
    const room = (_anchorId: string, roomId: string) =>
      rooms.get(roomId) ? Promise.resolve(undefined) : store.ownerOf({ roomId });
    const hers = (anchorId: string) =>
      rooms.all().some((r) => r.host.anchor_id === anchorId || r.slots.of(anchorId) !== undefined)
        ? Promise.resolve(undefined)
        : store.ownerOf({ anchorId });
    return {
      invite: cluster.step('hangout.invite', room, (h: string, r: string, f: string) =>
        this.inviteHere(h, r, f),
      ),
      knock: cluster.step('hangout.knock', room, (f: string, r: string, o: string) =>
        this.knockHere(f, r, o),
      ),
      accept: cluster.step('hangout.accept', room, (h: string, r: string, f: string) =>
        this.acceptHere(h, r, f),
      ),
      refuse: cluster.step('hangout.refuse', room, (h: string, r: string, f: string) =>
        this.refuseHere(h, r, f),
      ),
      leave: cluster.step('hangout.hostLeave', room, (a: string, r: string) => this.leaveHere(a, r)),
      mine: cluster.step('hangout.mine', hers, (a: string) => this.mineHere(a)),
    };
  }

  /** She accepts his hang-out request and goes on camera; he is told to come in. */
  async start(anchorId: string, inviteId: string, offer: string): Promise<HangoutStartAnswer> {
    const { repos } = this.deps;
    const record = await repos.invitations.find(inviteId);
    if (!record || record.anchorId !== anchorId || record.kind !== 'request_hangout') throw notFound();
    const anchor = await repos.anchors.find(anchorId);
    const member = await repos.members.find(record.userId);
    if (!anchor || !member) throw notFound();
    if (anchor.priv.hangout !== 1) throw fail(Errno.ANCHOR_NO_HANGOUT, HangoutText.anchorNoHangout);
    if (member.priv.hangout !== 1) throw fail(Errno.NO_PRIVILEGE, HangoutText.noPrivilege);
    if (!(await this.deps.faceVerified(anchorId))) throw fail(Errno.FACE_ID_REQUIRED, FaceIdText.required);
    const closed = await repos.invitations.close(inviteId, 'accepted');
    if (!closed) throw fail(Errno.REQUEST_CLOSED, Messages.requestClosed);
    // One hang-out at a time for each of them: an older one ends, saying why.
    for (const other of this.rooms.all())
      if (other.host.anchor_id === anchorId || other.member.user_id === member.userid)
        await this.rooms.endRoom(other, 'otherHangout');
    const stale = await this.store.openOfMember(member.userid);
    if (stale) await this.store.end(stale.roomId, 'common');
    const roomId = `HG${inviteId}`;
    const created = await this.store.create({
      roomId,
      anchorId,
      memberId: member.userid,
      inviteId,
      slots: HANGOUT_SLOTS,
    });
    if (!created) throw fail(HANGOUT_ALREADY, HangoutText.already);
    // Its steps reaching another process come here (live-cluster.ts).
    await this.store.setOwner(roomId, this.cluster.processId);
    const room: Room = {
      roomId,
      host: anchorOf(anchor),
      member: { user_id: member.userid, nickname: member.nickname, photourl: member.photourl },
      startedAt: this.now(),
      slots: new SlotMachine(HANGOUT_SLOTS, this.now),
      memberCamera: false,
      viewers: new Map(),
    };
    this.rooms.add(room);
    let sdp: string;
    try {
      sdp = await described(
        this.deps.sfu.publish(cameraOf(roomId, anchorId), offer, () => {
          if (this.rooms.isOpen(room)) void this.rooms.endRoom(room, 'common');
        }),
      );
    } catch (error) {
      await this.rooms.endRoom(room, 'common');
      throw error;
    }
    const handled: RequestHandledNotice = {
      invitation_id: inviteId,
      anchor_id: anchorId,
      nickname: anchor.nickname,
      accepted: 1,
    };
    await this.deps.notifier.deliver(member.userid, EventRoute.requestHandled, handled).catch(() => {});
    const enter: HangoutEnterNotice = { room_id: roomId, ...anchorOf(anchor) };
    await this.deps.notifier.deliver(member.userid, HangoutEvent.enterRoom, enter).catch(() => {});
    return { ...this.rooms.view(room), sdp, ice_servers: iceServersFor(anchorId, this.deps.ice) };
  }

  /** She invites a friend (online, with the hang-out privilege) into a free slot. */
  invite(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    return this.at.invite(hostId, roomId, friendId);
  }

  private async inviteHere(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    const room = this.rooms.hostRoom(hostId, roomId);
    const friend = await this.friendOf(room, friendId);
    if (!(await anchorOnline(this.deps.presence, friend)))
      throw fail(Errno.ANCHOR_OFFLINE, HangoutText.offline);
    if (room.slots.of(friendId)) throw fail(Errno.REQUEST_PENDING, Messages.requestPending);
    const inviteId = `HI${randomUUID()}`;
    if (!room.slots.invite(anchorOf(friend), inviteId)) throw fail(LiveErrno.ROOM_FULL, HangoutText.slotBusy);
    const notice = this.invitation(room, friend, inviteId, INVITE_TIMEOUT_MS);
    await this.deps.notifier.deliver(friendId, HangoutEvent.invitation, notice).catch(() => {});
    await this.rooms.slotsChanged(room);
    return this.rooms.view(room);
  }

  /** A friend knocks with her camera: invited or not, she waits for the host in a slot. */
  knock(friendId: string, roomId: string, offer: string): Promise<HangoutKnockAnswer> {
    return this.at.knock(friendId, roomId, offer);
  }

  private async knockHere(friendId: string, roomId: string, offer: string): Promise<HangoutKnockAnswer> {
    const room = this.rooms.get(roomId);
    if (!room) throw notInRoom();
    const friend = await this.friendOf(room, friendId);
    if (!(await this.deps.faceVerified(friendId))) throw fail(Errno.FACE_ID_REQUIRED, FaceIdText.required);
    const current = room.slots.of(friendId);
    if (current && current.status !== HangoutStatus.inviting)
      throw fail(Errno.REQUEST_PENDING, Messages.requestPending);
    const slot = room.slots.knock(anchorOf(friend));
    if (!slot) throw fail(LiveErrno.ROOM_FULL, HangoutText.slotBusy);
    let sdp: string;
    try {
      sdp = await described(
        this.deps.sfu.publish(
          cameraOf(roomId, friendId),
          offer,
          () => void this.rooms.friendGone(room, friendId),
        ),
      );
    } catch (error) {
      room.slots.leave(friendId);
      await this.rooms.slotsChanged(room);
      throw error;
    }
    await this.store.entered(roomId, friendId, 'friend');
    await this.rooms.slotsChanged(room);
    return { ...this.rooms.view(room), sdp, ice_servers: iceServersFor(friendId, this.deps.ice) };
  }

  /** The host lets a knocking friend in: accept, the countback, then she is on camera. */
  accept(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    return this.at.accept(hostId, roomId, friendId);
  }

  private async acceptHere(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    const room = this.rooms.hostRoom(hostId, roomId);
    const slot = room.slots.of(friendId);
    if (slot?.status !== HangoutStatus.knocking) throw fail(Errno.REQUEST_CLOSED, HangoutText.notKnocking);
    // The spec's accept status goes out before the countback.
    slot.status = HangoutStatus.accept;
    await this.rooms.slotsChanged(room);
    room.slots.accept(friendId);
    await this.rooms.slotsChanged(room);
    return this.rooms.view(room);
  }

  refuse(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    return this.at.refuse(hostId, roomId, friendId);
  }

  private async refuseHere(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    const room = this.rooms.hostRoom(hostId, roomId);
    if (!room.slots.refuse(friendId)) throw fail(Errno.REQUEST_CLOSED, HangoutText.notKnocking);
    this.deps.sfu.close(cameraOf(roomId, friendId));
    await this.rooms.tellEnd(friendId, room, 'knockRefuse');
    await this.rooms.slotsChanged(room);
    return this.rooms.view(room);
  }

  /** A broadcaster leaves: a friend frees her slot; the host ends the hang-out. */
  leave(anchorId: string, roomId: string): Promise<Record<string, never>> {
    return this.at.leave(anchorId, roomId);
  }

  private async leaveHere(anchorId: string, roomId: string): Promise<Record<string, never>> {
    const room = this.rooms.get(roomId);
    if (!room) return {};
    if (room.host.anchor_id === anchorId) await this.rooms.endRoom(room, 'end');
    else await this.rooms.friendGone(room, anchorId);
    return {};
  }

  /**
   * The hang-out she hosts or is in now, and the invitation waiting for her knock: her workspace
   * reads it as it opens (a reload, or a socket that came up after the notice went out).
   */
  mine(anchorId: string): Promise<Mine> {
    return this.at.mine(anchorId);
  }

  private async mineHere(anchorId: string): Promise<Mine> {
    const room = this.rooms
      .all()
      .find((r) => r.host.anchor_id === anchorId || r.slots.of(anchorId) !== undefined);
    const slot = room?.slots.of(anchorId);
    if (room && slot?.status === HangoutStatus.inviting && slot.inviteId) {
      const friend = await this.deps.repos.anchors.find(anchorId);
      const left = Math.max(0, (slot.due ?? 0) - this.now());
      if (friend) return { room: null, invitation: this.invitation(room, friend, slot.inviteId, left) };
    }
    return { room: room ? this.rooms.view(room) : null, invitation: null };
  }

  private invitation(
    room: Room,
    friend: AnchorRecord,
    inviteId: string,
    leftMs: number,
  ): HangoutInvitationNotice {
    return {
      invite_id: inviteId,
      user_id: room.member.user_id,
      nickname: room.member.nickname,
      room_id: room.roomId,
      host: room.host,
      left_seconds: Math.ceil(leftMs / 1000),
      // Spec 000 §4: live in an even room type (a One-on-One) → shown as a live-room invitation.
      show_as: friend.state === 'live' && friend.roomType % 2 === 0 ? 'liveRoom' : 'notice',
    };
  }

  /** Her friend, with the hang-out privilege (spec 002 §6 asks it of every broadcaster in it). */
  private async friendOf(room: Room, friendId: string): Promise<AnchorRecord> {
    const friend = await this.deps.repos.anchors.find(friendId);
    if (!friend || friendId === room.host.anchor_id) throw notFound();
    const [row] = await this.deps.db.query(
      'SELECT 1 FROM anchor_friends WHERE anchor_id = $1 AND friend_id = $2',
      [room.host.anchor_id, friendId],
    );
    if (!row) throw fail(Errno.FORBIDDEN, HangoutText.notFriend);
    if (friend.priv.hangout !== 1) throw fail(Errno.ANCHOR_NO_HANGOUT, HangoutText.friendNoHangout);
    return friend;
  }
}
