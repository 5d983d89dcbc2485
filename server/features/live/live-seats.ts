/**
 * Who is in which live room on this process. A member's place in a room is a seat: his SFU
 * connection (the viewer id) and his billing session. A reload or a second window gets a new
 * connection but resumes the session, so a minute is never paid twice; the newest window takes his
 * seat, so he holds one seat per room however many he opens. A seat ends one way
 * whatever the reason: his connection closes at once, his minutes stop, he is told why, and a
 * One-on-One closes for her too.
 */

import { Errno } from '../../../protocol/errors';
import {
  type AnchorAwayNotice,
  LiveEvent,
  LiveText,
  type ManEndStatus,
  type OneOnOneNotice,
  type RoomCloseNotice,
  type RoomSpentNotice,
} from '../../../protocol/live/live';
import { EventRoute } from '../../../protocol/realtime';
import { ApiError, invalidParams } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Sfu } from '../../sfu/sfu';
import { creditOf, notifyCredit } from '../money';
import type { Charged, LiveBilling } from './live-billing';
import type { SeatEntry } from './live-cluster-seats';

/** The member's camera in a One-on-One is a room of its own, which she watches. */
export const cameraRoomOf = (roomId: string) => `${roomId}:cam`;

export const connectionGone = () => new ApiError(Errno.LIVE_CONNECTION_GONE, LiveText.common);

/** A description the SFU cannot take (not SDP, no media it knows): the caller's mistake, said plainly. */
export const badDescription = () => invalidParams('sdp is not a session description the server can use');
export async function described<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch {
    throw badDescription();
  }
}

export interface Seat {
  viewerId: string;
  sessionId: string;
  userid: string;
  nickname: string;
  photourl: string;
  roomId: string;
  anchorId: string;
  roomType: number;
  /** Hundredths per started minute. */
  rate: number;
  prepaidMinutes: number;
  /** A broadcast voucher is to pay his first minutes (live-billing.ts claims it). */
  voucher: boolean;
  oneOnOne: boolean;
  answered: boolean;
  /** The billing session exists (opened now, or resumed). */
  billed: boolean;
}

/** How long a seat whose connection went without a word waits for a reload to resume it. */
export const RESUME_GRACE_MS = 20_000;

export class LiveSeats {
  private readonly seats = new Map<string, Seat>();
  /** Her connection watching his camera, by One-on-One room. */
  readonly herViews = new Map<string, string>();
  /** The seat directory of a cluster (live-cluster.ts): told as seats open here and go. */
  directory?: { placed(seat: Seat): void; gone(viewerId: string): void };
  /** A member entered a room (a new visit, not a resumed one): his ride announces him (rides). */
  onEntered?: (e: {
    memberId: string;
    anchorId: string;
    roomId: string;
    audience: string[];
  }) => Promise<void>;

  constructor(
    private readonly sfu: Sfu,
    private readonly notifier: Notifier,
    private readonly billing: LiveBilling,
    private readonly vouchersChanged: (userid: string) => Promise<void>,
    private readonly resumeGraceMs = RESUME_GRACE_MS,
  ) {}

  /**
   * His newest window takes his place: his seat in the same room hands it its billing session and
   * goes quietly; a seat in another room ends with sameRoom (one room at a time).
   */
  take(seat: Seat) {
    for (const old of this.where((s) => s.userid === seat.userid)) {
      if (old.roomId !== seat.roomId) {
        this.close(old, 'sameRoom');
        continue;
      }
      if (old.billed && !seat.billed) {
        seat.sessionId = old.sessionId;
        seat.billed = true;
      }
      this.drop(old);
    }
    this.seats.set(seat.viewerId, seat);
    this.directory?.placed(seat);
  }

  get(viewerId: string): Seat | undefined {
    return this.seats.get(viewerId);
  }

  /** A copy: closing seats while going through them is safe. */
  where(test: (seat: Seat) => boolean): Seat[] {
    return [...this.seats.values()].filter(test);
  }

  inRoom(roomId: string): Seat[] {
    return this.where((s) => s.roomId === roomId);
  }

  /** His seat, or the spec's "connection gone" when it is not his or no longer here. */
  of(userid: string, viewerId: string): Seat {
    const seat = this.seats.get(viewerId);
    if (!seat || seat.userid !== userid) throw connectionGone();
    return seat;
  }

  /** The member's seat in her One-on-One `roomId`. */
  privateOf(anchorId: string, roomId: string): Seat {
    const [seat] = this.where((s) => s.roomId === roomId && s.anchorId === anchorId && s.oneOnOne);
    if (!seat) throw connectionGone();
    return seat;
  }

