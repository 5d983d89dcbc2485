/**
 * The page's half of Web Push, run once by the shell:
 * - a notification clicked (in any tab's service worker) drops the matching bubble here, and a
 *   click that opens an address moves this tab there;
 * - a bubble this page shows closes the matching system notification (the alert is seen here);
 * - after a login, the member who turned alerts on in this browser keeps them (push-client.ts).
 */
import { subscribe } from 'valtio';
import { SwMessage } from '../../../protocol/push/push';
import { notificationsState } from '../../state/notifications';
import { sessionState } from '../../state/session';
import { userState } from '../../state/user';
import { inviteStore } from '../invites';
import type { Bubble } from '../invites/rules';

/** The system notification's tag for a bubble (push-server/alerts.ts makes the same). */
export function tagOf(bubble: Pick<Bubble, 'id' | 'type' | 'data'>): string {
  return bubble.type === 'showToStartNotice'
    ? `show:${bubble.data.live_show_id ?? ''}`
    : `invite:${bubble.id}`;
}

/** Bubbles standing for the alert `id` (an invitation id or a show id). */
export function bubblesFor(id: string, bubbles: readonly Bubble[]): Bubble[] {
  return bubbles.filter((b) => b.id === id || b.data.invite_id === id || b.data.live_show_id === id);
}

export function linkPush(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const sw = navigator.serviceWorker;
  const onMessage = (event: MessageEvent) => {
    const m = event.data as { type?: string; id?: string; url?: string } | null;
    if (m?.type === SwMessage.dropBubble && m.id) {
      const all = [...notificationsState.bubbles, ...notificationsState.livechat];
      for (const bubble of bubblesFor(m.id, all)) inviteStore.close(bubble.id, 'dismiss');
    }
    if (m?.type === SwMessage.navigate && m.url) {
      const url = new URL(m.url, window.location.href);
      if (url.origin === window.location.origin) window.location.assign(url.href);
    }
  };
  sw.addEventListener('message', onMessage);

  const seen = new Set<string>();
  const closeShown = () => {
    for (const bubble of notificationsState.bubbles) {
      if (seen.has(bubble.id)) continue;
      seen.add(bubble.id);
      // The active worker, not `controller`: a page loaded before the worker installed has none.
      const message = { type: SwMessage.closeNotification, tag: tagOf(bubble) };
      void sw.ready.then((reg) => reg.active?.postMessage(message));
    }
  };
  closeShown();
  const offBubbles = subscribe(notificationsState, closeShown);

  let linkedFor = '';
  const relink = () => {
    const me = userState.me;
    const userid = sessionState.status === 'signed-in' && me?.role === 'man' ? me.userid : '';
    if (!userid || userid === linkedFor) return;
    linkedFor = userid;
    // Only a browser that allows alerts can hold a subscription: the others skip the client's code.
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    import('./push-client')
      .then(({ relinkPush }) => relinkPush(userid))
      .catch((error) => console.warn('[push] relink', error));
  };
  relink();
  const offSession = subscribe(sessionState, relink);
  const offUser = subscribe(userState, relink);

  return () => {
    sw.removeEventListener('message', onMessage);
    offBubbles();
    offSession();
    offUser();
  };
}
