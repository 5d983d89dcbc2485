/**
 * The member's channel per alert kind (push, email, off) and what the pipeline does with it: off
 * sends nothing, email claims the alert like a push and mails his verified address only, a
 * followed broadcaster's online alert does not repeat within its gap. Also what the new alert
 * sources (new mail, a broadcaster online) say, and the email they become.
 */
import { describe, expect, it } from 'vitest';
import { MailEvent } from '../protocol/mail/mail';
import type { AlertChannel } from '../protocol/profile/settings';
import { EventRoute } from '../protocol/realtime';
import { ONLINE_REMIND_REPEAT_S, ReminderEvent } from '../protocol/reminders/reminders';
import { channelFor } from './alert-choices';
import { alertMail } from './alert-mail';
import { type Alert, alertFromEvent, alertFromSource } from './alerts';
import { type DeliveryDeps, DeliveryPipeline } from './delivery';
import type { StoredSubscription } from './subscriptions';

const now = 1_800_000_000_000;

describe('channelFor', () => {
  it('reads his choice, else the default, for each kind', () => {
    expect(channelFor({ invite: 'email' }, 'invite')).toBe('email');
    expect(channelFor('{"show":"off"}', 'show')).toBe('off');
    // Defaults (protocol/profile DEFAULT_ALERTS): new mail by email, the others by push.
    expect(channelFor(undefined, 'mail')).toBe('email');
    expect(channelFor({}, 'online')).toBe('push');
    expect(channelFor({ online: 'carrier pigeon' }, 'online')).toBe('push');
    expect(channelFor('not json', 'invite')).toBe('push');
    // A kind nobody chooses for goes by push, as before there were choices.
    expect(channelFor({ invite: 'off' }, 'something-else')).toBe('push');
  });
});

const invite = {
  invite_id: 'I1',
  anchor_id: 'A2001',
  nick_name: 'Olena',
  photourl: '/media/portrait/A2001.svg',
  left_seconds: 180,
};
const inviteAlert = () => alertFromEvent('M1001', EventRoute.instantInvite, invite, now) as Alert;
const onlineNotice = {
  anchor_id: 'A2001',
  anchor_nickname: 'Olena',
  anchor_avatar: '/media/portrait/A2001.svg',
  notice_remind_type: 1,
  online_at: now,
};

const sub: StoredSubscription = {
  endpoint: 'https://push.example/1',
  userId: 'M1001',
  p256dh: 'k',
  auth: 'a',
  types: ['invite', 'show'],
};

/** A pipeline with fakes; `sent` and `mailed` record what went out, `claims` what was leased. */
function pipeline(o: {
  channel?: AlertChannel;
  email?: string;
  subs?: StoredSubscription[];
  mailFails?: boolean;
}) {
  const sent: string[] = [];
  const mailed: { to: string; key: string }[] = [];
  const claims = new Set<string>();
  const done = new Map<string, string>();
  const slots = new Map<string, { key: string; at: number }>();
  let clock = now;
  const deps: DeliveryDeps = {
    subscriptions: { forUser: async () => o.subs ?? [sub], removeEndpoint: async () => undefined },
    leases: {
      claim: async (alert) => !claims.has(alert.key) && Boolean(claims.add(alert.key)),
      complete: async (key, outcome) => void done.set(key, outcome),
      reclaim: async () => ({ claimed: [], dropped: [] }),
    },
    hasVisibleTab: async () => false,
    channelOf: async () => o.channel ?? 'push',
    mailer: {
      verifiedEmail: async () => o.email,
      send: async (to, alert) => {
        if (o.mailFails) throw new Error('smtp down');
        mailed.push({ to, key: alert.key });
      },
    },
    repeats: {
      take: async (userId, subject, gapS, key, at) => {
        const slot = slots.get(`${userId}|${subject}`);
        if (slot && slot.key !== key && at - slot.at < gapS * 1000) return false;
        slots.set(`${userId}|${subject}`, { key, at });
        return true;
      },
    },
    sender: {
      send: async (s) => {
        sent.push(s.endpoint);
        return { outcome: 'sent' as const, status: 201, attempts: 1 };
      },
    },
    now: () => clock,
  };
  return {
    p: new DeliveryPipeline(deps),
    sent,
    mailed,
    claims,
    done,
    later: (ms: number) => {
      clock += ms;
    },
  };
}

