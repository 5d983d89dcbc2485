/**
 * Web Push in real Chromium. The browser's own push service (FCM) is out of reach here, so
 * - the settings page runs against a stand-in PushManager that hands out a subscription at a
 *   known push service address (the server checks and stores it like a real one);
 * - pushes reach the service worker through the DevTools protocol's
 *   ServiceWorker.deliverPushMessage, with the payload the push server makes for the invitation.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { type BrowserContext, expect, type Page, request, test, type Worker } from '@playwright/test';
import type { PushPayload } from '../../protocol/push';
import { EventRoute, InviteApi, type InviteData } from '../../protocol/realtime';
import { alertFromEvent } from '../../push-server/alerts';
import { DEMO_PASSWORD, signInAsMember } from './helpers';

/** A PushManager that subscribes without a push service (keys are real P-256, made by the test). */
function stubPushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const make = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { applicationServerKey: null, userVisibleOnly: true },
    toJSON: () => ({ ...subscription, expirationTime: null }),
    unsubscribe: async () => {
      localStorage.removeItem('e2e.fake-push-subscription');
      return true;
    },
  });
  PushManager.prototype.getSubscription = async () =>
    (localStorage.getItem('e2e.fake-push-subscription') ? make() : null) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async () => {
    localStorage.setItem('e2e.fake-push-subscription', '1');
    return make() as unknown as PushSubscription;
  };
}

function fakeSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  silent: boolean | null;
  actions: string[];
  data: { navigate?: string };
}

async function notifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      silent: n.silent,
      actions: ((n as unknown as { actions?: { title: string }[] }).actions ?? []).map((a) => a.title),
      data: n.data,
    }));
  });
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** Delivers `payload` to the page's service worker as a push message would. */
async function deliverPush(page: Page, payload: PushPayload) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await expect
    .poll(() => registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted))
    .toBeDefined();
  const reg = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: reg?.registrationId ?? '',
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/** A2001 invites the member through the API; answers the invitation as the member's list has it. */
async function inviteFromA2001(page: Page, baseURL: string, member: string): Promise<InviteData> {
  const api = await request.newContext({ baseURL });
  await api.post('/broadcast/login?is_ajax=1', { form: { userid: 'A2001', password: DEMO_PASSWORD } });
  const answer = await api.post(`${InviteApi.instantInviteUser}?is_ajax=1`, { form: { user_id: member } });
  const inviteId = (await answer.json()).data.invite_id as string;
  await api.dispose();
  // The member's own list: what the server sent (name, photo, lifetime).
  const list = await page.evaluate(async (path) => {
    const r = await fetch(`${path}?is_ajax=1`, { method: 'POST' });
    return (await r.json()).data.list as { data: InviteData }[];
  }, InviteApi.recentInvites);
  const found = list.find((item) => item.data.invite_id === inviteId);
  expect(found, 'the invitation is in the member’s recent list').toBeDefined();
  return found?.data as InviteData;
}

