/**
 * The One-on-One page's rules, kept pure: which recent invitations it offers (the bell's One-on-One
 * list, spec 001 §4: the last 10 minutes, each until its 600 s countdown ends) and how a past
 * session reads.
 */
import type { OneOnOneSession } from '../../../protocol/live/live-sessions';
import { isRecent, type RecentEntry, secondsLeft } from '../invites/recent';

/** The One-on-One invitations still open at `now`, newest first. */
export function openInvites(entries: readonly RecentEntry[], now: number): RecentEntry[] {
  return entries
    .filter((entry) => entry.list === 'oneOnOne' && isRecent(entry, now) && secondsLeft(entry, now) > 0)
    .sort((a, b) => b.at - a.at);
}

/** How long a session lasted: '45 s', '3 min 05 s', '1 h 02 min'; null while it is still open. */
export function sessionLength(session: Pick<OneOnOneSession, 'started_at' | 'ended_at'>): string | null {
  if (!session.ended_at) return null;
  const total = Math.max(0, session.ended_at - session.started_at);
  if (total < 60) return `${total} s`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min ${String(s).padStart(2, '0')} s`;
}

/** Why a session ended, where the member would want to know (the rest simply ended). */
export function endNote(status: string): string | null {
  if (status === 'lackCredit') return 'Ended: your credit ran out';
  if (status === 'loginKicked') return 'Ended: you signed in elsewhere';
  return null;
}
