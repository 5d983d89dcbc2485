/**
 * The pure parts of the push server: which endpoints are allowed, what an alert says, TTLs, the
 * RFC 8291 encryption (checked with http_ece), an alert rebuilt from what its lease stores.
 */
import { createECDH, createHash, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { EventRoute } from '../protocol/realtime';
import { alertFromEvent, alertFromSource, reminderAlert, topicOf, ttlOf, withOrigin } from './alerts';
import { ENCRYPT_BATCH, EncryptPool } from './encrypt-pool';
import { allowedEndpoint } from './endpoints';
import { retryAfterMs } from './sender';

describe('allowedEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QAbc',
    'https://db5p.notify.windows.com/w/?token=abc',
  ])('accepts the known push service %s', (endpoint) => {
    expect(allowedEndpoint(endpoint, [])).toBeDefined();
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilfcm.googleapis.com/x',
    'https://a:b@fcm.googleapis.com/x',
    'https://127.0.0.1/push',
    'not a url',
  ])('refuses %s', (endpoint) => {
    expect(allowedEndpoint(endpoint, [])).toBeUndefined();
  });

  it('accepts exactly the configured origins', () => {
    expect(allowedEndpoint('https://127.0.0.1:9443/push/x', ['https://127.0.0.1:9443'])).toBeDefined();
    expect(allowedEndpoint('https://127.0.0.1:9444/push/x', ['https://127.0.0.1:9443'])).toBeUndefined();
  });
});

