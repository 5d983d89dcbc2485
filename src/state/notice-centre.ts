/**
 * The notification centre's state (protocol/notices/notices.ts): its entries with read marks and
 * his do-not-disturb end. Filled by src/features/notifications/centre.ts (loaded after first
 * paint); the bell reads the unread count.
 */
import { proxy } from 'valtio';
import type { NoticeItem } from '../../protocol/notices/notices';

export const noticeCentre = proxy({
  items: [] as NoticeItem[],
  /** The list has been read from the server at least once. */
  ready: false,
  /** The last read failed (offline, or the server did not answer). */
  failed: false,
  /** Do not disturb until (ms since the epoch); 0 when off. */
  quietUntil: 0,
  /** The bell's panel is open (the bubbles' "+N more" opens it too). */
  open: false,
});

export const unreadNotices = (state: { items: readonly NoticeItem[] }) =>
  state.items.filter((item) => item.read === 0).length;

export const isDnd = (state: { quietUntil: number }, now = Date.now()) => state.quietUntil > now;
