/**
 * What becomes a push alert, and what it says. An alert carries its own lifetime (the TTL sent is
 * what is left of it), its Urgency, a Topic (a newer alert on the same topic replaces an
 * undelivered older one at the push service) and the payload in Declarative Web Push form.
 */
import { createHash } from 'node:crypto';
import { MailEvent, type MailNotice } from '../protocol/mail/mail';
import type { AlertKind } from '../protocol/profile/settings';
import {
  MAIL_ALERT_LIFE_S,
  missedInviteTitle,
  ONLINE_ALERT_LIFE_S,
  PUSH_ACTION_LATER,
  PUSH_TTL_MAX_S,
  type PushAction,
  type PushPayload,
} from '../protocol/push/push';
import { EventRoute, type InviteData } from '../protocol/realtime';
import {
  type AnchorOnlineNotice,
  ONLINE_REMIND_REPEAT_S,
  ReminderEvent,
  ReminderTexts,
} from '../protocol/reminders/reminders';

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface Alert {
  /** Unique per event: the first process to claim it sends it. */
  key: string;
  userId: string;
  /** Its kind, as the member chooses a channel for it (and a subscription its types). */
  type: AlertKind;
  /** Ms since the epoch when the alert stops being useful (TTL counts down to it). */
  expiresAt: number;
  urgency: Urgency;
  /** RFC 8030 Topic: at most 32 base64url characters. */
  topic: string;
  payload: PushPayload;
  /** When the event happened (ms), for latency figures. */
  createdAt: number;
  /** At most one alert on `subject` to him per `gapS` (push-server/repeats.ts), by push or email. */
  repeat?: { subject: string; gapS: number };
  /**
   * What the alert was made from: a lease stores this (a few hundred bytes) rather than the whole
   * alert, and `alertFromSource` makes the same alert again for a process that takes it over.
   */
  source?: AlertSource;
}

export type AlertSource =
  | { event: string; data: unknown }
  | { show: Omit<ShowReminder, 'startTime'> & { startTime: number }; expiresAt: number };

/** The alert `source` was made from, for `userId` at `createdAt`, as it was made then. */
export function alertFromSource(userId: string, source: AlertSource, createdAt: number): Alert | undefined {
  if ('event' in source) return alertFromEvent(userId, source.event, source.data, createdAt);
  const r = { ...source.show, startTime: new Date(source.show.startTime) };
  return reminderAlert(userId, r, source.expiresAt, createdAt);
}

/** Topics made lately: an alert is made for every invitation, and their topics name the few
 * broadcasters inviting (a hash each time was a visible part of an invitation's cost). */
const topics = new Map<string, string>();
const TOPICS_KEPT = 4096;

/** A Topic from any string: 32 base64url characters of its hash. */
export function topicOf(value: string): string {
  let topic = topics.get(value);
  if (topic === undefined) {
    topic = createHash('sha256').update(value).digest('base64url').slice(0, 32);
    if (topics.size >= TOPICS_KEPT) topics.clear();
    topics.set(value, topic);
  }
  return topic;
}

/** Seconds left to send as TTL: never past the alert's end, never negative, at most a day. */
export function ttlOf(alert: Pick<Alert, 'expiresAt'>, now: number): number {
  return Math.max(0, Math.min(PUSH_TTL_MAX_S, Math.floor((alert.expiresAt - now) / 1000)));
}

/** The app's own hash route as a same-origin address. */
export function appUrl(path: string, search: Record<string, string> = {}): string {
  const query = new URLSearchParams(search).toString();
  return `/#${path}${query ? `?${query}` : ''}`;
}

const HOME = appUrl('/home');

/**
 * The payload with every link and image made absolute at `origin` (PUBLIC_ORIGIN): Declarative Web
 * Push shows it without our service worker, so nothing may depend on the worker's own origin.
 */
export function withOrigin(payload: PushPayload, origin: string): PushPayload {
  if (!origin) return payload;
  const at = (path: string | undefined) => (path ? new URL(path, origin).href : path);
  const n = payload.notification;
  const g = payload.glimmer;
  return {
    ...payload,
    notification: {
      ...n,
      navigate: at(n.navigate) ?? n.navigate,
      icon: at(n.icon),
      actions: n.actions?.map((a) => ({ ...a, navigate: at(a.navigate) ?? a.navigate })),
    },
    glimmer: {
      ...g,
      photo: at(g.photo) ?? g.photo,
      missed: g.missed && { ...g.missed, navigate: at(g.missed.navigate) ?? g.missed.navigate },
    },
  };
}

interface InviteShape {
  bubble: string;
  title(name: string): string;
  accept: string;
  to: string;
  search(data: InviteData): Record<string, string>;
}