  /** Everyone in a room: her and its members here. */
  audience(roomId: string, anchorId: string): string[] {
    return [anchorId, ...this.inRoom(roomId).map((s) => s.userid)];
  }

  /**
   * Opens (or finds open) his billing session: 'insufficient' when his first minute cannot be paid,
   * 'full' when a capped room has no seat left; the seat is gone then.
   */
  async startBilling(seat: Seat, cap?: number): Promise<'open' | 'insufficient' | 'full'> {
    if (seat.billed) return 'open';
    seat.billed = true;
    const opened = await this.billing.open({
      sessionId: seat.sessionId,
      memberId: seat.userid,
      anchorId: seat.anchorId,
      roomId: seat.roomId,
      roomType: seat.roomType,
      rate: seat.rate,
      prepaidMinutes: seat.prepaidMinutes,
      voucher: seat.voucher,
      cap,
    });
    // A newer window may have taken this seat's place meanwhile: it shares the outcome.
    const heirs = this.where((s) => s.sessionId === seat.sessionId && s !== seat);
    if (opened.status !== 'open') {
      const lack = opened.status === 'insufficient';
      for (const s of [seat, ...heirs]) this.close(s, lack ? 'lackCredit' : 'common', lack, false);
      return opened.status;
    }
    const fresh = opened.sessionId === seat.sessionId;
    // Another window (here or on another process) opened his session first: bill that one.
    for (const s of [seat, ...heirs]) s.sessionId = opened.sessionId;
    if (fresh && !seat.oneOnOne && this.onEntered) {
      const audience = this.audience(seat.roomId, seat.anchorId);
      await this.onEntered({
        memberId: seat.userid,
        anchorId: seat.anchorId,
        roomId: seat.roomId,
        audience,
      }).catch(() => {});
    }
    // What paid is what the database says (a voucher may have been used meanwhile by another window).
    seat.prepaidMinutes = opened.prepaidMinutes;
    if (opened.voucherId) await this.vouchersChanged(seat.userid).catch(() => {});
    if (opened.charged) await this.tellCharged(opened.charged);
    else if (seat.rate > 0)
      await this.tellSpent({ memberId: seat.userid, sessionId: opened.sessionId, roomId: seat.roomId });
    return 'open';
  }

  /**
   * A minute of his room was paid: his balance, then what the visit has cost (from the ledger) with
   * that same balance, so the room's "Spent" and the header never disagree.
   */
  async tellCharged(charged: Charged): Promise<void> {
    await notifyCredit(this.notifier, charged.memberId, charged.balance);
    await this.tellSpent(charged);
  }

  /** What his visit has cost so far; with the balance when a charge just moved it. */
  private async tellSpent(paid: Omit<Charged, 'balance'> & { balance?: number }): Promise<void> {
    const spent = await this.billing.spent(paid.sessionId);
    const notice: RoomSpentNotice = { room_id: paid.roomId, spent: creditOf(spent) };
    if (paid.balance !== undefined) notice.credit = creditOf(paid.balance);
    await this.notifier.deliver(paid.memberId, LiveEvent.roomSpent, notice).catch(() => {});
  }

  /** Every seat of a room ends with `status`, and the SFU drops the room. */
  closeRoom(roomId: string, status: ManEndStatus) {
    for (const seat of this.inRoom(roomId)) this.close(seat, status);
    this.sfu.close(roomId);
  }

  /**
   * His connection went (the tab closed or reloaded, the network went, he signed in elsewhere).
   * Coming back within the grace resumes the session (the new seat replaces this one); otherwise
   * the seat ends with `status` at the time he went. The grace is billed only if he comes back:
   * the session is marked away in the database, so no process's tick charges a minute starting
   * after he left (live-billing.ts), and his return on any process clears it.
   */
  lost(viewerId: string, status: ManEndStatus = 'common'): Promise<void> {
    const seat = this.seats.get(viewerId);
    if (!seat) return Promise.resolve();
    this.sfu.leave(viewerId);
    const billed = seat.billed;
    const marked = billed ? this.billing.away(seat.sessionId, 'member').catch(() => {}) : Promise.resolve();
    setTimeout(() => {
      if (this.seats.get(viewerId) !== seat) return;
      void marked.then(async () => {
        const ended = !billed || (await this.billing.endAway(seat.sessionId, status).catch(() => true));
        if (this.seats.get(viewerId) !== seat) return;
        // Not ended: he came back through another process, where the visit goes on.
        if (ended) this.close(seat, status, true, !billed);
        else this.drop(seat);
      });
    }, this.resumeGraceMs).unref();
    return marked;
  }

