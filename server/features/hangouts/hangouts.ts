/**
 * Hang-out rooms: the member asks a broadcaster for a hang-out (requests.ts), she starts it with her
 * camera, he comes in and pays by the minute, she invites her friends, they knock with their
 * cameras and she lets them in (hangout-host.ts, hangout-slots.ts). Every camera is a room of the
 * live rooms' SFU (`<room>:<owner>`), watched one connection each: hers, her friends' once on
 * camera, and his if he turns it on (for the broadcasters in the room). His minutes are a live
 * billing session (live-billing.ts), charged by the live rooms' tick and ended there with
 * lackCredit, which reaches this service over the bus. A room lives in the process she started it
 * on; with Janus and several processes its steps reaching another process are forwarded there.
 */
import { randomUUID } from 'node:crypto';
import { Errno } from '../../../protocol/errors';
import {
  HANGOUT_CREDIT_PER_MINUTE,
  HANGOUT_NOT_STARTED,
  type HangoutCameraNotice,
  type HangoutEndNotice,
  type HangoutEndStatus,
  type HangoutEnterAnswer,
  HangoutEvent,
  type HangoutRoom,
  HangoutStatus,
  HangoutText,
  type HangoutWatchAnswer,
  ROOM_TYPE_HANGOUT,
} from '../../../protocol/hangouts/hangout';
import { LiveErrno, LiveText, type RoomChatLine } from '../../../protocol/live/live';
import { toHundredths } from '../../../protocol/money';
import type { Bus } from '../../bus/index';
import { notFound } from '../../core/errors';
import { TickLoop } from '../../core/tick-loop';
import { iceServersFor } from '../../sfu/ice';
import { connectionGone, described, LIVE_END_CHANNEL, LiveBilling, LiveCluster, sayInRoom } from '../live';
import { notifyCredit } from '../money';
import type { HangoutDeps } from './hangout-deps';
import { HangoutHost } from './hangout-host';
import { HangoutLists } from './hangout-lists';
import { cameraOf, fail, HangoutRooms, notInRoom, type Room } from './hangout-rooms';
import { hangoutRepository } from './hangouts-repository';

export type { HangoutDeps };

/** Hundredths a started hang-out minute costs the member. */
export const HANGOUT_RATE = toHundredths(HANGOUT_CREDIT_PER_MINUTE);

export class HangoutService {
  /** The lists read from the stored rooms (friends, 18003, who is hang-outing). */
  readonly lists: HangoutLists;
  /** The broadcasters' calls: start, invite, knock, accept, refuse, leave. */
  readonly host: HangoutHost;
  private readonly rooms: HangoutRooms;
  private readonly billing: LiveBilling;
  private readonly store;
  private readonly loop: TickLoop;
  private readonly now: () => number;
  /** Several processes on Janus: a room's steps run on the process holding it (live-cluster.ts). */
  private readonly cluster: LiveCluster;
  private readonly at: ReturnType<HangoutService['steps']>;

  constructor(private readonly deps: HangoutDeps) {
    this.now = deps.now ?? Date.now;
    this.billing = new LiveBilling(deps.db, this.now);
    this.store = hangoutRepository(deps.db);
    this.rooms = new HangoutRooms({
      sfu: deps.sfu,
      notifier: deps.notifier,
      store: this.store,
      billing: this.billing,
      now: this.now,
    });
    this.lists = new HangoutLists(deps);
    this.cluster = deps.cluster ?? new LiveCluster(deps.db, false);
    // A process that died leaves its hang-outs open in storage: the one that finds it gone ends them.
    this.cluster.hold({ owners: () => this.store.owners(), ownerGone: (owner) => this.ownerGone(owner) });
    this.host = new HangoutHost(deps, this.rooms, this.store, this.now, this.cluster);
    this.at = this.steps();
    this.loop = new TickLoop(() => this.sweep(), deps.sweepMs ?? 1_000);
  }

  /**
   * Sweeps the slots; a session the live rooms' tick ended (lackCredit) ends its hang-out. The cluster
   * is started by its owner (server/app.ts), once for the live rooms and the hang-outs.
   */
  async start(bus: Bus): Promise<() => Promise<void>> {
    const off = await bus.subscribe(LIVE_END_CHANNEL, (message) => {
      const { sessionId, status } = message as { sessionId: string; status: HangoutEndStatus };
      // The channel carries other ends too (a member out, a room ended): only a session's concerns us.
      if (typeof sessionId !== 'string') return;
      for (const room of this.rooms.all())
        if (room.sessionId === sessionId)
          void this.rooms.endRoom(room, status === 'lackCredit' ? status : 'common');
    });
    this.loop.start();
    return async () => {
      await this.loop.stop();
      await off();
      for (const room of this.rooms.all()) await this.rooms.endRoom(room, 'common');
    };
  }

