/**
 * The notification list: the bubbles on screen (at most 3 invites, spec 001 §4) and the bell's
 * recent invitations read from IndexedDB. Changed only by src/features/invites/store.ts.
 */
import { proxy } from 'valtio';
import type { RecentEntry } from '../features/invites/recent';
import type { Bubble } from '../features/invites/rules';

export const notificationsState = proxy({
  /** Invite bubbles on screen, oldest first. */
  bubbles: [] as Bubble[],
  /** Livechat bubbles on screen (their own stack of at most 3). */
  livechat: [] as Bubble[],
  /** The bell: recent invitations of every list, newest first. */
  recent: [] as RecentEntry[],
  /** The recent lists have been read from IndexedDB at least once (till then a page shows loading). */
  recentReady: false,
  /** The bell was last opened at (ms); entries after it count as unread. */
  readAt: 0,
});
