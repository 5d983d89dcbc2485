/**
 * Hang-out rooms: the member asks a broadcaster for a hang-out (requests.ts), she starts it with her
 * camera, he comes in and pays by the minute, she invites her friends, they knock with their
 * cameras and she lets them in (hangout-slots.ts). Every camera is a room of the live rooms' SFU
 * (`<room>:<anchor>`), watched one connection each; his minutes are a live billing session
 * (live-billing.ts), charged by the live rooms' tick and ended there with lackCredit, which reaches
 * this service over the bus. A room lives in the process whose SFU holds it (as live rooms do).
 */
import { randomUUID } from 'node:crypto';
import { Errno, Messages } from '../../protocol/errors';
import { FaceIdText } from '../../protocol/face-id';
import {
  HANGOUT_ALREADY,
  HANGOUT_CREDIT_PER_MINUTE,
  HANGOUT_NOT_STARTED,
  HANGOUT_SLOTS,
  type HangoutAnchor,
  type HangoutEndNotice,
  type HangoutEndStatus,
  type HangoutEnterAnswer,
  type HangoutEnterNotice,
  HangoutEvent,
  type HangoutInvitationNotice,
  type HangoutKnockAnswer,
  type HangoutRoom,
  type HangoutSlotsNotice,
  type HangoutStartAnswer,
  HangoutStatus,
  HangoutText,
  type HangoutWatchAnswer,
  INVITE_TIMEOUT_MS,
  ROOM_TYPE_HANGOUT,
} from '../../protocol/hangout';
import { LiveErrno, LiveText, type RoomChatLine } from '../../protocol/live';
import { toHundredths } from '../../protocol/money';
import { EventRoute, type RequestHandledNotice } from '../../protocol/realtime';
import type { Bus } from '../bus';
import { type IceConfig, iceServersFor } from '../live/ice';
import type { Sfu } from '../live/sfu';
import type { Notifier } from '../realtime/deliver';
import type { Presence } from '../realtime/presence';
import type { AnchorRecord, Db } from '../storage/contract';
import type { StorageRepositories } from '../storage/repositories';
import { hangoutRepository } from '../storage/repositories/hangouts';
import { notifyCredit } from './credit';
import { ApiError, notFound } from './errors';
import { anchorOnline, HangoutLists } from './hangout-lists';
import { SlotMachine, type SlotState, slotView } from './hangout-slots';
import { LIVE_END_CHANNEL } from './live';
import { LiveBilling } from './live-billing';
import { sayInRoom } from './live-chat';
import { connectionGone, described } from './live-seats';
import { TickLoop } from './tick-loop';

/** Hundredths a started hang-out minute costs the member. */
export const HANGOUT_RATE = toHundredths(HANGOUT_CREDIT_PER_MINUTE);
/** The camera rooms of the SFU: one per broadcaster in the hang-out. */
export const cameraOf = (roomId: string, anchorId: string) => `${roomId}:${anchorId}`;

export interface HangoutDeps {
  db: Db;
  repos: StorageRepositories;
  sfu: Sfu;
  notifier: Notifier;
  presence: Presence;
  ice: IceConfig;
  faceVerified: (anchorId: string) => Promise<boolean>;
  now?: () => number;
  /** How often the slots' times are looked at. */
  sweepMs?: number;
}

interface Room {
  roomId: string;
  host: HangoutAnchor;
  member: { user_id: string; nickname: string; photourl: string };
  startedAt: number;
  slots: SlotMachine;
  sessionId?: string;
  /** Connections watching a camera: viewer id → who watches. */
  viewers: Map<string, string>;
}

const fail = (errno: number, errmsg: string, data?: unknown) => new ApiError(errno, errmsg, data);
const notInRoom = () => fail(Errno.NOT_FOUND, HangoutText.notInRoom);
const anchorOf = (a: AnchorRecord): HangoutAnchor => ({
  anchor_id: a.userid,
  nickname: a.nickname,
  photourl: a.photourl,
});

export class HangoutService {
  /** The lists read from the stored rooms (friends, 18003, who is hang-outing). */
  readonly lists: HangoutLists;
  private readonly rooms = new Map<string, Room>();
  private readonly billing: LiveBilling;
  private readonly store;
  private readonly loop: TickLoop;
  private readonly now: () => number;

  constructor(private readonly deps: HangoutDeps) {
    this.now = deps.now ?? Date.now;
    this.billing = new LiveBilling(deps.db, this.now);
    this.store = hangoutRepository(deps.db);
    this.lists = new HangoutLists(deps);
    this.loop = new TickLoop(() => this.sweep(), deps.sweepMs ?? 1_000);
  }

