/**
 * Web Push end to end on the server side: subscriptions, the delivery pipeline and what reaches a
 * push service. The push service is local (tests/integration/push/push-service.ts): it verifies the
 * VAPID JWT itself and decrypts with `http_ece`, not `web-push`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import {
  PUSH_TYPES,
  PushApi,
  type PushStatusData,
  type PushSubscriptionJson,
} from '../../../protocol/push/push';
import { InviteApi } from '../../../protocol/realtime';
import { SocketRoute } from '../../../protocol/socket';
import type { DeliveryReport } from '../../../push-server/delivery';
import { type Client, startServer, type TestServer } from '../harness';
import { LocalPushService } from './push-service';

let push: LocalPushService;
/** A second service the configuration does not allow: it must never be contacted. */
let stranger: LocalPushService;
/** A service that speaks HTTP/1.1 only (the others offer HTTP/2 too). */
let legacy: LocalPushService;
let server: TestServer;
const reports: DeliveryReport[] = [];

beforeAll(async () => {
  push = await LocalPushService.start();
  stranger = await LocalPushService.start();
  legacy = await LocalPushService.start({ http1: true });
  server = await startServer({
    config: {
      pushAllowedOrigins: [push.origin, legacy.origin],
      pushSubject: 'mailto:push-test@glimmer.example',
    },
    push: {
      tls: { ca: [push.cert, stranger.cert, legacy.cert] },
      retryBaseMs: 50,
      onReport: (r) => reports.push(r),
    },
  });
});

afterAll(async () => {
  await server?.close();
  await push?.close();
  await stranger?.close();
  await legacy?.close();
});

async function subscribe(client: Client, sub: PushSubscriptionJson, types?: string[]) {
  return (
    await client.json<PushStatusData>(PushApi.subscribe, { subscription: sub, ...(types ? { types } : {}) })
  ).body;
}

/** A2001 invites the member; resolves with the invite id once the pipeline has decided. */
async function invite(member: string): Promise<{ inviteId: string; report: DeliveryReport }> {
  const lady = await server.loginAs('A2001');
  const { invite_id } = await lady.call<{ invite_id: string }>(InviteApi.instantInviteUser, {
    user_id: member,
  });
  let report: DeliveryReport | undefined;
  await expect
    .poll(() => (report = reports.find((r) => r.alert.payload.glimmer.id === invite_id)), { timeout: 15_000 })
    .toBeDefined();
  return { inviteId: invite_id, report: report as DeliveryReport };
}

