/**
 * Pure rules of her studio: the running timer's text and the line saying which room she is live in.
 */
import { ROOM_TYPE_PREMIUM } from '../../../protocol/live/live';

/** Elapsed time as 'm:ss', or 'h:mm:ss' from an hour on; negative or non-finite reads as 0:00. */
export function formatElapsed(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The room she chose, as her studio says it while she is live. */
export function liveRoomText(choice: { roomType: number; liveShowId?: string }): string {
  if (choice.liveShowId) return 'You are live in your show room.';
  if (choice.roomType === ROOM_TYPE_PREMIUM) return 'You are live in your premium room.';
  return 'You are live in your public room.';
}

/** Her studio's camera panel, the moment a One-on-One takes her out of the room she was live in. */
export const TAKEN_INTO_ONE_ON_ONE =
  'Your room has closed: you are in a One-on-One now. Go live again when it ends.';
