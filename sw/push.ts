/// <reference lib="webworker" />
/**
 * Web Push in the service worker:
 * - `push` shows the alert with the broadcaster's photo, one notification per invitation, show,
 *   letter or online notice (the tag replaces, never stacks), its actions (Accept/Later, Join,
 *   Read, View Profile) where the browser shows them, and a
 *   quieter 'You missed an invitation from {name}' when the invitation ended before it arrived;
 * - `notificationclick` focuses an open window (or opens one) at the alert's address and tells
 *   every tab to drop the matching bubble;
 * - a page that shows an alert itself asks for the matching system notification to be closed;
 * - `pushsubscriptionchange` subscribes again and hands the member's choices to the new endpoint.
 * The app badge counts the alerts still shown.
 */
import { AJAX_QUERY, type ApiAnswer, TIMESTAMP_QUERY } from '../protocol/envelope';
import { Api } from '../protocol/paths';
import {
  PUSH_ACTION_LATER,
  type PushAction,
  PushApi,
  type PushPayload,
  SwMessage,
} from '../protocol/push/push';
import type { VapidKeyData } from '../protocol/types';

declare const self: ServiceWorkerGlobalScope;

/** What a shown notification keeps in `data` for its click. */
interface ShownData {
  id: string;
  kind: string;
  navigate: string;
  actions: Record<string, string>;
}

const absolute = (path: string) => new URL(path, self.location.origin).href;

function parse(data: PushMessageData | null): PushPayload | undefined {
  try {
    const payload = data?.json() as PushPayload | undefined;
    return payload?.notification?.title ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** Some browsers refuse `actions` or fail on unknown options: only what they support is passed. */
function maxActions(): number {
  const N = (self as unknown as { Notification?: { maxActions?: number } }).Notification;
  return N?.maxActions ?? 0;
}

async function updateBadge(): Promise<void> {
  const nav = self.navigator as WorkerNavigator & {
    setAppBadge?: (n?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  if (!nav.setAppBadge) return;
  const count = (await self.registration.getNotifications()).length;
  const done = count > 0 ? nav.setAppBadge(count) : (nav.clearAppBadge?.() ?? Promise.resolve());
  await done.catch(() => undefined);
}

export async function showPush(payload: PushPayload, now = Date.now()): Promise<void> {
  const n = payload.notification;
  const g = payload.glimmer;
  const expired = g?.kind === 'invite' && g.expires_at > 0 && now > g.expires_at && g.missed;
  const icon = g?.photo || n.icon;
  const actions: PushAction[] = expired ? [] : (n.actions ?? []);
  const data: ShownData = {
    id: g?.id ?? '',
    kind: g?.kind ?? '',
    navigate: expired ? g.missed?.navigate || n.navigate : n.navigate,
    actions: Object.fromEntries(actions.map((a) => [a.action, a.navigate])),
  };
  const options: NotificationOptions & { actions?: { action: string; title: string }[]; renotify?: boolean } =
    {
      body: expired ? g.missed?.body : n.body,
      tag: n.tag,
      icon: icon ? absolute(icon) : undefined,
      badge: absolute('/icons/icon-192.png'),
      lang: n.lang,
      dir: n.dir,
      // The missed invitation is shown quietly.
      silent: expired ? true : (n.silent ?? false),
      data,
    };
  if (!expired) options.renotify = true;
  if (maxActions() > 0 && actions.length > 0) {
    options.actions = actions.slice(0, maxActions()).map((a) => ({ action: a.action, title: a.title }));
  }
  await self.registration.showNotification(expired ? (g.missed?.title ?? n.title) : n.title, options);
  await updateBadge();
}

async function tellPages(message: unknown): Promise<readonly WindowClient[]> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
  return windows;
}

export async function clickNotification(notification: Notification, action: string): Promise<void> {
  const data = (notification.data ?? {}) as Partial<ShownData>;
  notification.close();
  if (action === PUSH_ACTION_LATER) return updateBadge();
  const target = absolute((action && data.actions?.[action]) || data.navigate || '/');
  // Every tab drops the bubble of this alert, acted on here.
  const windows = await tellPages({ type: SwMessage.dropBubble, id: data.id ?? '', kind: data.kind ?? '' });
  await updateBadge();
  const own = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (own) {
    // Hash routes: the page moves itself (a fragment change keeps its state and socket).
    own.postMessage({ type: SwMessage.navigate, url: target });
    await own.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target).catch(() => undefined);
}

/** Runs `work` for the event's lifetime; synthetic events (tests) cannot be extended, so it just runs. */
function extend(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    void work;
  }
}

/** Standard base64url → bytes, for applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * The push service replaced (or dropped) this browser's subscription: subscribe again with the
 * same key and tell the server, which moves the member's chosen types from the old endpoint.
 * Without a session cookie the server refuses it; the settings page subscribes at the next visit.
 */
export async function resubscribe(
  oldSubscription: PushSubscription | null,
  newSubscription: PushSubscription | null,
): Promise<void> {
  let sub = newSubscription;
  if (!sub) {
    let key: BufferSource | null = oldSubscription?.options.applicationServerKey ?? null;
    if (!key) {
      const answer = (await (
        await fetch(Api.vapidPublicKey, { cache: 'no-cache' })
      ).json()) as ApiAnswer<VapidKeyData>;
      key = keyBytes(answer.data.key);
    }
    sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const url = `${PushApi.subscribe}?${AJAX_QUERY}=1&${TIMESTAMP_QUERY}=${Date.now()}`;
  await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscription: sub.toJSON(), replaces: oldSubscription?.endpoint }),
  });
}

interface SubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

export function registerPush(): void {
  self.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as SubscriptionChangeEvent;
    extend(
      change,
      resubscribe(change.oldSubscription, change.newSubscription).catch((error: unknown) =>
        console.warn('[push] resubscribing failed', error),
      ),
    );
  });

  self.addEventListener('push', (event) => {
    const payload = parse(event.data);
    // A push we cannot read still shows something: browsers punish silent pushes.
    extend(
      event,
      payload
        ? showPush(payload)
        : self.registration.showNotification('Glimmer', { body: 'You have a new alert.', tag: 'glimmer' }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    extend(event, clickNotification(event.notification, event.action));
  });

  self.addEventListener('notificationclose', (event) => {
    extend(event, updateBadge());
  });

  self.addEventListener('message', (event) => {
    const m = event.data as { type?: string; tag?: string } | null;
    if (m?.type !== SwMessage.closeNotification || !m.tag) return;
    extend(
      event,
      self.registration.getNotifications({ tag: m.tag }).then(async (list) => {
        for (const n of list) n.close();
        await updateBadge();
      }),
    );
  });
}
