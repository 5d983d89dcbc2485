/**
 * The "quiet moment": screens where an invitation bubble would get in the way (a live room's video,
 * a call, a payment or checkout, a composer in use) raise it while they are up; the bubble host
 * (src/features/invites/Bubbles.tsx) then shows none. Invitations keep arriving meanwhile: they wait
 * (their lifetimes run) and are listed in the notification centre. Small on purpose: the shell's
 * start bundle carries it.
 */
import { useEffect } from 'react';
import { proxy } from 'valtio';

export const quietMoment = proxy({
  /** How many screens hold each reason now. */
  holds: {} as Record<string, number>,
  /**
   * The broadcaster whose room he is in: her own invitation (to a One-on-One from her public room)
   * is part of that room, not in its way, so it still shows.
   */
  roomOf: '',
});

/** Holds the quiet moment for `reason`; returns the release (safe to call twice). */
export function holdQuiet(reason: string): () => void {
  quietMoment.holds[reason] = (quietMoment.holds[reason] ?? 0) + 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (quietMoment.holds[reason] ?? 1) - 1;
    if (left > 0) quietMoment.holds[reason] = left;
    else delete quietMoment.holds[reason];
  };
}

/** Whether any screen holds the quiet moment (pass a snapshot in render). */
export const isQuietMoment = (state: { holds: Record<string, number> } = quietMoment) =>
  Object.values(state.holds).some((n) => n > 0);

/** A screen holds the quiet moment while mounted and `on` (a live room names its broadcaster). */
export function useQuietMoment(reason: string, on = true, roomOf = '') {
  useEffect(() => {
    if (!on) return undefined;
    const release = holdQuiet(reason);
    if (roomOf) quietMoment.roomOf = roomOf;
    return () => {
      release();
      if (quietMoment.roomOf === roomOf) quietMoment.roomOf = '';
    };
  }, [reason, on, roomOf]);
}
