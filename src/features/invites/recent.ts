/**
 * The recent lists (spec 001 §4): hang-out invites, recent chats and One-on-One invites of the last
 * 10 minutes, at most 24 each, newest first; One-on-One entries count down from 600 s.
 */
import {
  type BubbleType,
  type InviteData,
  RECENT_LIST_AGE_MS,
  RECENT_LIST_MAX,
  RECENT_ONE_ON_ONE_COUNTDOWN_S,
} from '../../../protocol/realtime';

export type RecentListName = 'hangout' | 'chat' | 'oneOnOne';

export interface RecentEntry {
  /** `${list}:${bubble id}`, so an invitation is recorded once whichever tab writes it. */
  key: string;
  list: RecentListName;
  userid: string;
  id: string;
  type: BubbleType;
  data: InviteData;
  at: number;
  /** When it stops being offered (ms); the One-on-One ones after their 600 s countdown. */
  until: number;
}

/** Which recent list an invitation of this type belongs to, if any. */
export function recentListOf(type: BubbleType): RecentListName | null {
  if (type === 'hangoutInvite') return 'hangout';
  if (type === 'livechatnotice') return 'chat';
  if (type === 'askPrivate' || type === 'autoInvitePrivate') return 'oneOnOne';
  return null;
}

export function recentEntry(
  list: RecentListName,
  userid: string,
  id: string,
  type: BubbleType,
  data: InviteData,
  at: number,
): RecentEntry {
  const span = list === 'oneOnOne' ? RECENT_ONE_ON_ONE_COUNTDOWN_S * 1000 : RECENT_LIST_AGE_MS;
  return { key: `${list}:${id}`, list, userid, id, type, data, at, until: at + span };
}

export const isRecent = (entry: Pick<RecentEntry, 'at' | 'until'>, now: number) =>
  now - entry.at < RECENT_LIST_AGE_MS && now < entry.until;

/** Seconds left on an entry's countdown (0 when over). */
export const secondsLeft = (entry: Pick<RecentEntry, 'until'>, now: number) =>
  Math.max(0, Math.ceil((entry.until - now) / 1000));

/** One list's entries to keep: recent, one per id, newest first, at most 24. */
export function keepRecent(entries: readonly RecentEntry[], now: number): RecentEntry[] {
  const seen = new Set<string>();
  return [...entries]
    .filter((entry) => isRecent(entry, now))
    .sort((a, b) => b.at - a.at)
    .filter((entry) => !seen.has(entry.key) && Boolean(seen.add(entry.key)))
    .slice(0, RECENT_LIST_MAX);
}

/** Every list's kept entries together, newest first (for the bell). */
export function mergeRecent(entries: readonly RecentEntry[], now: number): RecentEntry[] {
  const lists: RecentListName[] = ['hangout', 'chat', 'oneOnOne'];
  return lists
    .flatMap((list) =>
      keepRecent(
        entries.filter((entry) => entry.list === list),
        now,
      ),
    )
    .sort((a, b) => b.at - a.at);
}

/** mm:ss for the bell. */
export function formatLeft(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
