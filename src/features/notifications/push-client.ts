/**
 * The browser side of Web Push subscriptions: whether this browser can have alerts, asking for
 * permission (only from a click), subscribing with the server's VAPID key, telling the server, and
 * turning alerts off. The subscription belongs to the login session, so at start-up a browser that
 * already has one re-registers it under the current login.
 */
import { AJAX_QUERY, type ApiAnswer, TIMESTAMP_QUERY } from '../../../protocol/envelope';
import { Api } from '../../../protocol/paths';
import { PUSH_TYPES, PushApi, type PushStatusData, type PushType } from '../../../protocol/push/push';
import type { VapidKeyData } from '../../../protocol/types';
import { ApiError } from '../../api/client';

/** Who turned alerts on in this browser: a later login of someone else does not inherit them. */
const OWNER_KEY = 'glimmer.push-owner';

interface Owner {
  userid: string;
  types: PushType[];
}

function owner(): Owner | undefined {
  try {
    return JSON.parse(localStorage.getItem(OWNER_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

const remember = (o: Owner) => localStorage.setItem(OWNER_KEY, JSON.stringify(o));

export type PushSupport = 'supported' | 'unsupported' | 'needs-install';

/** Push needs a service worker, PushManager and Notification; iOS offers them only once installed. */
export function pushSupport(): PushSupport {
  const has = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (has) return 'supported';
  const ios = /iPad|iPhone|iPod/.test(navigator.userAgent);
  return ios ? 'needs-install' : 'unsupported';
}

export function permission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'denied';
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const url = `${path}?${AJAX_QUERY}=1&${TIMESTAMP_QUERY}=${Date.now()}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(-1, 'Trouble connecting to the server. Please try again later.', true);
  }
  const answer = (await response.json()) as ApiAnswer<T>;
  if (answer.errno !== 0) throw new ApiError(answer.errno, answer.errmsg);
  return answer.data;
}

async function vapidKey(): Promise<string> {
  const response = await fetch(Api.vapidPublicKey, { cache: 'no-cache' });
  const answer = (await response.json()) as ApiAnswer<VapidKeyData>;
  return answer.data.key;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The active service worker; it never comes in a dev server without one, so this gives up. */
async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('The app is still starting up on this device. Reload the page and try again.')),
      10_000,
    );
  });
  return Promise.race([navigator.serviceWorker.ready, timeout]).finally(() => clearTimeout(timer));
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  return (await registration()).pushManager.getSubscription();
}

/** What the server holds for this browser (unsubscribed when the browser has no subscription). */
export async function pushStatus(): Promise<PushStatusData> {
  const sub = await currentSubscription();
  if (!sub || permission() !== 'granted') return { subscribed: 0, types: [] };
  return post<PushStatusData>(PushApi.status, { endpoint: sub.endpoint });
}

/**
 * Turns alerts on. Call only from a click: the permission prompt needs the member's gesture.
 * Answers the permission the browser ended with; 'granted' means subscribed.
 */
export async function enablePush(
  userid: string,
  types: readonly PushType[] = PUSH_TYPES,
): Promise<NotificationPermission> {
  const asked = permission() === 'granted' ? 'granted' : await Notification.requestPermission();
  if (asked !== 'granted') return asked;
  const reg = await registration();
  const key = await vapidKey();
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (keys never change, but a restore might) is replaced.
  const current = sub?.options.applicationServerKey;
  if (sub && current && !sameKey(new Uint8Array(current), base64UrlToBytes(key))) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(key),
  });
  await post<PushStatusData>(PushApi.subscribe, { subscription: sub.toJSON(), types });
  remember({ userid, types: [...types] });
  return 'granted';
}

function sameKey(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Changes which alerts come, keeping the subscription. */
export async function setPushTypes(userid: string, types: readonly PushType[]): Promise<PushStatusData> {
  const sub = await currentSubscription();
  if (!sub) return { subscribed: 0, types: [] };
  const status = await post<PushStatusData>(PushApi.subscribe, { subscription: sub.toJSON(), types });
  remember({ userid, types: [...types] });
  return status;
}

/** Turns alerts off: the server forgets the endpoint, then the browser drops the subscription. */
export async function disablePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await post(PushApi.unsubscribe, { endpoint: sub.endpoint });
  await sub.unsubscribe();
  localStorage.removeItem(OWNER_KEY);
}

/**
 * After a login: the member who turned alerts on in this browser keeps them under the new session
 * (the old session's row went with its logout or expiry). Anyone else starts with alerts off.
 */
export async function relinkPush(userid: string): Promise<void> {
  const mine = owner();
  if (mine?.userid !== userid) return;
  const sub = await currentSubscription();
  if (!sub || permission() !== 'granted') return;
  const known = await post<PushStatusData>(PushApi.status, { endpoint: sub.endpoint });
  if (known.subscribed) return;
  await post<PushStatusData>(PushApi.subscribe, { subscription: sub.toJSON(), types: mine.types });
}
