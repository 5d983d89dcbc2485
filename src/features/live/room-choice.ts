/**
 * Where she can go live from her workspace: her public room, free or premium, and any show of
 * hers whose room is open now (from Watch Now, a minute before its start, to its end).
 */
import {
  PREMIUM_CREDIT_PER_MINUTE,
  PREMIUM_ROOM_VIEWERS,
  ROOM_TYPE_PREMIUM,
  ROOM_TYPE_PUBLIC,
} from '../../../protocol/live/live';
import { type LadyShowInfo, showRoomState } from '../../../protocol/shows/shows';

export interface RoomChoice {
  key: string;
  label: string;
  roomType: number;
  /** Her scheduled show's room instead of her public room. */
  liveShowId?: string;
}

const PUBLIC_ROOMS: [RoomChoice, ...RoomChoice[]] = [
  { key: 'public', label: 'Public: free to watch', roomType: ROOM_TYPE_PUBLIC },
  {
    key: 'premium',
    label: `Premium: at most ${PREMIUM_ROOM_VIEWERS} viewers, each paying ${PREMIUM_CREDIT_PER_MINUTE} credits a minute`,
    roomType: ROOM_TYPE_PREMIUM,
  },
];

/** Her public room comes first: there is always a choice. */
export function roomChoices(shows: readonly LadyShowInfo[], nowMs: number): [RoomChoice, ...RoomChoice[]] {
  const open = shows.filter(
    (show) =>
      showRoomState(
        { startMs: show.start_time * 1000, durationMin: show.duration, status: show.status },
        nowMs,
      ) === 'open',
  );
  return [
    ...PUBLIC_ROOMS,
    ...open.map((show) => ({
      key: `show:${show.live_show_id}`,
      label: `Your show "${show.show_title}": ${show.sold_num} ${show.sold_num === 1 ? 'ticket' : 'tickets'} sold`,
      roomType: ROOM_TYPE_PUBLIC,
      liveShowId: show.live_show_id,
    })),
  ];
}