/** Invitation events that reach a member who is away (auto-invitations are for members in the app). */
const INVITES: Record<string, InviteShape> = {
  [EventRoute.instantInvite]: {
    bubble: 'askPrivate',
    title: (n) => `${n} invites you to a One-on-One`,
    accept: 'Accept',
    to: '/live',
    search: (d) => ({ anchorid: d.anchor_id, type: 'private', anchor_inviteid: d.invite_id ?? '' }),
  },
  [EventRoute.scheduledInvite]: {
    bubble: 'askRequest',
    title: (n) => `${n} invites you to a scheduled One-on-One`,
    accept: 'View Booking',
    to: '/liverequest/booking',
    search: () => ({}),
  },
  [EventRoute.publicInvite]: {
    bubble: 'viewPublic',
    title: (n) => `${n} is live now`,
    accept: 'Watch Now',
    to: '/live',
    search: (d) => ({ anchorid: d.anchor_id, type: 'public' }),
  },
  [EventRoute.hangoutInvite]: {
    bubble: 'hangoutInvite',
    title: (n) => `${n} invites you to hang out`,
    accept: 'Hang-out Now',
    to: '/hangout',
    search: (d) => ({ id: d.anchor_id }),
  },
};

/** The alert for a socket event to a member, or undefined when the event is not one we push. */
export function alertFromEvent(userId: string, route: string, raw: unknown, now: number): Alert | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  if (route === MailEvent.emfNotice || route === MailEvent.loiNotice)
    return mailAlert(userId, route, raw as MailNotice, now);
  if (route === ReminderEvent.anchorOnline) return onlineAlert(userId, raw as AnchorOnlineNotice, now);
  const shape = INVITES[route];
  if (!shape) return undefined;
  const data = raw as InviteData;
  if (data.is_auto === 1 || typeof data.anchor_id !== 'string') return undefined;
  const id = data.invite_id ?? data.log_id ?? data.roomid;
  if (!id) return undefined;
  // A scheduled invitation stays useful until its booked time; the others for their countdown.
  const lifeS =
    route === EventRoute.scheduledInvite && typeof data.book_time === 'number'
      ? data.book_time - now / 1000
      : (data.left_seconds ?? 0);
  if (!(lifeS > 0)) return undefined;
  const name = data.nick_name || 'A broadcaster';
  const navigate = appUrl(shape.to, shape.search(data));
  const actions: PushAction[] = [
    { action: 'accept', title: shape.accept, navigate },
    { action: PUSH_ACTION_LATER, title: 'Later', navigate: HOME },
  ];
  const expiresAt = now + Math.round(lifeS * 1000);
  const tag = `invite:${id}`;
  return {
    key: `${route}:${id}`,
    userId,
    type: 'invite',
    expiresAt,
    urgency: 'high',
    // One per broadcaster: her newer invitation replaces an older one still waiting.
    topic: topicOf(`invite:${data.anchor_id}`),
    createdAt: now,
    source: { event: route, data: raw },
    payload: {
      web_push: 8030,
      notification: {
        title: shape.title(name),
        body: data.invMsg || data.msg || 'Tap to answer before it expires.',
        navigate,
        tag,
        icon: data.photourl || undefined,
        lang: 'en',
        dir: 'ltr',
        mutable: true,
        app_badge: '1',
        actions,
      },
      glimmer: {
        kind: 'invite',
        type: shape.bubble,
        id,
        anchor_id: data.anchor_id,
        name,
        photo: data.photourl ?? '',
        expires_at: expiresAt,
        missed: {
          title: missedInviteTitle(name),
          body: 'The invitation has ended. Open Glimmer to see who is online now.',
          navigate: HOME,
        },
      },
    },
  };
}

/** A letter for him (mail or greeting mail): one alert per letter, leading to his inbox. */
function mailAlert(userId: string, route: string, data: MailNotice, now: number): Alert | undefined {
  if (typeof data.emf_id !== 'string' || !data.emf_id || typeof data.anchor_id !== 'string') return undefined;
  const name = data.anchor_nickname || 'A broadcaster';
  const greeting = route === MailEvent.loiNotice;
  const navigate = appUrl('/inbox');
  const expiresAt = now + MAIL_ALERT_LIFE_S * 1000;
  return {
    key: `${route}:${data.emf_id}`,
    userId,
    type: 'mail',
    expiresAt,
    urgency: 'normal',
    topic: topicOf(`mail:${data.emf_id}`),
    createdAt: now,
    source: { event: route, data },
    payload: {
      web_push: 8030,
      notification: {
        title: greeting ? `You have a new greeting mail from ${name}.` : ReminderTexts.mail(name),
        body: greeting ? 'Tap to read it: greeting mail is free to read.' : 'Tap to read it in your inbox.',
        navigate,
        tag: `mail:${data.emf_id}`,
        lang: 'en',
        dir: 'ltr',
        mutable: true,
        app_badge: String(Math.max(1, Number(data.num) || 1)),
        actions: [{ action: 'read', title: 'Read', navigate }],
      },
      glimmer: {
        kind: 'mail',
        type: greeting ? 'loiNotice' : 'emfNotice',
        id: data.emf_id,
        anchor_id: data.anchor_id,
        name,
        photo: '',
        expires_at: expiresAt,
      },
    },
  };
}

