/**
 * Web Push: the subscription calls, the alert types a member can choose, the payload the
 * push server sends (Declarative Web Push, with our own fields beside it) and the timings of the
 * delivery pipeline and show reminders. Shared by the server, the service worker and the page.
 */
/** Subscription calls (POST, JSON, logged-in member; the session cookie names the browser). */
export const PushApi = {
  subscribe: '/push/subscribe',
  unsubscribe: '/push/unsubscribe',
  /** Ours: what this browser's subscription is set to, for the settings page. */
  status: '/push/status',
} as const;

/**
 * Alert types a browser's subscription chooses among (the online-notification page): invitations
 * from a broadcaster, and reminders of shows the member holds or follows. New mail and a followed
 * broadcaster online are pushed too, to every browser he subscribed, when his account's choice
 * (/mysetting/setchoice) says push: that choice is their only switch, so subscriptions made before
 * them need no migration (docs/api.md "Alert channels").
 */
export const PUSH_TYPES = ['invite', 'show'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/** Largest endpoint URL accepted (real ones are 200-600 characters). */
export const PUSH_ENDPOINT_MAX = 1024;

/** The browser's PushSubscription as `toJSON()` gives it (validated by protocol/push/push-schemas.ts). */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** POST PushApi.subscribe and PushApi.status answer. */
export interface PushStatusData {
  /** 1 when this endpoint is subscribed for the caller. */
  subscribed: 0 | 1;
  types: PushType[];
}

/** The invitation's 'Later' action: the notification goes, nothing opens, the bubble stays. */
export const PUSH_ACTION_LATER = 'later';

/** Alert kinds in the payload's `glimmer.kind` (protocol/profile ALERT_KINDS). */
export type PushAlertKind = 'invite' | 'show' | 'mail' | 'online';

/** One action button; `navigate` is where it leads (Declarative Web Push). */
export interface PushAction {
  action: string;
  title: string;
  navigate: string;
}

/**
 * What a push message decrypts to. `web_push` and `notification` are Declarative Web Push (Safari
 * shows it without a service worker); `glimmer` is what our service worker adds.
 * `navigate` and image addresses are relative to the app's origin ('/#/live?...').
 */
export interface PushPayload {
  web_push: 8030;
  notification: {
    title: string;
    body: string;
    navigate: string;
    tag: string;
    icon?: string;
    lang: 'en';
    dir: 'ltr';
    silent?: boolean;
    /** Our service worker may rewrite it (e.g. 'You missed an invitation'). */
    mutable: true;
    app_badge?: string;
    actions?: PushAction[];
  };
  glimmer: {
    kind: PushAlertKind;
    /** The bubble type this alert stands for (askPrivate, showToStartNotice, ...). */
    type: string;
    /** Invitation or show id: tabs drop the bubble with this id when the notification is clicked. */
    id: string;
    anchor_id: string;
    name: string;
    photo: string;
    /** Ms since the epoch after which the alert is stale (an invitation's end). */
    expires_at: number;
    /** For invitations: the quieter notification shown when it arrives after expires_at. */
    missed?: { title: string; body: string; navigate: string };
  };
}

/** Messages between the service worker and the page (postMessage). */
export const SwMessage = {
  /** SW → pages: a notification was clicked or closed; drop the bubble with this id. */
  dropBubble: 'glimmer:drop-bubble',
  /** SW → the tab it focuses: go to this address (hash routes change in place). */
  navigate: 'glimmer:navigate',
  /** Page → SW: the page showed this alert itself; close the matching system notification. */
  closeNotification: 'glimmer:close-notification',
} as const;

export function missedInviteTitle(name: string): string {
  return `You missed an invitation from ${name}`;
}

// ---- The delivery pipeline (push-server/delivery.ts).

/** Sends in flight at once, across all push services. */
export const PUSH_CONCURRENCY = 64;
/** A 429 or 5xx (or a network failure) is retried at most this many times. */
export const PUSH_MAX_RETRIES = 4;
/** First back-off; doubles each retry; a Retry-After header wins when it is longer. */
export const PUSH_RETRY_BASE_MS = 1_000;
/** A Retry-After asking for longer than this gives the send up. */
export const PUSH_RETRY_AFTER_MAX_MS = 5 * 60_000;
/** One POST to a push service gives up after this long (then retried). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/** VAPID JWTs are signed for this long (RFC 8292 allows at most 24 h) ... */
export const VAPID_JWT_LIFETIME_S = 12 * 60 * 60;
/** ... and re-signed when less than this is left. */
export const VAPID_JWT_RENEW_S = 60 * 60;
/** Largest TTL sent (a day); shorter alerts send their remaining life. */
export const PUSH_TTL_MAX_S = 24 * 60 * 60;
/**
 * A claimed alert is leased to its process for this long: it starts no send after the lease ends,
 * and if it has not marked the alert done by then (it died), another process takes it over.
 */
export const PUSH_LEASE_MS = 60_000;
/** How often each push-server process looks for alerts whose lease lapsed. */
export const PUSH_RECOVER_TICK_MS = 5_000;
/** An alert taken over this many times (its owners kept dying) is given up. */
export const PUSH_MAX_CLAIMS = 5;

// ---- New mail and a followed broadcaster online (push-server/alerts.ts).

/** A new-mail alert is worth sending for a day (then the inbox's badge tells him). */
export const MAIL_ALERT_LIFE_S = 24 * 60 * 60;
/** "She is online now" is worth sending for this long; later she may well be gone. */
export const ONLINE_ALERT_LIFE_S = 15 * 60;

// ---- Show reminders (push-server/reminders.ts).

/** The first reminder goes out this long before the start. */
export const SHOW_REMINDER_BEFORE_S = 30 * 60;
/** The start reminder is useful this long after the start; later it is dropped. */
export const SHOW_REMINDER_START_USEFUL_S = 10 * 60;
/** How often each push-server process schedules and claims due reminders. */
export const SHOW_REMINDER_TICK_MS = 5_000;
/** Reminders are written for shows starting within this horizon. */
export const SHOW_REMINDER_HORIZON_S = 2 * 60 * 60;