describe('alerts', () => {
  const now = 1_800_000_000_000;
  const invite = {
    invite_id: 'I1',
    anchor_id: 'A2001',
    nick_name: 'Olena',
    photourl: '/media/portrait/A2001.svg',
    left_seconds: 180,
  };

  it('an instant invitation lives its countdown, urgently, on the broadcaster’s topic', () => {
    const alert = alertFromEvent('M1001', EventRoute.instantInvite, invite, now);
    expect(alert).toMatchObject({ key: `${EventRoute.instantInvite}:I1`, type: 'invite', urgency: 'high' });
    expect(alert?.topic).toBe(topicOf('invite:A2001'));
    expect(alert?.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(ttlOf(alert as NonNullable<typeof alert>, now)).toBe(180);
    expect(ttlOf(alert as NonNullable<typeof alert>, now + 179_500)).toBe(0);
  });

  it('names a topic by the hash of its subject, the same each time it is asked', () => {
    const hashed = createHash('sha256').update('invite:A2002').digest('base64url').slice(0, 32);
    expect(topicOf('invite:A2002')).toBe(hashed);
    expect(topicOf('invite:A2002')).toBe(hashed);
    expect(topicOf('invite:A2003')).not.toBe(hashed);
  });

  it('automatic invitations, other events and spent invitations are not pushed', () => {
    expect(alertFromEvent('M1001', EventRoute.publicInvite, { ...invite, is_auto: 1 }, now)).toBeUndefined();
    expect(alertFromEvent('M1001', EventRoute.credit, { credit: 3 }, now)).toBeUndefined();
    expect(
      alertFromEvent('M1001', EventRoute.instantInvite, { ...invite, left_seconds: 0 }, now),
    ).toBeUndefined();
  });

  it('a scheduled invitation lives until its booked time', () => {
    const bookTime = now / 1000 + 3600;
    const alert = alertFromEvent(
      'M1001',
      EventRoute.scheduledInvite,
      { ...invite, book_time: bookTime },
      now,
    );
    expect(ttlOf(alert as NonNullable<typeof alert>, now)).toBe(3600);
  });

  it('show reminders say when, and the start one replaces the 30-minute one', () => {
    const show = {
      liveShowId: 'LS1',
      anchorId: 'A2001',
      anchorName: 'Olena',
      anchorPhoto: '/p.svg',
      startTime: new Date(now + 30 * 60_000),
    };
    const soon = reminderAlert('M1001', { ...show, kind: 'soon' }, show.startTime.getTime(), now);
    const start = reminderAlert('M1001', { ...show, kind: 'start' }, now + 40 * 60_000, now + 30 * 60_000);
    expect(soon.payload.notification.title).toBe("Olena's show starts in 30 minutes.");
    expect(start.payload.notification.title).toBe("Olena's show has started. Join now!");
    expect(soon.topic).toBe(start.topic);
    expect(ttlOf(soon, now)).toBe(30 * 60);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
    expect(retryAfterMs('soon', 0)).toBeUndefined();
  });
});

describe('links in payloads', () => {
  it('stay relative without PUBLIC_ORIGIN and become absolute at it', () => {
    const invite = {
      invite_id: 'I2',
      anchor_id: 'A2001',
      nick_name: 'Olena',
      photourl: '/media/portrait/A2001.svg',
      left_seconds: 180,
    };
    const alert = alertFromEvent('M1001', EventRoute.instantInvite, invite, Date.now());
    if (!alert) throw new Error('an instant invitation is pushed');
    expect(withOrigin(alert.payload, '')).toBe(alert.payload);
    const p = withOrigin(alert.payload, 'https://glimmer.example');
    expect(p.notification.navigate).toMatch(/^https:\/\/glimmer\.example\/#\//);
    expect(p.notification.icon).toBe('https://glimmer.example/media/portrait/A2001.svg');
    for (const a of p.notification.actions ?? []) expect(a.navigate).toMatch(/^https:\/\/glimmer\.example\//);
    expect(p.glimmer.photo).toBe('https://glimmer.example/media/portrait/A2001.svg');
    expect(p.glimmer.missed?.navigate).toMatch(/^https:\/\/glimmer\.example\//);
  });
});

describe('encryption (RFC 8291 aes128gcm, in the worker pool)', () => {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const p256dh = ua.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');

  it('decrypts with http_ece, with a fresh salt and ephemeral key per message', async () => {
    const pool = new EncryptPool(1);
    try {
      const payload = JSON.stringify({ web_push: 8030, text: 'é'.repeat(300) });
      const [a, b] = await Promise.all([
        pool.encrypt({ p256dh, auth, payload }),
        pool.encrypt({ p256dh, auth, payload }),
      ]);
      for (const body of [a, b]) {
        const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: ua, authSecret: auth });
        expect(plain.toString('utf8')).toBe(payload);
        // Header: salt(16) rs(4) idlen(1)=65 keyid(65), then the record.
        expect(body[20]).toBe(65);
      }
      expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
      expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('gives each alert of a burst larger than one worker message its own body', async () => {
    const pool = new EncryptPool(1);
    try {
      const payloads = Array.from({ length: ENCRYPT_BATCH * 2 + 5 }, (_, i) => `alert ${i}`);
      const bodies = await Promise.all(payloads.map((payload) => pool.encrypt({ p256dh, auth, payload })));
      const plain = bodies.map((body) =>
        ece.decrypt(body, { version: 'aes128gcm', privateKey: ua, authSecret: auth }).toString(),
      );
      expect(plain).toEqual(payloads);
    } finally {
      await pool.close();
    }
  });

  it('refuses keys that are not a P-256 point, and keeps working after', async () => {
    const pool = new EncryptPool(1);
    try {
      await expect(
        pool.encrypt({ p256dh: randomBytes(65).toString('base64url'), auth, payload: 'x' }),
      ).rejects.toThrow();
      const ok = await pool.encrypt({ p256dh, auth, payload: 'still fine' });
      expect(ece.decrypt(ok, { version: 'aes128gcm', privateKey: ua, authSecret: auth }).toString()).toBe(
        'still fine',
      );
    } finally {
      await pool.close();
    }
  });
});

describe('alertFromSource', () => {
  it('makes the same alert again from what a lease stores', () => {
    const now = 1_800_000_000_000;
    const invite = alertFromEvent(
      'M1001',
      EventRoute.instantInvite,
      { invite_id: 'I9', anchor_id: 'A2001', nick_name: 'Olena', left_seconds: 120 },
      now,
    );
    if (!invite?.source) throw new Error('no source');
    const stored = JSON.parse(JSON.stringify(invite.source));
    expect(alertFromSource('M1001', stored, now)).toEqual(invite);
    const show = reminderAlert(
      'M1002',
      {
        liveShowId: 'LS1',
        kind: 'soon',
        anchorId: 'A2001',
        anchorName: 'Olena',
        anchorPhoto: '',
        startTime: new Date(now + 30 * 60_000),
      },
      now + 30 * 60_000,
      now,
    );
    const again = alertFromSource('M1002', JSON.parse(JSON.stringify(show.source)), now);
    expect(again).toEqual(show);
  });
});
