/**
 * Which One-on-One a member may enter, and what is already paid for it. A private room opens from:
 * - her instant invitation, accepted as he enters (live.html's anchor_inviteid);
 * - her automatic private invitation (isauto), likewise;
 * - his request, for REQUEST_ROOM_OPEN_S after she accepted it (roomid PV<request>): its hold paid
 *   the first minute;
 * - a scheduled booking from a minute before its time (roomid PV<booking>, or found by the pair):
 *   its deposit pays the first BOOKING_DEPOSIT_MINUTES (spec 001 §9).
 * Anything else is refused: a private room is never reachable from an address alone. A visit still
 * going resumes whatever the time. What was paid ahead belongs to the room: live-billing.ts gives
 * each visit what earlier ones left of it.
 */
import { BOOKING_DEPOSIT_MINUTES, BOOKING_START_NOW_S } from '../../../protocol/bookings/booking';
import { Errno } from '../../../protocol/errors';
import { LiveErrno, LiveText } from '../../../protocol/live/live';
import { REQUEST_ROOM_OPEN_S } from '../../../protocol/realtime';
import { ApiError } from '../../core/errors';
import type { Db, StorageRepositories } from '../../storage/contract';
import { bookingsRepository } from '../bookings';
import { privateRoomId } from '../invitations';
import { openSessionIn } from './live-billing';

/** After its time a booking's room may still be opened this long (a late start). */
const BOOKING_LATE_S = 600;

export interface PrivateAsk {
  inviteId?: string;
  roomId?: string;
  isAuto?: boolean;
  /** Not a private room: a scheduled show's (show-room.ts). */
  liveShowId?: string;
  /** He confirmed a paid public room's price (price_ok=1): without it such a room answers 10700. */
  priceOk?: boolean;
}

export interface PrivatePass {
  roomId: string;
  /** Minutes paid before the room opened (for every visit together). */
  prepaidMinutes: number;
  source: 'invitation' | 'request' | 'booking';
}

/** He has had a visit in the room (her invitation's One-on-One took place). */
async function usedRoom(db: Db, memberId: string, roomId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM live_sessions WHERE member_id = $1 AND room_id = $2 LIMIT 1', [
    memberId,
    roomId,
  ]);
  return rows.length > 0;
}

const noRoom = () => new ApiError(Errno.NO_PRIVILEGE, LiveText.noPower);

export async function privatePass(
  repos: StorageRepositories,
  db: Db,
  memberId: string,
  anchorId: string,
  ask: PrivateAsk,
  now: number,
): Promise<PrivatePass> {
  const invitations = repos.invitations;
  const mine = (r: { userId: string; anchorId: string } | undefined) =>
    r !== undefined && r.userId === memberId && r.anchorId === anchorId;

  // Her invitation (instant, or automatic): accepting it is entering the room.
  const invite = ask.inviteId
    ? await invitations.find(ask.inviteId)
    : ask.isAuto
      ? await invitations.aliveBetween(memberId, anchorId, 'auto_private')
      : undefined;
  if (invite && mine(invite) && (invite.kind === 'instant' || invite.kind === 'auto_private')) {
    const roomId = privateRoomId(invite.inviteId);
    if (invite.status !== 'accepted') {
      const closed = await invitations.close(invite.inviteId, 'accepted');
      if (!closed) throw new ApiError(Errno.REQUEST_CLOSED, LiveText.endNoStart);
    } else if ((await usedRoom(db, memberId, roomId)) && !(await openSessionIn(db, memberId, roomId))) {
      // Accepted before: a reload resumes its visit, but once the visit ended it never opens again.
      throw new ApiError(LiveErrno.INVITATION_USED, LiveText.invitationUsed);
    }
    return { roomId, prepaidMinutes: 0, source: 'invitation' };
  }

  const ref = ask.roomId?.replace(/^PV/, '');
  // His request, accepted by her: the hold paid the first minute.
  const request = ref ? await invitations.find(ref) : undefined;
  if (request && mine(request) && request.kind === 'request_instant') {
    if (request.status !== 'accepted') throw noRoom();
    const roomId = privateRoomId(request.inviteId);
    const acceptedAt = request.closedAt?.getTime() ?? 0;
    if (now - acceptedAt > REQUEST_ROOM_OPEN_S * 1000 && !(await openSessionIn(db, memberId, roomId)))
      throw noRoom();
    return { roomId, prepaidMinutes: 1, source: 'request' };
  }

  // A booking whose time has come.
  const bookings = bookingsRepository(db);
  const from = new Date(now - BOOKING_LATE_S * 1000);
  const to = new Date(now + BOOKING_START_NOW_S * 1000);
  const booking = ref
    ? await bookings.find(ref)
    : await bookings.startingBetween(anchorId, memberId, from, to);
  if (booking && mine(booking)) {
    const at = booking.bookTime.getTime();
    const roomId = privateRoomId(booking.bookingId);
    const inTime = at <= to.getTime() && at >= from.getTime();
    if (
      !['accepted', 'completed'].includes(booking.status) ||
      !(inTime || (await openSessionIn(db, memberId, roomId)))
    ) {
      throw noRoom();
    }
    return {
      roomId,
      prepaidMinutes: BOOKING_DEPOSIT_MINUTES,
      source: 'booking',
    };
  }
  throw noRoom();
}