  /**
   * The process holding these hang-outs is gone, their cameras with it: each ends "common", as when
   * her connection goes, his minutes stop, and everyone in it is told.
   */
  private async ownerGone(owner: string): Promise<void> {
    const status: HangoutEndStatus = 'common';
    for (const room of await this.store.endOwnedBy(owner, status)) {
      if (room.sessionId) await this.billing.close(room.sessionId, status).catch(() => {});
      const notice: HangoutEndNotice = { room_id: room.roomId, status };
      await this.rooms.tell(room.audience, HangoutEvent.end, notice);
    }
  }

  /** The room's steps, wherever the request reaches: the process holding the room runs them. */
  private steps() {
    const { cluster, rooms, store } = this;
    const room = (_userid: string, roomId: string) =>
      rooms.get(roomId) ? Promise.resolve(undefined) : store.ownerOf({ roomId });
    const his = (memberId: string, anchorId: string) =>
      rooms.all().some((r) => r.member.user_id === memberId && r.host.anchor_id === anchorId)
        ? Promise.resolve(undefined)
        : store.ownerOf({ anchorId, memberId });
    // A viewer's answer names only his connection: the one hang-out he is in now holds it.
    const theirs = async (userid: string, viewerId: string) =>
      rooms.all().some((r) => r.viewers.has(viewerId))
        ? undefined
        : ((await store.ownerOf({ anchorId: userid })) ?? (await store.ownerOf({ memberId: userid })));
    return {
      enter: cluster.step('hangout.enter', his, (m: string, a: string) => this.enterHere(m, a)),
      leave: cluster.step('hangout.leave', room, (m: string, r: string) => this.leaveHere(m, r)),
      camera: cluster.step('hangout.camera', room, (m: string, r: string, o: string) =>
        this.cameraHere(m, r, o),
      ),
      cameraOff: cluster.step('hangout.cameraOff', room, (m: string, r: string) => this.cameraOffHere(m, r)),
      watch: cluster.step('hangout.watch', room, (u: string, r: string, o: string) =>
        this.watchHere(u, r, o),
      ),
      answer: cluster.step('hangout.answer', theirs, (u: string, v: string, sdp: string) =>
        this.answerHere(u, v, sdp),
      ),
      chat: cluster.step('hangout.chat', room, (u: string, r: string, t: string) => this.chatHere(u, r, t)),
      room: cluster.step('hangout.room', room, (u: string, r: string) => this.roomHere(u, r)),
    };
  }

  // ---- The member's side.

  /** He comes into the hang-out she started for him; his first minute is paid now (a reload resumes). */
  enter(memberId: string, anchorId: string): Promise<HangoutEnterAnswer> {
    return this.at.enter(memberId, anchorId);
  }

