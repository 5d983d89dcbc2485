/**
 * The live rooms' side of her moderation (server/features/room-moderation): his seats in her rooms
 * close at once here, and on every other process through LIVE_END_CHANNEL, with a message naming
 * him and her instead of a billing session. The channel's other message besides a session's end,
 * a room of hers ended on one process (RoomEnded), is defined here too.
 */
import type { ManEndStatus } from '../../../protocol/live/live';
import type { Db } from '../../storage/contract';
import type { SeatHooks } from '../room-moderation';
import type { LiveSeats } from './live-seats';

/** What LIVE_END_CHANNEL carries when she removes or bans a member: his seats in her rooms end. */
export interface MemberOut {
  memberId: string;
  anchorId: string;
  status: ManEndStatus;
}

export function isMemberOut(message: unknown): message is MemberOut {
  const m = message as Partial<MemberOut> | null;
  return typeof m?.memberId === 'string' && typeof m.anchorId === 'string' && typeof m.status === 'string';
}

/** What LIVE_END_CHANNEL carries when one of her rooms ends on a process: its viewers elsewhere go. */
export interface RoomEnded {
  roomId: string;
  status: ManEndStatus;
  /** The process it ended on (which has closed its own seats already). */
  from: string;
}

export function isRoomEnded(message: unknown): message is RoomEnded {
  const m = message as Partial<RoomEnded> | null;
  return typeof m?.roomId === 'string' && typeof m.status === 'string' && typeof m.from === 'string';
}

/** His seats in her rooms on this process end with the status. */
export function closeMemberSeats(seats: LiveSeats, out: MemberOut) {
  for (const seat of seats.where((s) => s.userid === out.memberId && s.anchorId === out.anchorId))
    seats.close(seat, out.status);
}

export function seatHooks(db: Db, seats: LiveSeats, publish: (out: MemberOut) => Promise<void>): SeatHooks {
  return {
    async close(anchorId, memberId, status) {
      const out = { memberId, anchorId, status };
      closeMemberSeats(seats, out);
      await publish(out);
    },
    // Members seated here, and those in her rooms on other processes (their visits are open).
    async audience(anchorId) {
      const open = await db.query<{ member_id: string }>(
        'SELECT DISTINCT member_id FROM live_sessions WHERE anchor_id = $1 AND ended_at IS NULL',
        [anchorId],
      );
      const here = seats.where((s) => s.anchorId === anchorId).map((s) => s.userid);
      return [...new Set([...here, ...open.map((r) => r.member_id)])];
    },
  };
}