  /** Sweeps the slots; a session the live rooms' tick ended (lackCredit) ends its hang-out. */
  async start(bus: Bus): Promise<() => Promise<void>> {
    const off = await bus.subscribe(LIVE_END_CHANNEL, (message) => {
      const { sessionId, status } = message as { sessionId: string; status: HangoutEndStatus };
      for (const room of this.rooms.values())
        if (room.sessionId === sessionId)
          void this.endRoom(room, status === 'lackCredit' ? status : 'common');
    });
    this.loop.start();
    return async () => {
      await this.loop.stop();
      await off();
      for (const room of [...this.rooms.values()]) await this.endRoom(room, 'common');
    };
  }

  // ---- The member's side.

  /** He comes into the hang-out she started for him; his first minute is paid now (a reload resumes). */
  async enter(memberId: string, anchorId: string): Promise<HangoutEnterAnswer> {
    const member = await this.deps.repos.members.find(memberId);
    if (!member) throw notFound();
    if (member.priv.hangout !== 1) throw fail(Errno.NO_PRIVILEGE, HangoutText.noPrivilege);
    if (!(await this.deps.repos.anchors.find(anchorId))) throw notFound();
    const room = [...this.rooms.values()].find(
      (r) => r.host.anchor_id === anchorId && r.member.user_id === memberId,
    );
    if (!room) throw fail(HANGOUT_NOT_STARTED, HangoutText.notStarted);
    if (!room.sessionId) {
      const sessionId = `LS${randomUUID()}`;
      const opened = await this.billing.open({
        sessionId,
        memberId,
        anchorId,
        roomId: room.roomId,
        roomType: ROOM_TYPE_HANGOUT,
        rate: HANGOUT_RATE,
      });
      if (opened.status === 'insufficient') {
        await this.endRoom(room, 'lackCredit');
        throw fail(LiveErrno.LACK_CREDIT, LiveText.lackCredit);
      }
      room.sessionId = sessionId;
      await this.store.billed(room.roomId, sessionId);
      await this.store.entered(room.roomId, memberId, 'member');
      if (opened.charged) await notifyCredit(this.deps.notifier, memberId, opened.charged.balance);
    }
    const notice = { user_id: memberId, buyfor_list: this.onCamera(room) };
    await this.tell(this.audience(room), HangoutEvent.enterNotice, { room_id: room.roomId, ...notice });
    return { ...this.view(room), ice_servers: iceServersFor(memberId, this.deps.ice) };
  }

  /** He leaves: the hang-out is his, so it ends (his minutes stop before he is answered). */
  async leave(memberId: string, roomId: string): Promise<Record<string, never>> {
    const room = this.rooms.get(roomId);
    if (room && room.member.user_id === memberId) await this.endRoom(room, 'end');
    return {};
  }

  // ---- Watching the cameras (the member, and the broadcasters in the room).

  async watch(userid: string, roomId: string, anchorId: string): Promise<HangoutWatchAnswer> {
    const room = this.roomOf(userid, roomId);
    const slot = room.slots.of(anchorId);
    const host = anchorId === room.host.anchor_id;
    // A knock's camera is the host's to see before she decides; the others see living ones.
    const visible =
      host ||
      slot?.status === HangoutStatus.living ||
      slot?.status === HangoutStatus.countback ||
      (slot?.status === HangoutStatus.knocking && userid === room.host.anchor_id);
    if (!visible) throw connectionGone();
    const { viewerId, offer } = await this.deps.sfu.watch(cameraOf(roomId, anchorId));
    room.viewers.set(viewerId, userid);
    return { viewer_id: viewerId, sdp: offer, ice_servers: iceServersFor(userid, this.deps.ice) };
  }

  async answer(userid: string, viewerId: string, sdp: string): Promise<Record<string, never>> {
    const room = [...this.rooms.values()].find((r) => r.viewers.get(viewerId) === userid);
    if (!room) throw connectionGone();
    await described(this.deps.sfu.answer(viewerId, sdp));
    return {};
  }

  async chat(userid: string, roomId: string, text: string): Promise<RoomChatLine> {
    const room = this.roomOf(userid, roomId);
    const nickname =
      userid === room.member.user_id
        ? room.member.nickname
        : userid === room.host.anchor_id
          ? room.host.nickname
          : (room.slots.of(userid)?.anchor?.nickname ?? userid);
    return sayInRoom(this.deps.notifier, roomId, { userid, nickname }, text, this.audience(room), this.now());
  }

  /** The room as it stands, for anyone in it. */
  async room(userid: string, roomId: string): Promise<HangoutRoom> {
    return this.view(this.roomOf(userid, roomId));
  }

  // ---- The host's side.