  private async enterHere(memberId: string, anchorId: string): Promise<HangoutEnterAnswer> {
    const member = await this.deps.repos.members.find(memberId);
    if (!member) throw notFound();
    if (member.priv.hangout !== 1) throw fail(Errno.NO_PRIVILEGE, HangoutText.noPrivilege);
    const anchor = await this.deps.repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    await this.deps.moderation?.mayEnter(anchor.userid, memberId);
    const room = this.rooms.all().find((r) => r.host.anchor_id === anchorId && r.member.user_id === memberId);
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
      // A hang-out has no seat cap, so 'full' cannot come back; anything but open ends it unpaid.
      if (opened.status !== 'open') {
        await this.rooms.endRoom(room, 'lackCredit');
        throw fail(LiveErrno.LACK_CREDIT, LiveText.lackCredit);
      }
      // His open session in the room: this one, or one a second window opened first.
      room.sessionId = opened.sessionId;
      await this.store.billed(room.roomId, opened.sessionId);
      await this.store.entered(room.roomId, memberId, 'member');
      if (opened.charged) await notifyCredit(this.deps.notifier, memberId, opened.charged.balance);
    }
    const notice = { user_id: memberId, buyfor_list: this.rooms.onCamera(room) };
    await this.rooms.tell(this.rooms.audience(room), HangoutEvent.enterNotice, {
      room_id: room.roomId,
      ...notice,
    });
    return { ...this.rooms.view(room), ice_servers: iceServersFor(memberId, this.deps.ice) };
  }

  /** He leaves: the hang-out is his, so it ends (his minutes stop before he is answered). */
  leave(memberId: string, roomId: string): Promise<Record<string, never>> {
    return this.at.leave(memberId, roomId);
  }

  private async leaveHere(memberId: string, roomId: string): Promise<Record<string, never>> {
    const room = this.rooms.get(roomId);
    if (room && room.member.user_id === memberId) await this.rooms.endRoom(room, 'end');
    return {};
  }

  /** He turns his camera on: the broadcasters in the room may watch it (his preview is his own). */
  camera(memberId: string, roomId: string, offer: string): Promise<{ sdp: string }> {
    return this.at.camera(memberId, roomId, offer);
  }

  private async cameraHere(memberId: string, roomId: string, offer: string): Promise<{ sdp: string }> {
    const room = this.memberRoom(memberId, roomId);
    const sdp = await described(
      this.deps.sfu.publish(cameraOf(roomId, memberId), offer, () => {
        if (this.rooms.isOpen(room)) void this.cameraOffHere(memberId, roomId);
      }),
    );
    room.memberCamera = true;
    await this.cameraChanged(room);
    return { sdp };
  }

  cameraOff(memberId: string, roomId: string): Promise<Record<string, never>> {
    return this.at.cameraOff(memberId, roomId);
  }

  private async cameraOffHere(memberId: string, roomId: string): Promise<Record<string, never>> {
    const room = this.memberRoom(memberId, roomId);
    if (!room.memberCamera) return {};
    room.memberCamera = false;
    this.deps.sfu.close(cameraOf(roomId, memberId));
    await this.cameraChanged(room);
    return {};
  }

  // ---- Watching the cameras (the member, and the broadcasters in the room).

  watch(userid: string, roomId: string, ownerId: string): Promise<HangoutWatchAnswer> {
    return this.at.watch(userid, roomId, ownerId);
  }

  private async watchHere(userid: string, roomId: string, ownerId: string): Promise<HangoutWatchAnswer> {
    const room = this.rooms.roomOf(userid, roomId);
    if (!this.visible(room, userid, ownerId)) throw connectionGone();
    const { viewerId, offer } = await this.deps.sfu.watch(cameraOf(roomId, ownerId));
    room.viewers.set(viewerId, userid);
    return { viewer_id: viewerId, sdp: offer, ice_servers: iceServersFor(userid, this.deps.ice) };
  }

  answer(userid: string, viewerId: string, sdp: string): Promise<Record<string, never>> {
    return this.at.answer(userid, viewerId, sdp);
  }

  private async answerHere(userid: string, viewerId: string, sdp: string): Promise<Record<string, never>> {
    const room = this.rooms.all().find((r) => r.viewers.get(viewerId) === userid);
    if (!room) throw connectionGone();
    await described(this.deps.sfu.answer(viewerId, sdp));
    return {};
  }

  chat(userid: string, roomId: string, text: string): Promise<RoomChatLine> {
    return this.at.chat(userid, roomId, text);
  }

  private async chatHere(userid: string, roomId: string, text: string): Promise<RoomChatLine> {
    const room = this.rooms.roomOf(userid, roomId);
    if (userid === room.member.user_id) await this.deps.moderation?.mayChat(room.host.anchor_id, userid);
    const nickname =
      userid === room.member.user_id
        ? room.member.nickname
        : userid === room.host.anchor_id
          ? room.host.nickname
          : (room.slots.of(userid)?.anchor?.nickname ?? userid);
    return sayInRoom(
      this.deps.notifier,
      roomId,
      { userid, nickname },
      text,
      this.rooms.audience(room),
      this.now(),
    );
  }

  /** The room as it stands, for anyone in it. */
  room(userid: string, roomId: string): Promise<HangoutRoom> {
    return this.at.room(userid, roomId);
  }

  private async roomHere(userid: string, roomId: string): Promise<HangoutRoom> {
    return this.rooms.view(this.rooms.roomOf(userid, roomId));
  }

  /** The slots' times (countback, time-outs, the 5 s reset); the loop runs it, tests call it. */
  async sweep(): Promise<void> {
    for (const room of this.rooms.all()) {
      const steps = room.slots.sweep();
      if (steps.length === 0) continue;
      for (const { slot, from, anchorId } of steps) {
        if (!anchorId) continue;
        if (from === HangoutStatus.knocking) {
          this.deps.sfu.close(cameraOf(room.roomId, anchorId));
          await this.rooms.tellEnd(anchorId, room, 'knockTimeout');
        } else if (from === HangoutStatus.inviting) {
          await this.rooms.tellEnd(anchorId, room, 'knockMiss');
        } else if (slot.status === HangoutStatus.start) {
          this.deps.sfu.close(cameraOf(room.roomId, anchorId));
        }
      }
      await this.rooms.slotsChanged(
        room,
        steps.map((s) => s.anchorId).filter((id): id is string => Boolean(id)),
      );
    }
  }

  // ---- Inside.

  /**
   * Whose camera one in the room may watch: the host's always; a friend's once she is on camera
   * (a knock's is the host's to see before she decides); his, while it is on, by the host and the
   * friends on camera.
   */
  private visible(room: Room, userid: string, ownerId: string): boolean {
    const onCamera = (id: string) => {
      const status = room.slots.of(id)?.status;
      return status === HangoutStatus.living || status === HangoutStatus.countback;
    };
    const host = userid === room.host.anchor_id;
    if (ownerId === room.host.anchor_id) return true;
    if (ownerId === room.member.user_id) return room.memberCamera && (host || onCamera(userid));
    return onCamera(ownerId) || (host && room.slots.of(ownerId)?.status === HangoutStatus.knocking);
  }

  private memberRoom(memberId: string, roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (!room || room.member.user_id !== memberId) throw notInRoom();
    return room;
  }

  private async cameraChanged(room: Room) {
    const notice: HangoutCameraNotice = { room_id: room.roomId, camera: room.memberCamera ? 1 : 0 };
    await this.rooms.tell(this.rooms.audience(room), HangoutEvent.memberCamera, notice);
  }
}
