/**
 * What his room says about itself: its title and price line, the summary after a paid room, and
 * whose invitation bubble may pass the room's quiet moment. Pure, so unit tests pin the wording.
 */
import type { LiveSearch } from './search';

export interface RoomKind {
  /** A One-on-One (`type=private`). */
  oneOnOne: boolean;
  /** A scheduled show's room. */
  show: boolean;
  /** What each started minute costs (0: a free room). */
  creditPerMinute: number;
}

const credits = (n: number) => `${n.toFixed(2)} credits`;

/** The room's title: a One-on-One is a private chat with her. */
export function roomTitle(kind: RoomKind, nickname: string): string {
  if (kind.oneOnOne) return `One-on-One with ${nickname}`;
  if (kind.show) return `${nickname}'s show`;
  return kind.creditPerMinute > 0 ? `${nickname}'s premium room` : `${nickname}'s public room`;
}

/** The price line under the title, already clear before he spends anything more. */
export function priceText(kind: RoomKind): string {
  if (kind.creditPerMinute <= 0) return 'Free to watch';
  const rate = `${credits(kind.creditPerMinute)} a minute`;
  if (kind.oneOnOne) return `Private chat · ${rate}`;
  return kind.show ? `Show · ${rate}` : `Premium · ${rate}`;
}

/** "3 min 05 s" for a room's length. */
export function durationText(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const min = Math.floor(total / 60);
  const sec = total % 60;
  return min ? `${min} min ${String(sec).padStart(2, '0')} s` : `${sec} s`;
}

/** After a paid room: what it lasted and what the ledger took. */
export function summaryText(kind: RoomKind, nickname: string, ms: number, spent: number): string {
  const what = kind.oneOnOne ? `Your One-on-One with ${nickname}` : `Your visit to ${nickname}'s room`;
  return `${what} lasted ${durationText(ms)} and cost ${credits(spent)}.`;
}

/**
 * Whose bubble passes his room's quiet moment. In her public room her invitation to a One-on-One
 * is the room's way on, so hers shows; in a One-on-One or a show he is already with her and
 * nothing shows, hers included.
 */
export function bubbleRoomOf(search: Pick<LiveSearch, 'anchorid' | 'type' | 'liveShowid'>): string {
  return search.type === 'public' && !search.liveShowid ? search.anchorid : '';
}

/** What his room says once he pressed End. */
export const endedByHimText = (kind: RoomKind): string =>
  kind.oneOnOne ? 'You ended the One-on-One.' : kind.show ? 'You left the show.' : 'You left the room.';
