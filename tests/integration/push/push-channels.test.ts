/**
 * Alert channels end to end: each alert kind goes by push, by email or not at all, as the member
 * chose on /mysetting/setchoice, to a member who is not on the app. Email goes through the local
 * mail outbox (the test configuration has no SMTP_URL) to his verified address only; push reaches
 * the local push service stand-in (push-service.ts). New mail and a followed broadcaster coming
 * online are alert sources too; the online one is not repeated within ONLINE_REMIND_REPEAT_S.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailApi } from '../../../protocol/mail/mail';
import { SettingsApi } from '../../../protocol/profile/settings';
import { PushApi, type PushSubscriptionJson } from '../../../protocol/push/push';
import { InviteApi } from '../../../protocol/realtime';
import {
  type AnchorOnlineNotice,
  NOTICE_REMIND_TYPE,
  ReminderEvent,
} from '../../../protocol/reminders/reminders';
import type { DeliveryReport } from '../../../push-server/delivery';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { LocalPushService } from './push-service';

let push: LocalPushService;
let server: TestServer;
const reports: DeliveryReport[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  push = await LocalPushService.start();
  server = await startServer({
    config: { pushAllowedOrigins: [push.origin], pushSubject: 'mailto:push-test@glimmer.example' },
    push: { tls: { ca: [push.cert] }, retryBaseMs: 50, onReport: (r) => reports.push(r) },
  });
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
  await push?.close();
});

interface OutboxRow {
  user_id: string;
  subject: string;
  text_body: string;
  html_body: string;
}

const notices = (to: string) =>
  server.db.query<OutboxRow>(
    `SELECT user_id, subject, text_body, html_body FROM mail_outbox
     WHERE to_address = $1 AND purpose = 'notice' ORDER BY id`,
    [to],
  );

/** A member with an email address, verified or not, subscribed to push in one browser. */
async function member(
  userid: string,
  verified: boolean,
): Promise<{ client: Client; email: string; sub: PushSubscriptionJson }> {
  const email = `${userid.toLowerCase()}@members.glimmer.test`;
  await server.db.query('UPDATE users SET email = $2, email_verified = $3 WHERE userid = $1', [
    userid,
    email,
    verified,
  ]);
  const client = await server.loginAs(userid);
  const sub = push.subscribe();
  expect((await client.json(PushApi.subscribe, { subscription: sub })).body.errno).toBe(0);
  return { client, email, sub };
}

/** The pipeline's report of the first alert matching `match`, once it has decided. */
async function reportOf(match: (r: DeliveryReport) => boolean): Promise<DeliveryReport> {
  let found: DeliveryReport | undefined;
  await expect.poll(() => (found = reports.find(match)), { timeout: 15_000 }).toBeDefined();
  return found as DeliveryReport;
}

async function invite(userid: string): Promise<DeliveryReport> {
  const lady = await server.sessionOf('A2001');
  const { invite_id } = await lady.call<{ invite_id: string }>(InviteApi.instantInviteUser, {
    user_id: userid,
  });
  return reportOf((r) => r.alert.payload.glimmer.id === invite_id);
}

describe('invitations by the channel he chose', () => {
  it('email: a real message in the outbox to his verified address, and no push', async () => {
    const m = await member('M1006', true);
    await m.client.call(SettingsApi.saveMemberSettings, { alert_invite: 'email' });
    const report = await invite('M1006');
    expect(report.outcome).toBe('emailed');
    const [mail, ...more] = await notices(m.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      user_id: 'M1006',
      subject: expect.stringMatching(/ invites you to a One-on-One$/),
    });
    // What happened, and an absolute link into the app at the invitation.
    expect(mail?.text_body).toMatch(
      /Accept: http:\/\/[^\s]+\/#\/live\?anchorid=A2001&type=private&anchor_inviteid=/,
    );
    expect(mail?.html_body).toContain('<a href="http');
    expect(mail?.html_body).toContain('Invitations from broadcasters');
    expect(push.to(m.sub.endpoint)).toHaveLength(0);
    // The alert's lease is marked done as emailed: no other process sends it again. (The report
    // is heard before the completion, which gathers with others for a few ms.)
    const outcome = async () =>
      (
        await server.db.query<{ outcome: string }>('SELECT outcome FROM push_alerts WHERE alert_key = $1', [
          report.alert.key,
        ])
      )[0]?.outcome;
    await expect.poll(outcome).toBe('emailed');
  });

  it('email without a verified address: nothing at all', async () => {
    const m = await member('M1007', false);
    await m.client.call(SettingsApi.saveMemberSettings, { alert_invite: 'email' });
    expect((await invite('M1007')).outcome).toBe('no-email');
    expect(await notices(m.email)).toHaveLength(0);
    expect(push.to(m.sub.endpoint)).toHaveLength(0);
  });

  it('off: no email and no push', async () => {
    const m = await member('M1004', true);
    await m.client.call(SettingsApi.saveMemberSettings, { alert_invite: 'off' });
    expect((await invite('M1004')).outcome).toBe('off');
    expect(await notices(m.email)).toHaveLength(0);
    expect(push.to(m.sub.endpoint)).toHaveLength(0);
  });
});

