/**
 * His room's rules that need no screen: which rooms are paid (and so have End and a summary), the
 * sound he chose (kept in localStorage), a visit's length from the server's times, and the show
 * refusal that a ticket would lift. Pure, so unit tests pin them.
 */
import { Errno } from '../../../protocol/errors';
import { LiveText } from '../../../protocol/live/live';
import type { LastVisitAnswer } from '../../../protocol/live/live-room';
import type { RoomKind } from './room-words';

/** Premium, One-on-One and show rooms are paid: he ends them with End and sees what they cost. */
export const isPaidRoom = (kind: RoomKind) => kind.oneOnOne || kind.show || kind.creditPerMinute > 0;

export interface SoundChoice {
  muted: boolean;
  /** 0 to 1, the video element's volume. */
  volume: number;
}

export const SOUND_KEY = 'glimmer.live.sound';
/** Browsers refuse sound before a tap: a room with no choice yet starts muted. */
export const DEFAULT_SOUND: SoundChoice = { muted: true, volume: 0.8 };

/** His remembered sound, or the default for anything unreadable. */
export function readSound(stored: string | null): SoundChoice {
  if (!stored) return DEFAULT_SOUND;
  try {
    const value = JSON.parse(stored) as Partial<SoundChoice>;
    const volume = Number(value.volume);
    return {
      muted: value.muted !== false,
      volume: Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : DEFAULT_SOUND.volume,
    };
  } catch {
    return DEFAULT_SOUND;
  }
}

/** Moving the volume is asking for sound: above nothing it unmutes, at nothing it mutes. */
export function withVolume(volume: number): SoundChoice {
  const clamped = Math.min(1, Math.max(0, volume));
  return { volume: clamped, muted: clamped === 0 };
}

/** Unmuting at volume nothing would stay silent: it comes back at the default volume. */
export const toggledMute = (sound: SoundChoice): SoundChoice =>
  sound.muted
    ? { muted: false, volume: sound.volume > 0 ? sound.volume : DEFAULT_SOUND.volume }
    : { ...sound, muted: true };

/** How long a visit lasted per the server's clock (an open one: until `nowSeconds`). */
export function visitMs(visit: LastVisitAnswer, nowSeconds: number): number {
  if (!visit.started_at) return 0;
  const end = visit.ended_at || nowSeconds;
  return Math.max(0, end - visit.started_at) * 1000;
}

/** A show room refused because he holds no ticket (the show pass's 10010 with its noTicket text). */
export const needsTicket = (errno: number | undefined, message: string, liveShowId?: string) =>
  Boolean(liveShowId) && errno === Errno.NO_PRIVILEGE && message === LiveText.noTicket;