/**
 * A broadcaster he follows came online: short-lived, and at most once per ONLINE_REMIND_REPEAT_S
 * for the same broadcaster (spec 002 §4), across events and processes (Alert.repeat).
 */
function onlineAlert(userId: string, data: AnchorOnlineNotice, now: number): Alert | undefined {
  if (typeof data.anchor_id !== 'string' || !data.anchor_id) return undefined;
  // Every process that hears the notice must make the same key: it names her notice, not our clock.
  if (typeof data.online_at !== 'number') return undefined;
  const name = data.anchor_nickname || 'A broadcaster';
  const navigate = appUrl(`/anchor/${encodeURIComponent(data.anchor_id)}`);
  const expiresAt = data.online_at + ONLINE_ALERT_LIFE_S * 1000;
  return {
    key: `${ReminderEvent.anchorOnline}:${data.anchor_id}:${data.online_at}:${userId}`,
    userId,
    type: 'online',
    expiresAt,
    urgency: 'normal',
    topic: topicOf(`online:${data.anchor_id}`),
    createdAt: now,
    repeat: { subject: `online:${data.anchor_id}`, gapS: ONLINE_REMIND_REPEAT_S },
    source: { event: ReminderEvent.anchorOnline, data },
    payload: {
      web_push: 8030,
      notification: {
        title: ReminderTexts.online(name),
        body: 'Say hello while she is here.',
        navigate,
        tag: `online:${data.anchor_id}`,
        icon: data.anchor_avatar || undefined,
        lang: 'en',
        dir: 'ltr',
        mutable: true,
        actions: [{ action: 'view', title: 'View Profile', navigate }],
      },
      glimmer: {
        kind: 'online',
        type: 'anchorOnlineNotice',
        id: `${data.anchor_id}:${data.online_at}`,
        anchor_id: data.anchor_id,
        name,
        photo: data.anchor_avatar ?? '',
        expires_at: expiresAt,
      },
    },
  };
}

export interface ShowReminder {
  liveShowId: string;
  kind: 'soon' | 'start';
  anchorId: string;
  anchorName: string;
  anchorPhoto: string;
  startTime: Date;
}

/** One reminder alert per member: 'soon' lives until the start, 'start' for its useful window. */
export function reminderAlert(userId: string, r: ShowReminder, expiresAt: number, now: number): Alert {
  const navigate = appUrl('/live', { anchorid: r.anchorId, type: 'public', liveShowid: r.liveShowId });
  const minutes = Math.max(1, Math.round((r.startTime.getTime() - now) / 60_000));
  const title =
    r.kind === 'start'
      ? `${r.anchorName}'s show has started. Join now!`
      : `${r.anchorName}'s show starts in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return {
    key: `show:${r.liveShowId}:${r.kind}:${userId}`,
    userId,
    type: 'show',
    expiresAt,
    urgency: r.kind === 'start' ? 'high' : 'normal',
    // The start reminder replaces an undelivered 30-minute one.
    topic: topicOf(`show:${r.liveShowId}`),
    createdAt: now,
    source: { show: { ...r, startTime: r.startTime.getTime() }, expiresAt },
    payload: {
      web_push: 8030,
      notification: {
        title,
        body:
          r.kind === 'start'
            ? 'Tap to join the show.'
            : 'Your seat is waiting. We will remind you at the start.',
        navigate,
        tag: `show:${r.liveShowId}`,
        icon: r.anchorPhoto || undefined,
        lang: 'en',
        dir: 'ltr',
        mutable: true,
        app_badge: '1',
        actions: [{ action: 'join', title: 'Join', navigate }],
      },
      glimmer: {
        kind: 'show',
        type: 'showToStartNotice',
        id: r.liveShowId,
        anchor_id: r.anchorId,
        name: r.anchorName,
        photo: r.anchorPhoto,
        expires_at: expiresAt,
      },
    },
  };
}