test.describe('Web Push', () => {
  test('a member turns alerts on, gets an invitation as a notification, and Accept opens it', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications']);
    const sub = fakeSubscription();
    await context.addInitScript(stubPushManager, sub);
    await signInAsMember(page, 'M1001');

    // Settings: alerts are off, one click turns them on (permission asked then), types can change.
    await page.goto('/#/mysetting/onlinenotification');
    await expect(page.getByRole('heading', { name: 'Online notifications' })).toBeVisible();
    await page.getByTestId('push-turn-on').click();
    await expect(page.getByTestId('push-on')).toBeVisible();
    await expect(page.getByTestId('push-type-invite')).toBeChecked();
    await page.getByTestId('push-type-show').click();
    await expect(page.getByTestId('push-type-show')).not.toBeChecked();
    const status = await page.evaluate(async (endpoint) => {
      const r = await fetch('/push/status?is_ajax=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint }),
      });
      return (await r.json()).data;
    }, sub.endpoint);
    expect(status).toEqual({ subscribed: 1, types: ['invite'] });
    await page.getByTestId('push-type-show').click();
    await expect(page.getByTestId('push-type-show')).toBeChecked();

    // A2001 invites M1001; the tab is visible, so the bubble shows on the page.
    await page.goto('/#/home');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const invite = await inviteFromA2001(page, baseURL ?? '', 'M1001');
    const bubble = page.locator(`[data-invite-id="${invite.invite_id}"]`);
    await expect(bubble).toBeVisible();

    // The same alert reaches this device's service worker as a push.
    const alert = alertFromEvent('M1001', EventRoute.instantInvite, invite, Date.now());
    if (!alert) throw new Error('no alert for the invitation');
    await deliverPush(page, alert.payload);
    await expect.poll(() => notifications(page)).toHaveLength(1);
    const [shown] = await notifications(page);
    expect(shown?.title).toBe(`${invite.nick_name} invites you to a One-on-One`);
    expect(shown?.tag).toBe(`invite:${invite.invite_id}`);
    expect(shown?.icon).toContain(invite.photourl);
    expect(shown?.actions).toEqual(['Accept', 'Later']);
    // A second push for the same invitation replaces it, never stacks.
    await deliverPush(page, alert.payload);
    await expect.poll(async () => (await notifications(page)).length).toBe(1);

    // Accept: the tab goes to the invitation's page and drops the bubble; the notification closes.
    const sw = await serviceWorker(context);
    await sw.evaluate(async (tag) => {
      // Runs in the service worker (its types are not in this project's lib).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(e: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
      };
      const [n] = await scope.registration.getNotifications({ tag });
      if (!n) throw new Error(`no notification ${tag}`);
      scope.dispatchEvent(
        new scope.NotificationEvent('notificationclick', { notification: n, action: 'accept' }),
      );
    }, shown?.tag ?? '');
    await expect(page).toHaveURL(
      new RegExp(`#/live\\?anchorid=A2001&type=private&anchor_inviteid=${invite.invite_id}`),
    );
    await expect(bubble).toHaveCount(0);
    await expect.poll(() => notifications(page)).toHaveLength(0);

    // An invitation that expired on the way shows the quieter missed notice instead.
    const late = alertFromEvent(
      'M1001',
      EventRoute.instantInvite,
      { ...invite, left_seconds: 1 },
      Date.now() - 5_000,
    );
    if (!late) throw new Error('no alert');
    await deliverPush(page, late.payload);
    await expect.poll(() => notifications(page)).toHaveLength(1);
    const [missed] = await notifications(page);
    expect(missed?.title).toBe(`You missed an invitation from ${invite.nick_name}`);
    expect(missed?.silent).toBe(true);
    expect(missed?.actions).toEqual([]);

    // A page that shows an alert itself asks the worker to close the matching system notification
    // (src/features/notifications/link.ts sends this message when a bubble appears).
    await page.evaluate(async (tag) => {
      const reg = await navigator.serviceWorker.ready;
      reg.active?.postMessage({ type: 'glimmer:close-notification', tag });
    }, missed?.tag);
    await expect.poll(() => notifications(page)).toHaveLength(0);

    // Off again: the server forgets this browser.
    await page.goto('/#/mysetting/onlinenotification');
    await page.getByTestId('push-turn-off').click();
    await expect(page.getByTestId('push-off')).toBeVisible();
  });

  test('a refused permission is explained, with how to undo it', async ({ page, context }) => {
    await context.addInitScript(() => {
      Notification.requestPermission = async () => 'denied';
    });
    await signInAsMember(page, 'M1002');
    await page.goto('/#/mysetting/onlinenotification');
    await page.getByTestId('push-turn-on').click();
    await expect(page.getByTestId('push-denied')).toContainText('Alerts are blocked');
    await expect(page.getByTestId('push-denied')).toContainText('set Notifications to “Allow”');
  });
});