  /** She accepts his hang-out request and goes on camera; he is told to come in. */
  async startHangout(anchorId: string, inviteId: string, offer: string): Promise<HangoutStartAnswer> {
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
    for (const other of [...this.rooms.values()])
      if (other.host.anchor_id === anchorId || other.member.user_id === member.userid)
        await this.endRoom(other, 'otherHangout');
    for (const stale of [await this.store.openOfMember(member.userid)])
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
    const room: Room = {
      roomId,
      host: anchorOf(anchor),
      member: { user_id: member.userid, nickname: member.nickname, photourl: member.photourl },
      startedAt: this.now(),
      slots: new SlotMachine(HANGOUT_SLOTS, this.now),
      viewers: new Map(),
    };
    this.rooms.set(roomId, room);
    let sdp: string;
    try {
      sdp = await described(
        this.deps.sfu.publish(cameraOf(roomId, anchorId), offer, () => {
          if (this.rooms.get(roomId) === room) void this.endRoom(room, 'common');
        }),
      );
    } catch (error) {
      await this.endRoom(room, 'common');
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
    return { ...this.view(room), sdp, ice_servers: iceServersFor(anchorId, this.deps.ice) };
  }

  /** She invites a friend (online, with the hang-out privilege) into a free slot. */
  async invite(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    const room = this.hostRoom(hostId, roomId);
    const friend = await this.friendOf(room, friendId);
    if (!(await this.online(friend))) throw fail(Errno.ANCHOR_OFFLINE, HangoutText.offline);
    if (room.slots.of(friendId)) throw fail(Errno.REQUEST_PENDING, Messages.requestPending);
    const inviteId = `HI${randomUUID()}`;
    if (!room.slots.invite(anchorOf(friend), inviteId)) throw fail(LiveErrno.ROOM_FULL, HangoutText.slotBusy);
    const notice: HangoutInvitationNotice = {
      invite_id: inviteId,
      user_id: room.member.user_id,
      nickname: room.member.nickname,
      room_id: roomId,
      host: room.host,
      left_seconds: INVITE_TIMEOUT_MS / 1000,
      // Spec 000 §4: live in an even room type (a One-on-One) → shown as a live-room invitation.
      show_as: friend.state === 'live' && friend.roomType % 2 === 0 ? 'liveRoom' : 'notice',
    };
    await this.deps.notifier.deliver(friendId, HangoutEvent.invitation, notice).catch(() => {});
    await this.slotsChanged(room);
    return this.view(room);
  }

  /** A friend knocks with her camera: invited or not, she waits for the host in a slot. */
  async knock(friendId: string, roomId: string, offer: string): Promise<HangoutKnockAnswer> {
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
        this.deps.sfu.publish(cameraOf(roomId, friendId), offer, () => void this.friendGone(room, friendId)),
      );
    } catch (error) {
      room.slots.leave(friendId);
      await this.slotsChanged(room);
      throw error;
    }
    await this.store.entered(roomId, friendId, 'friend');
    await this.slotsChanged(room);
    return { ...this.view(room), sdp, ice_servers: iceServersFor(friendId, this.deps.ice) };
  }

  /** The host lets a knocking friend in: accept, the countback, then she is on camera. */
  async accept(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    const room = this.hostRoom(hostId, roomId);
    const slot = room.slots.of(friendId);
    if (slot?.status !== HangoutStatus.knocking) throw fail(Errno.REQUEST_CLOSED, HangoutText.notKnocking);
    // The spec's accept status goes out before the countback.
    slot.status = HangoutStatus.accept;
    await this.slotsChanged(room);
    room.slots.accept(friendId);
    await this.slotsChanged(room);
    return this.view(room);
  }

  async refuse(hostId: string, roomId: string, friendId: string): Promise<HangoutRoom> {
    const room = this.hostRoom(hostId, roomId);
    if (!room.slots.refuse(friendId)) throw fail(Errno.REQUEST_CLOSED, HangoutText.notKnocking);
    this.deps.sfu.close(cameraOf(roomId, friendId));
    await this.tellEnd(friendId, room, 'knockRefuse');
    await this.slotsChanged(room);
    return this.view(room);
  }

  /** A broadcaster leaves: a friend frees her slot; the host ends the hang-out. */
  async ladyLeave(anchorId: string, roomId: string): Promise<Record<string, never>> {
    const room = this.rooms.get(roomId);
    if (!room) return {};
    if (room.host.anchor_id === anchorId) await this.endRoom(room, 'end');
    else await this.friendGone(room, anchorId);
    return {};
  }

  /** The hang-out she hosts or is on camera in now (her workspace after a reload). */
  async mine(anchorId: string): Promise<{ room: HangoutRoom | null }> {
    const room = [...this.rooms.values()].find(
      (r) => r.host.anchor_id === anchorId || r.slots.of(anchorId) !== undefined,
    );
    return { room: room ? this.view(room) : null };
  }

  /** The slots' times (countback, time-outs, the 5 s reset); the loop runs it, tests call it. */
  async sweep(): Promise<void> {
    for (const room of [...this.rooms.values()]) {
      const steps = room.slots.sweep();
      if (steps.length === 0) continue;
      for (const { slot, from, anchorId } of steps) {
        if (!anchorId) continue;
        if (from === HangoutStatus.knocking) {
          this.deps.sfu.close(cameraOf(room.roomId, anchorId));
          await this.tellEnd(anchorId, room, 'knockTimeout');
        } else if (from === HangoutStatus.inviting) {
          await this.tellEnd(anchorId, room, 'knockMiss');
        } else if (slot.status === HangoutStatus.start) {
          this.deps.sfu.close(cameraOf(room.roomId, anchorId));
        }
      }
      await this.slotsChanged(
        room,
        steps.map((s) => s.anchorId).filter((id): id is string => Boolean(id)),
      );
    }
  }

  // ---- Inside.

  private async friendGone(room: Room, friendId: string) {
    if (!room.slots.leave(friendId)) return;
    this.deps.sfu.close(cameraOf(room.roomId, friendId));
    await this.store.left(room.roomId, friendId);
    await this.slotsChanged(room, [friendId]);
  }

  /** The hang-out ends for everyone: every camera closes, his minutes stop, each is told why. */
  private async endRoom(room: Room, status: HangoutEndStatus) {
    if (this.rooms.get(room.roomId) !== room) return;
    this.rooms.delete(room.roomId);
    const audience = this.audience(room);
    for (const viewerId of room.viewers.keys()) this.deps.sfu.leave(viewerId);
    this.deps.sfu.close(cameraOf(room.roomId, room.host.anchor_id));
    for (const slot of room.slots.slots)
      if (slot.anchor) this.deps.sfu.close(cameraOf(room.roomId, slot.anchor.anchor_id));
    if (room.sessionId) await this.billing.close(room.sessionId, status).catch(() => {});
    await this.store.end(room.roomId, status);
    const notice: HangoutEndNotice = { room_id: room.roomId, status };
    await this.tell(audience, HangoutEvent.end, notice);
  }

  private async tellEnd(anchorId: string, room: Room, status: HangoutEndStatus) {
    const notice: HangoutEndNotice = { room_id: room.roomId, status, anchor_id: anchorId };
    await this.tell([anchorId], HangoutEvent.end, notice);
  }

  /** The slots changed: stored, and everyone in the room (and `also`, whose part just ended) told. */
  private async slotsChanged(room: Room, also: string[] = []) {
    for (const slot of room.slots.slots) await this.persist(room, slot);
    const notice: HangoutSlotsNotice = { room_id: room.roomId, slots: this.view(room).slots };
    await this.tell([...this.audience(room), ...also], HangoutEvent.slots, notice);
  }

  private persist(room: Room, slot: SlotState) {
    return this.store.setSlot(room.roomId, slot.index, slot.anchor?.anchor_id ?? null, slot.status);
  }

  private async tell(userids: string[], route: string, data: unknown) {
    await Promise.all(
      [...new Set(userids)].map((u) => this.deps.notifier.deliver(u, route, data).catch(() => {})),
    );
  }

  /** The member, the host and every friend holding a slot. */
  private audience(room: Room): string[] {
    const friends = room.slots.slots.flatMap((s) => (s.anchor && !s.end ? [s.anchor.anchor_id] : []));
    return [room.member.user_id, room.host.anchor_id, ...friends];
  }

  private onCamera(room: Room): string[] {
    return [
      room.host.anchor_id,
      ...room.slots.living().flatMap((s) => (s.anchor ? [s.anchor.anchor_id] : [])),
    ];
  }

  private view(room: Room): HangoutRoom {
    const now = this.now();
    return {
      room_id: room.roomId,
      anchor: room.host,
      member: room.member,
      slots: room.slots.slots.map((s) => slotView(s, now)),
      credit_per_minute: HANGOUT_CREDIT_PER_MINUTE,
      started_at: Math.floor(room.startedAt / 1000),
    };
  }

  /** The room, for someone in it (the member, the host, a friend with a slot). */
  private roomOf(userid: string, roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (!room || !this.audience(room).includes(userid)) throw notInRoom();
    return room;
  }

  private hostRoom(hostId: string, roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (!room || room.host.anchor_id !== hostId) throw notInRoom();
    return room;
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

  private online(a: AnchorRecord): Promise<boolean> {
    return anchorOnline(this.deps.presence, a);
  }
}