describe('new mail', () => {
  it('by push: reaches his push service with what came and where to read it', async () => {
    const m = await member('M1009', true);
    await m.client.call(SettingsApi.saveMemberSettings, { alert_mail: 'push' });
    const lady = await server.sessionOf('A2001');
    const { emf_id } = await lady.call<{ emf_id: string }>(MailApi.ladySendMail, {
      man_id: 'M1009',
      kind: 'emf',
      content: 'I wrote you a letter.',
    });
    const report = await reportOf((r) => r.alert.payload.glimmer.id === emf_id);
    expect(report.outcome).toBe('pushed');
    await expect.poll(() => push.to(m.sub.endpoint).length).toBe(1);
    const [got] = push.to(m.sub.endpoint);
    expect(got?.error).toBeUndefined();
    expect(got?.payload?.notification).toMatchObject({
      title: expect.stringMatching(/^You have a new mail from .+\.$/),
      navigate: '/#/inbox',
    });
    expect(got?.payload?.glimmer).toMatchObject({ kind: 'mail', id: emf_id, anchor_id: 'A2001' });
    expect(await notices(m.email)).toHaveLength(0);
  });
});

describe('a followed broadcaster comes online', () => {
  it('by email: one email, and not a second within 7,200 s', async () => {
    const m = await member('M1005', true);
    await m.client.call(SettingsApi.saveMemberSettings, { alert_online: 'email' });
    await server.db.query(
      'INSERT INTO follows (member_id, anchor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      ['M1005', 'A2004'],
    );
    // Her workspace's socket signs in: her followers are told; he is not on the app.
    sockets.push(await server.socketFor(await server.sessionOf('A2004')));
    const first = await reportOf((r) => r.alert.type === 'online' && r.alert.userId === 'M1005');
    expect(first.outcome).toBe('emailed');
    const [mail] = await notices(m.email);
    expect(mail?.subject).toMatch(/ is online now\.$/);
    expect(mail?.text_body).toMatch(/View Profile: http:\/\/[^\s]+\/#\/anchor\/A2004/);
    expect(push.to(m.sub.endpoint)).toHaveLength(0);
    // Another product process tells her followers too (its own 5-minute gap): no second email.
    const again: AnchorOnlineNotice = {
      anchor_id: 'A2004',
      anchor_nickname: 'Her',
      anchor_avatar: '',
      notice_remind_type: NOTICE_REMIND_TYPE.online,
      online_at: Date.now(),
    };
    await server.realtime.deliver('M1005', ReminderEvent.anchorOnline, again);
    const second = await reportOf(
      (r) => r.alert.type === 'online' && r.alert.userId === 'M1005' && r.alert.key !== first.alert.key,
    );
    expect(second.outcome).toBe('repeat');
    expect(await notices(m.email)).toHaveLength(1);
  });

  it('push: a follower away with a subscription is pushed; one who turned it off is not even sent it', async () => {
    // M1003 follows A2005 in the demo data and keeps the default (push).
    const pushed = await member('M1003', true);
    const off = await member('M1002', true);
    await off.client.call(SettingsApi.saveMemberSettings, { alert_online: 'off' });
    await server.db.query(
      'INSERT INTO follows (member_id, anchor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      ['M1002', 'A2005'],
    );
    sockets.push(await server.socketFor(await server.sessionOf('A2005')));
    const report = await reportOf((r) => r.alert.type === 'online' && r.alert.userId === 'M1003');
    expect(report.outcome).toBe('pushed');
    await expect.poll(() => push.to(pushed.sub.endpoint).length).toBe(1);
    const [got] = push.to(pushed.sub.endpoint);
    expect(got?.payload?.notification).toMatchObject({
      title: expect.stringMatching(/ is online now\.$/),
      navigate: '/#/anchor/A2005',
    });
    expect(got?.payload?.glimmer).toMatchObject({ kind: 'online', anchor_id: 'A2005' });
    expect(await notices(pushed.email)).toHaveLength(0);
    // The follower who turned it off: no alert at all, no push, no email.
    expect(reports.some((r) => r.alert.userId === 'M1002' && r.alert.type === 'online')).toBe(false);
    expect(push.to(off.sub.endpoint)).toHaveLength(0);
    expect(await notices(off.email)).toHaveLength(0);
  });
});