describe('the delivery pipeline by channel', () => {
  it('push: as before, one push per subscription wanting the type, lease marked sent', async () => {
    const t = pipeline({ channel: 'push', email: 'm@example.com' });
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('pushed');
    expect(t.sent).toEqual([sub.endpoint]);
    expect(t.mailed).toEqual([]);
    await expect.poll(() => t.done.get(inviteAlert().key)).toBe('sent');
  });

  it('off: nothing is sent and nothing claimed', async () => {
    const t = pipeline({ channel: 'off', email: 'm@example.com' });
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('off');
    expect(t.sent).toEqual([]);
    expect(t.mailed).toEqual([]);
    expect(t.claims.size).toBe(0);
  });

  it('email: claimed like a push, mailed to his verified address, no push, lease marked emailed', async () => {
    const t = pipeline({ channel: 'email', email: 'm@example.com' });
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('emailed');
    expect(t.mailed).toEqual([{ to: 'm@example.com', key: inviteAlert().key }]);
    expect(t.sent).toEqual([]);
    expect(t.claims.has(inviteAlert().key)).toBe(true);
    await expect.poll(() => t.done.get(inviteAlert().key)).toBe('emailed');
    // Another process hearing the same event finds it claimed: one email per alert.
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('claimed-elsewhere');
    expect(t.mailed).toHaveLength(1);
  });

  it('email without a verified address: nothing, and no claim', async () => {
    const t = pipeline({ channel: 'email', email: undefined });
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('no-email');
    expect(t.mailed).toEqual([]);
    expect(t.sent).toEqual([]);
    expect(t.claims.size).toBe(0);
  });

  it('a failing mail provider leaves the alert leased for a later claim', async () => {
    const t = pipeline({ channel: 'email', email: 'm@example.com', mailFails: true });
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('deferred');
    expect(t.done.has(inviteAlert().key)).toBe(false);
  });

  it('a stale alert goes by no channel', async () => {
    const t = pipeline({ channel: 'email', email: 'm@example.com' });
    t.later(181_000);
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('stale');
    expect(t.mailed).toEqual([]);
  });

  it('new mail and online alerts reach every subscription (the per-browser types cover invite and show)', async () => {
    const t = pipeline({ channel: 'push', subs: [{ ...sub, types: ['show'] }] });
    const mail = alertFromEvent(
      'M1001',
      MailEvent.emfNotice,
      { emf_id: 'EMF1', anchor_id: 'A2001', anchor_nickname: 'Olena', num: 2 },
      now,
    ) as Alert;
    expect((await t.p.deliver(mail)).outcome).toBe('pushed');
    // An invitation still follows the browser's own choice.
    expect((await t.p.deliver(inviteAlert())).outcome).toBe('no-subscription');
  });

  it('a broadcaster online reaches him once per ONLINE_REMIND_REPEAT_S, by email too', async () => {
    const t = pipeline({ channel: 'email', email: 'm@example.com' });
    const first = alertFromEvent('M1001', ReminderEvent.anchorOnline, onlineNotice, now) as Alert;
    expect((await t.p.deliver(first)).outcome).toBe('emailed');
    t.later(60 * 60_000);
    const again = alertFromEvent(
      'M1001',
      ReminderEvent.anchorOnline,
      { ...onlineNotice, online_at: now + 3_600_000 },
      now + 3_600_000,
    ) as Alert;
    expect(again.key).not.toBe(first.key);
    expect((await t.p.deliver(again)).outcome).toBe('repeat');
    expect(t.mailed).toHaveLength(1);
    t.later(ONLINE_REMIND_REPEAT_S * 1000);
    const later = alertFromEvent(
      'M1001',
      ReminderEvent.anchorOnline,
      { ...onlineNotice, online_at: now + 3_600_000 + ONLINE_REMIND_REPEAT_S * 1000 },
      now + 3_600_000 + ONLINE_REMIND_REPEAT_S * 1000,
    ) as Alert;
    expect((await t.p.deliver(later)).outcome).toBe('emailed');
    expect(t.mailed).toHaveLength(2);
  });
});