describe('push subscriptions', () => {
  it('need a login', async () => {
    const answer = await subscribe(server.client(), push.subscribe());
    expect(answer.errno).toBe(Errno.LOGIN_TIMEOUT);
  });

  it('refuse endpoints that are not https at a known or allowed push service', async () => {
    const member = await server.loginAs('M1002');
    const good = push.subscribe();
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://evil.example/collect',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      stranger.subscribe().endpoint,
    ]) {
      const answer = await subscribe(member, { ...good, endpoint });
      expect(answer.errno, endpoint).toBe(Errno.PUSH_ENDPOINT_REFUSED);
    }
    // A known push service is accepted (nothing is sent to it in this test).
    const fcm = await subscribe(member, { ...good, endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' });
    expect(fcm).toMatchObject({ errno: 0, data: { subscribed: 1, types: ['invite', 'show'] } });
    await member.json(PushApi.unsubscribe, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' });
  });

  it('a refused endpoint is never contacted', async () => {
    const member = await server.loginAs('M1003');
    const refused = stranger.subscribe();
    expect((await subscribe(member, refused)).errno).toBe(Errno.PUSH_ENDPOINT_REFUSED);
    const { report } = await invite('M1003');
    expect(report.outcome).toBe('no-subscription');
    expect(stranger.received).toHaveLength(0);
  });

  it('subscribe, status and unsubscribe are the caller’s own', async () => {
    const member = await server.loginAs('M1004');
    const sub = push.subscribe();
    expect((await subscribe(member, sub, ['show'])).data).toEqual({ subscribed: 1, types: ['show'] });
    const other = await server.loginAs('M1005');
    expect((await other.json(PushApi.status, { endpoint: sub.endpoint })).body.data).toEqual({
      subscribed: 0,
      types: [],
    });
    await other.json(PushApi.unsubscribe, { endpoint: sub.endpoint });
    expect((await member.json(PushApi.status, { endpoint: sub.endpoint })).body.data).toEqual({
      subscribed: 1,
      types: ['show'],
    });
    // Only shows wanted: an invitation is not pushed.
    const { report } = await invite('M1004');
    expect(report.outcome).toBe('no-subscription');
    expect(push.to(sub.endpoint)).toHaveLength(0);
    await member.json(PushApi.unsubscribe, { endpoint: sub.endpoint });
    expect((await member.json(PushApi.status, { endpoint: sub.endpoint })).body.data).toMatchObject({
      subscribed: 0,
    });
  });

  it("another account's endpoint moves only with its own keys (the same browser signing in again)", async () => {
    const owner = await server.loginAs('M1005');
    const sub = push.subscribe();
    expect((await subscribe(owner, sub, ['invite'])).errno).toBe(0);
    // Someone who learned the endpoint, but not the browser's keys, cannot take the alerts over.
    const thief = await server.loginAs('M1002');
    const forged = { ...sub, keys: { ...sub.keys, auth: Buffer.alloc(16, 7).toString('base64url') } };
    expect(await subscribe(thief, forged)).toMatchObject({
      errno: Errno.PUSH_ENDPOINT_TAKEN,
      errmsg: Messages.pushEndpointTaken,
    });
    expect((await owner.json(PushApi.status, { endpoint: sub.endpoint })).body.data).toEqual({
      subscribed: 1,
      types: ['invite'],
    });
    // The same browser, now signed in as another member, moves it with the same keys.
    expect((await subscribe(thief, sub)).errno).toBe(0);
    expect((await owner.json(PushApi.status, { endpoint: sub.endpoint })).body.data).toMatchObject({
      subscribed: 0,
    });
    await thief.json(PushApi.unsubscribe, { endpoint: sub.endpoint });
  });

  it('a replaced subscription (pushsubscriptionchange) keeps his types and drops the old endpoint', async () => {
    const member = await server.loginAs('M1004');
    const old = push.subscribe();
    await subscribe(member, old, ['show']);
    const fresh = push.subscribe();
    const moved = await member.json<PushStatusData>(PushApi.subscribe, {
      subscription: fresh,
      replaces: old.endpoint,
    });
    expect(moved.body.data).toEqual({ subscribed: 1, types: ['show'] });
    expect((await member.json(PushApi.status, { endpoint: old.endpoint })).body.data).toMatchObject({
      subscribed: 0,
    });
    // Another member cannot take over or remove someone's endpoint by naming it.
    const other = await server.loginAs('M1005');
    const theirs = push.subscribe();
    const refused = await other.json<PushStatusData>(PushApi.subscribe, {
      subscription: theirs,
      replaces: fresh.endpoint,
    });
    expect(refused.body.data.types).toHaveLength(PUSH_TYPES.length);
    expect((await member.json(PushApi.status, { endpoint: fresh.endpoint })).body.data).toEqual({
      subscribed: 1,
      types: ['show'],
    });
    for (const [client, sub] of [
      [member, fresh],
      [other, theirs],
    ] as const)
      await client.json(PushApi.unsubscribe, { endpoint: sub.endpoint });
  });
});

describe('an invitation to a member who is away', () => {
  it('arrives encrypted, signed, with TTL, Urgency and Topic, and says what happened', async () => {
    const member = await server.loginAs('M1001');
    const sub = push.subscribe();
    expect((await subscribe(member, sub)).errno).toBe(0);
    const before = Date.now();
    const { inviteId, report } = await invite('M1001');
    expect(report.outcome).toBe('pushed');
    const [got] = push.to(sub.endpoint);
    expect(got?.error).toBeUndefined();
    // The service offers HTTP/2 (ALPN), so the sender uses it.
    expect(got?.httpVersion).toBe('2.0');
    // RFC 8291 body, RFC 8030 headers.
    expect(got?.headers['content-encoding']).toBe('aes128gcm');
    const ttl = Number(got?.headers.ttl);
    expect(ttl).toBeGreaterThan(150);
    expect(ttl).toBeLessThanOrEqual(180); // the invitation lives 180 s
    expect(got?.headers.urgency).toBe('high');
    expect(got?.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    // RFC 8292: audience is the push service's origin, expiry at most 24 h, our subject and key.
    const vapidKey = (await (await server.client().get('/push/vapidPublicKey')).json()).data.key;
    expect(got?.jwt?.header.alg).toBe('ES256');
    expect(got?.jwt?.key).toBe(vapidKey);
    expect(got?.jwt?.claims.aud).toBe(push.origin);
    expect(got?.jwt?.claims.sub).toBe('mailto:push-test@glimmer.example');
    expect(got?.jwt?.claims.exp).toBeGreaterThan(before / 1000);
    expect(got?.jwt?.claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    // Declarative Web Push, with our fields beside it.
    const payload = got?.payload;
    expect(payload?.web_push).toBe(8030);
    expect(payload?.notification.title).toMatch(/invites you to a One-on-One$/);
    expect(payload?.notification.navigate).toContain(`anchor_inviteid=${inviteId}`);
    expect(payload?.notification.navigate).toMatch(/^\/#\/live\?anchorid=A2001&type=private/);
    expect(payload?.notification.tag).toBe(`invite:${inviteId}`);
    expect(payload?.notification.icon).toMatch(/^\/media\//);
    expect(payload?.notification.actions?.map((a) => a.title)).toEqual(['Accept', 'Later']);
    expect(payload?.glimmer).toMatchObject({
      kind: 'invite',
      type: 'askPrivate',
      id: inviteId,
      anchor_id: 'A2001',
    });
    expect(payload?.glimmer.expires_at).toBeGreaterThan(Date.now() + 150_000);
    expect(payload?.glimmer.missed?.title).toBe(`You missed an invitation from ${payload?.glimmer.name}`);
  });

  it('is not pushed while the member has a visible tab, and is once the tab is hidden', async () => {
    const member = await server.loginAs('M1002');
    const sub = push.subscribe();
    await subscribe(member, sub);
    const socket = await server.socketFor(member);
    try {
      const first = await invite('M1002');
      expect(first.report.outcome).toBe('visible');
      // The socket showed it instead.
      await socket.waitFor((m) => (m.req_data as { invite_id?: string })?.invite_id === first.inviteId);
      expect(push.to(sub.endpoint)).toHaveLength(0);
      expect((await socket.request(SocketRoute.visibility, { visible: 0 })).errno).toBe(0);
      const second = await invite('M1002');
      expect(second.report.outcome).toBe('pushed');
      expect(push.to(sub.endpoint).map((r) => r.payload?.glimmer.id)).toEqual([second.inviteId]);
    } finally {
      socket.ws.close();
    }
  });

  it('410 from the push service removes the subscription', async () => {
    const member = await server.loginAs('M1003');
    const sub = push.subscribe();
    await subscribe(member, sub);
    push.script(sub.endpoint, { status: 410 });
    const { report } = await invite('M1003');
    expect(report.results.map((r) => r.outcome)).toEqual(['gone']);
    await expect.poll(() => server.push?.subscriptions.find(sub.endpoint, 'M1003')).toBeUndefined();
    expect((await member.json(PushApi.status, { endpoint: sub.endpoint })).body.data).toMatchObject({
      subscribed: 0,
    });
  });

  it('over HTTP/2, a 410 for one of his browsers removes only that one; the other still gets it', async () => {
    const member = await server.loginAs('M1006');
    const gone = push.subscribe();
    const alive = push.subscribe();
    await subscribe(member, gone);
    await subscribe(member, alive);
    push.script(gone.endpoint, { status: 410 });
    const { inviteId, report } = await invite('M1006');
    expect(report.outcome).toBe('pushed');
    expect(report.results.map((r) => r.outcome).sort()).toEqual(['gone', 'sent']);
    // Both requests went over HTTP/2 (the service records the protocol of each).
    expect([...push.to(gone.endpoint), ...push.to(alive.endpoint)].map((r) => r.httpVersion)).toEqual([
      '2.0',
      '2.0',
    ]);
    expect(push.to(alive.endpoint).map((r) => r.payload?.glimmer.id)).toEqual([inviteId]);
    await expect.poll(() => server.push?.subscriptions.find(gone.endpoint, 'M1006')).toBeUndefined();
    expect(await server.push?.subscriptions.find(alive.endpoint, 'M1006')).toBeDefined();
    // The next alert goes to the browser that is left, and only there.
    const next = await invite('M1006');
    expect(next.report.results.map((r) => r.outcome)).toEqual(['sent']);
    expect(push.to(gone.endpoint)).toHaveLength(1);
    expect(push.to(alive.endpoint).map((r) => [r.httpVersion, r.payload?.glimmer.id])).toEqual([
      ['2.0', inviteId],
      ['2.0', next.inviteId],
    ]);
  });

  it('429 with Retry-After and 5xx are retried, then delivered once', async () => {
    const member = await server.loginAs('M1004');
    const sub = push.subscribe();
    await subscribe(member, sub);
    push.script(sub.endpoint, { status: 429, headers: { 'Retry-After': '1' } }, { status: 503 });
    const started = Date.now();
    const { report } = await invite('M1004');
    expect(report.outcome).toBe('pushed');
    expect(report.results[0]).toMatchObject({ outcome: 'sent', attempts: 3 });
    // Retry-After: 1 was honoured.
    const times = push.to(sub.endpoint).map((r) => r.at);
    expect(times).toHaveLength(3);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(900);
    expect(push.to(sub.endpoint).map((r) => r.status)).toEqual([429, 503, 201]);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a push service that speaks only HTTP/1.1 gets the same message over it', async () => {
    const member = await server.loginAs('M1003');
    const sub = legacy.subscribe();
    expect((await subscribe(member, sub)).errno).toBe(0);
    const first = await invite('M1003');
    const second = await invite('M1003');
    expect([first.report.outcome, second.report.outcome]).toEqual(['pushed', 'pushed']);
    const got = legacy.to(sub.endpoint);
    expect(got.map((r) => r.httpVersion)).toEqual(['1.1', '1.1']);
    expect(got.map((r) => r.error)).toEqual([undefined, undefined]);
    expect(got.map((r) => r.payload?.glimmer.id)).toEqual([first.inviteId, second.inviteId]);
    expect(got[0]?.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high' });
    const transport = server.push?.sender.transport;
    expect(transport?.protocolOf(legacy.origin)).toBe('h1');
    expect(transport?.protocolOf(push.origin)).toBe('h2');
  });

  it('a push service that refuses connections is retried a bounded number of times, without a crash', async () => {
    const member = await server.loginAs('M1005');
    const dead = await LocalPushService.start();
    const sub = dead.subscribe();
    await dead.close();
    // Allowed like the test service, but nobody listens there any more.
    const routesAllow = server.config.pushAllowedOrigins;
    routesAllow.push(new URL(sub.endpoint).origin);
    try {
      expect((await subscribe(member, sub)).errno).toBe(0);
      const { report } = await invite('M1005');
      expect(report.outcome).toBe('failed');
      expect(report.results[0]).toMatchObject({ outcome: 'failed', attempts: 5 });
      // The server still answers.
      expect((await member.json(PushApi.status, { endpoint: sub.endpoint })).body.errno).toBe(0);
    } finally {
      routesAllow.pop();
    }
  });
});

describe('a subscription belongs to its login session', () => {
  it('is removed on logout', async () => {
    const member = await server.loginAs('M1001');
    const sub = push.subscribe();
    await subscribe(member, sub);
    expect(await server.push?.subscriptions.find(sub.endpoint, 'M1001')).toBeDefined();
    await member.form('/user/logoutForCLV');
    expect(await server.push?.subscriptions.find(sub.endpoint, 'M1001')).toBeUndefined();
  });

  it('is removed when a login elsewhere kicks this browser off', async () => {
    const member = await server.loginAs('M1002');
    const sub = push.subscribe();
    await subscribe(member, sub);
    await server.loginAs('M1002');
    expect(await server.push?.subscriptions.find(sub.endpoint, 'M1002')).toBeUndefined();
  });
});

describe('show reminders (one process)', () => {
  it('fire once for ticket holders, never for a cancelled show', async () => {
    const member = await server.loginAs('M1004');
    const sub = push.subscribe();
    await subscribe(member, sub);
    const start = new Date(Date.now() + 30 * 60_000 - 2_000);
    for (const [id, status] of [
      ['LS9801', 1],
      ['LS9802', 4],
    ] as const) {
      await server.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO shows (live_show_id, anchor_id, title, price, start_time, duration_min, capacity, status)
           VALUES ($1, 'A2002', 'Reminder test', 0, $2, 30, 10, $3)`,
          [id, start, status],
        );
        await tx.query(
          `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ($1, 'M1004', 1, 0)`,
          [id],
        );
      });
    }
    const reminders = server.push?.reminders;
    if (!reminders) throw new Error('no embedded push server');
    await reminders.tick();
    await reminders.tick();
    const shows = () => push.to(sub.endpoint).filter((r) => r.payload?.glimmer.kind === 'show');
    await expect.poll(() => shows().length).toBe(1);
    const [got] = shows();
    expect(got?.payload?.glimmer.id).toBe('LS9801');
    expect(got?.payload?.notification.title).toMatch(/show starts in (29|30) minutes\.$/);
    expect(got?.headers.urgency).toBe('normal');
    expect(Number(got?.headers.ttl)).toBeLessThanOrEqual(30 * 60);
    await reminders.tick();
    expect(shows()).toHaveLength(1);
  });
});
