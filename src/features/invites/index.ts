/**
 * The app's invitation store, wired to the browser: the realtime client, the invitation calls,
 * IndexedDB, the tab channel, the Web Lock, the title and the Notification API. It follows the
 * session: running for a signed-in member (offline too, from the recent lists), stopped otherwise.
 */
import { subscribe } from 'valtio';
import { RequestRoute } from '../../../protocol/realtime';
import { dropRecent, followRecent, readClosed, readRecent, saveClosed, saveRecent } from '../../db/recent';
import { realtime } from '../../realtime';
import { notificationsState } from '../../state/notifications';
import { sessionState } from '../../state/session';
import { memberPrivOf, userState } from '../../state/user';
import { showInvite } from '../livechat/invites-api';
import {
  checkHangoutDisplay,
  checkPrivateDisplay,
  checkPublicDisplay,
  getRecentInvites,
  logAutoInviteClick,
  logHangoutClick,
  reportPublicInvite,
} from './api';
import { playChime } from './chime';
import { browserNoticeEnv, createDesktopNotifier } from './desktop-notices';
import { createTitleMarquee } from './marquee';
import { mergeRecent } from './recent';
import { createInviteStore } from './store';
import { claimLeadership, openTabChannel } from './tabs';
import { bubbleText } from './text';

const userid = () => userState.me?.userid ?? '';
const desktop = createDesktopNotifier(browserNoticeEnv);

export const inviteStore = createInviteStore({
  state: notificationsState,
  realtime,
  calls: {
    display: (kind, { id, data }) =>
      kind === 'public'
        ? checkPublicDisplay(data.anchor_id, id)
        : kind === 'private'
          ? checkPrivateDisplay(data.anchor_id, id)
          : checkHangoutDisplay(data.anchor_id, id, data.is_auto ? 1 : 0),
    reportPublicInvite,
    clickLog: (bubble) =>
      bubble.type === 'hangoutInvite'
        ? logHangoutClick(bubble.data.anchor_id, bubble.data.is_auto ? 1 : 0)
        : bubble.type === 'viewPublic'
          ? reportPublicInvite(bubble.data.log_id ?? bubble.id, 1)
          : logAutoInviteClick(bubble.id),
    recentInvites: getRecentInvites,
    anchorReport: (inviteId) => realtime.request(RequestRoute.anchorReport, { invite_id: inviteId }),
  },
  storage: { saveRecent, dropRecent, saveClosed, readClosed },
  channel: typeof window === 'undefined' ? null : openTabChannel(),
  userid,
  priv: () => memberPrivOf(userState.me),
  claimLeadership,
  notify: (bubble) =>
    desktop(
      bubble.data.anchor_id,
      bubble.type,
      bubble.data.nick_name,
      bubbleText(bubble),
      bubble.data.photourl,
    ),
  marquee: typeof document === 'undefined' ? undefined : createTitleMarquee(document),
  // The display check (showInvite): a bubble the server does not answer as her live invitation goes.
  livechatShown: (bubble, quiet) => {
    if (!quiet) playChime();
    showInvite(bubble.data.anchor_id)
      .then((answer) => {
        if (answer.inviteId !== bubble.id) return inviteStore.close(bubble.id, 'dismiss');
        // "Free chat" only while it is: the display check answers whether a free ticket pays it now.
        const shown = notificationsState.livechat.find((b) => b.id === bubble.id);
        if (shown && shown.data.free !== answer.free) shown.data.free = answer.free;
      })
      .catch(() => undefined);
  },
});

const READ_KEY = 'glimmer-bell-read';

function readAtOf(id: string): number {
  try {
    return Number(localStorage.getItem(`${READ_KEY}:${id}`)) || 0;
  } catch {
    return 0;
  }
}

/** The bell was opened: what it lists now counts as read. */
export function markBellRead(now = Date.now()) {
  notificationsState.readAt = now;
  try {
    localStorage.setItem(`${READ_KEY}:${userid()}`, String(now));
  } catch {
    // Private windows may refuse storage; the count then resets on reload.
  }
}

/** The bell's list follows IndexedDB (writes of every tab) and is re-cut as entries age. */
function watchRecent(id: string): () => void {
  let entries: Awaited<ReturnType<typeof readRecent>> = [];
  let stopped = false;
  let unfollow: (() => void) | undefined;
  const apply = () => {
    const next = mergeRecent(entries, Date.now());
    const same =
      next.length === notificationsState.recent.length &&
      next.every((entry, i) => entry.key === notificationsState.recent[i]?.key);
    if (!same) notificationsState.recent = next;
  };
  const take = (rows: typeof entries) => {
    entries = rows;
    apply();
    notificationsState.recentReady = true;
  };
  const fail = (error: unknown) => {
    notificationsState.recentReady = true;
    console.warn('[invites] recent list', error);
  };
  // A plain read at once; the live query (and Dexie) follows in the background or with a write.
  void readRecent(id).then((rows) => !stopped && !unfollow && take(rows));
  void followRecent(id, take, fail).then((off) => {
    if (stopped) off();
    else unfollow = off;
  }, fail);
  const timer = setInterval(apply, 1000);
  return () => {
    stopped = true;
    unfollow?.();
    clearInterval(timer);
  };
}

/** Runs the store while a member is signed in; answers the undo function (for the shell's effect). */
export function linkInvites(): () => void {
  let running = '';
  let unwatch: (() => void) | null = null;
  const sync = () => {
    const me = userState.me;
    const want = sessionState.status === 'signed-in' && me?.role === 'man' ? me.userid : '';
    if (want === running) return;
    if (running) {
      inviteStore.stop();
      unwatch?.();
      unwatch = null;
      notificationsState.recent = [];
      notificationsState.recentReady = false;
    }
    running = want;
    if (!want) return;
    notificationsState.readAt = readAtOf(want);
    unwatch = watchRecent(want);
    void inviteStore.start();
  };
  sync();
  const offSession = subscribe(sessionState, sync);
  const offUser = subscribe(userState, sync);
  return () => {
    offSession();
    offUser();
    if (running) inviteStore.stop();
    unwatch?.();
    running = '';
  };
}
