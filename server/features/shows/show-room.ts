/**
 * A scheduled show's room: open to the members holding a ticket, from the spec's Watch Now moment
 * (a minute before its start, spec 001 §9) to its end; cancelled shows have none. The ticket paid
 * for it, so its minutes are free.
 */
import { Errno } from '../../../protocol/errors';
import { LiveText } from '../../../protocol/live/live';
import { showRoomState } from '../../../protocol/shows/shows';
import { ApiError, notFound } from '../../core/errors';
import type { Db } from '../../storage/contract';

export const showRoomOf = (liveShowId: string) => `PS${liveShowId}`;

export async function showPass(
  db: Db,
  memberId: string,
  anchorId: string,
  liveShowId: string,
  now: number,
): Promise<{ roomId: string }> {
  const [show] = await db.query<ShowTimes & { anchor_id: string; ticket: number | null }>(
    `SELECT s.anchor_id, s.start_time, s.duration_min, s.status, t.status AS ticket
       FROM shows s LEFT JOIN tickets t ON t.live_show_id = s.live_show_id AND t.member_id = $2
      WHERE s.live_show_id = $1`,
    [liveShowId, memberId],
  );
  if (!show || show.anchor_id !== anchorId) throw notFound();
  if (Number(show.ticket) !== 1) throw new ApiError(Errno.NO_PRIVILEGE, LiveText.noTicket);
  mustBeOpen(show, now);
  return { roomId: showRoomOf(liveShowId) };
}

/** Her own show's room, if it is open now: from Watch Now to its end. */
export async function ownShowRoom(
  db: Db,
  anchorId: string,
  liveShowId: string,
  now: number,
): Promise<string> {
  const [show] = await db.query<ShowTimes>(
    'SELECT start_time, duration_min, status FROM shows WHERE live_show_id = $1 AND anchor_id = $2',
    [liveShowId, anchorId],
  );
  if (!show) throw notFound();
  mustBeOpen(show, now);
  return showRoomOf(liveShowId);
}

interface ShowTimes {
  start_time: unknown;
  duration_min: number;
  status: number;
}

function mustBeOpen(show: ShowTimes, now: number) {
  const startMs = new Date(show.start_time as string).getTime();
  const state = showRoomState({ startMs, durationMin: show.duration_min, status: show.status }, now);
  if (state === 'over') throw new ApiError(Errno.ANCHOR_NOT_LIVE, LiveText.showOver);
  if (state === 'notYet') throw new ApiError(Errno.ANCHOR_NOT_LIVE, LiveText.showNotYet);
}
