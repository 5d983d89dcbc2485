/**
 * A scheduled show's room: open to the members holding a ticket, from the spec's Watch Now moment
 * (a minute before its start, spec 001 §9) to its end; cancelled shows have none. The ticket paid
 * for it, so its minutes are free.
 */
import { Errno } from '../../protocol/errors';
import { LiveText } from '../../protocol/live';
import { SHOW_ONGOING_UNDER_S } from '../../protocol/shows';
import type { Db } from '../storage/contract';
import { ApiError, notFound } from './errors';

export const showRoomOf = (liveShowId: string) => `PS${liveShowId}`;

export async function showPass(
  db: Db,
  memberId: string,
  anchorId: string,
  liveShowId: string,
  now: number,
): Promise<{ roomId: string }> {
  const [show] = await db.query<{
    anchor_id: string;
    start_time: unknown;
    duration_min: number;
    status: number;
    ticket: number | null;
  }>(
    `SELECT s.anchor_id, s.start_time, s.duration_min, s.status, t.status AS ticket
       FROM shows s LEFT JOIN tickets t ON t.live_show_id = s.live_show_id AND t.member_id = $2
      WHERE s.live_show_id = $1`,
    [liveShowId, memberId],
  );
  if (!show || show.anchor_id !== anchorId) throw notFound();
  if (Number(show.ticket) !== 1) throw new ApiError(Errno.NO_PRIVILEGE, LiveText.noTicket);
  const start = new Date(show.start_time as string).getTime();
  const closed = show.status === 4 || show.status === 5 || now > start + show.duration_min * 60_000;
  if (closed) throw new ApiError(Errno.ANCHOR_NOT_LIVE, LiveText.showOver);
  if (now < start - SHOW_ONGOING_UNDER_S * 1000)
    throw new ApiError(Errno.ANCHOR_NOT_LIVE, LiveText.showNotYet);
  return { roomId: showRoomOf(liveShowId) };
}