describe('the new alert sources', () => {
  it('new mail: one alert per letter, to his inbox, for a day', () => {
    const a = alertFromEvent(
      'M1001',
      MailEvent.emfNotice,
      { emf_id: 'EMF1', anchor_id: 'A2001', anchor_nickname: 'Olena', num: 3 },
      now,
    );
    expect(a).toMatchObject({
      key: `${MailEvent.emfNotice}:EMF1`,
      type: 'mail',
      expiresAt: now + 86_400_000,
    });
    expect(a?.payload.notification).toMatchObject({
      title: 'You have a new mail from Olena.',
      navigate: '/#/inbox',
      app_badge: '3',
    });
    const loi = alertFromEvent(
      'M1001',
      MailEvent.loiNotice,
      { emf_id: 'LOI1', anchor_id: 'A2001', anchor_nickname: 'Olena', num: 1 },
      now,
    );
    expect(loi?.payload.notification.title).toBe('You have a new greeting mail from Olena.');
    expect(alertFromEvent('M1001', MailEvent.emfNotice, { anchor_id: 'A2001' }, now)).toBeUndefined();
  });

  it('a broadcaster online: keyed by her notice (the same in every process), short-lived, not repeated', () => {
    const a = alertFromEvent('M1001', ReminderEvent.anchorOnline, onlineNotice, now + 5);
    const b = alertFromEvent('M1001', ReminderEvent.anchorOnline, onlineNotice, now + 900);
    expect(a?.key).toBe(b?.key);
    expect(a).toMatchObject({
      type: 'online',
      expiresAt: now + 15 * 60_000,
      repeat: { subject: 'online:A2001', gapS: 7200 },
    });
    expect(a?.payload.notification).toMatchObject({
      title: 'Olena is online now.',
      navigate: '/#/anchor/A2001',
    });
    // Without her notice's time the processes could not agree on the alert: not pushed.
    expect(
      alertFromEvent('M1001', ReminderEvent.anchorOnline, { ...onlineNotice, online_at: undefined }, now),
    ).toBeUndefined();
    // A lease stores the source; the alert made again is the same.
    expect(alertFromSource('M1001', a?.source as NonNullable<Alert['source']>, now + 5)).toEqual(a);
  });
});

describe('alertMail', () => {
  it('is a real message: plain text and HTML, what happened, an absolute link into the app', () => {
    const m = alertMail(inviteAlert(), 'm@example.com', 'https://glimmer.example');
    expect(m).toMatchObject({
      to: 'm@example.com',
      userId: 'M1001',
      purpose: 'notice',
      subject: 'Olena invites you to a One-on-One',
    });
    const link = 'https://glimmer.example/#/live?anchorid=A2001&type=private&anchor_inviteid=I1';
    expect(m.text).toContain('Olena invites you to a One-on-One');
    expect(m.text).toContain(`Accept: ${link}`);
    expect(m.text).toContain('https://glimmer.example/#/mysetting/setchoice');
    expect(m.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(m.html).toContain('Invitations from broadcasters');
  });

  it('escapes what a broadcaster wrote', () => {
    const a = alertFromEvent(
      'M1001',
      EventRoute.instantInvite,
      { ...invite, nick_name: '<b>Eve</b>' },
      now,
    ) as Alert;
    const m = alertMail(a, 'm@example.com', 'http://localhost:5000');
    expect(m.html).not.toContain('<b>Eve</b>');
    expect(m.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});