  /**
   * The process holding these seats is gone (live-cluster.ts): their visits pause now, so no minute
   * starting later is charged, and end after the grace unless he came back through another process;
   * then he is told his room closed and, in a One-on-One, she is told he left (as when his
   * connection goes on one process). `memberOf` gives her his name and photo.
   */
  async orphaned(
    gone: Pick<SeatEntry, 'sessionId' | 'memberId' | 'roomId' | 'anchorId' | 'oneOnOne'>[],
    memberOf: (userid: string) => Promise<{ nickname: string; photourl: string } | undefined>,
  ) {
    for (const seat of gone) {
      const sessionId = seat.sessionId;
      if (!sessionId) continue;
      await this.billing.away(sessionId, 'member').catch(() => {});
      const ended = async () =>
        (await this.billing.endAway(sessionId, 'common')) ||
        // Never billed (he had not answered, or she had not joined): nothing to come back to.
        !(await this.billing.openSession(seat.memberId, seat.roomId));
      setTimeout(() => {
        void ended()
          .then(async (over) => {
            if (!over) return;
            const status = 'common';
            const notice: RoomCloseNotice = { room_id: seat.roomId, anchor_id: seat.anchorId, status };
            await this.notifier.deliver(seat.memberId, EventRoute.roomClose, notice).catch(() => {});
            if (!seat.oneOnOne) return;
            const member = await memberOf(seat.memberId).catch(() => undefined);
            const left: OneOnOneNotice = {
              room_id: seat.roomId,
              user_id: seat.memberId,
              nickname: member?.nickname ?? seat.memberId,
              photourl: member?.photourl ?? '',
              status,
            };
            await this.notifier.deliver(seat.anchorId, LiveEvent.memberLeft, left).catch(() => {});
          })
          .catch(() => {});
      }, this.resumeGraceMs).unref();
    }
  }

  /** His connection closes; the seat stays billed (a reload resumes it). */
  drop(seat: Seat) {
    if (this.seats.get(seat.viewerId) === seat) this.directory?.gone(seat.viewerId);
    this.seats.delete(seat.viewerId);
    this.sfu.leave(seat.viewerId);
  }

  /**
   * He is out of the room: his connection closes at once and his minutes stop. `tell` sends him
   * the room-close notice; a One-on-One closes for her too.
   */
  close(seat: Seat, status: ManEndStatus, tell = true, endBilling = true) {
    if (!this.seats.has(seat.viewerId)) return;
    this.drop(seat);
    if (endBilling) void this.billing.close(seat.sessionId, status).catch(() => {});
    if (tell) {
      const notice: RoomCloseNotice = { room_id: seat.roomId, anchor_id: seat.anchorId, status };
      void this.notifier.deliver(seat.userid, EventRoute.roomClose, notice).catch(() => {});
    }
    if (seat.oneOnOne) {
      const herView = this.herViews.get(seat.roomId);
      if (herView) this.sfu.leave(herView);
      this.herViews.delete(seat.roomId);
      this.sfu.close(cameraRoomOf(seat.roomId));
      this.sfu.close(seat.roomId);
      void this.tellHer(LiveEvent.memberLeft, seat, { status });
    }
  }

  /**
   * Her connection in his One-on-One went (`away`) or came back: his minutes pause meanwhile (the
   * session is marked away on her side; her return moves its start on by her absence, so he pays
   * nothing for time without her), and he is told.
   */
  async herAway(seat: Seat, away: boolean): Promise<void> {
    if (seat.billed)
      await (away
        ? this.billing.away(seat.sessionId, 'anchor')
        : this.billing.back(seat.sessionId, 'anchor'));
    const notice: AnchorAwayNotice = { room_id: seat.roomId, anchor_id: seat.anchorId, away: away ? 1 : 0 };
    await this.notifier.deliver(seat.userid, LiveEvent.anchorAway, notice).catch(() => {});
  }

  async tellHer(route: string, seat: Seat, extra: Partial<OneOnOneNotice> = {}) {
    const notice: OneOnOneNotice = {
      room_id: seat.roomId,
      user_id: seat.userid,
      nickname: seat.nickname,
      photourl: seat.photourl,
      ...extra,
    };
    await this.notifier.deliver(seat.anchorId, route, notice).catch(() => {});
  }
}
