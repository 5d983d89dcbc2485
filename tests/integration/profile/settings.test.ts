/**
 * The member's settings over the real server: the live-chat switches (turning invitations off stops
 * the live-chat engine inviting him, and a broadcaster's hand invite is refused; on again, they
 * come back), his alert choices honoured by the push pipeline, privacy (hidden from the
 * broadcasters' list of members online), getKeySwitch, getConstantInfo and getUserConfig with the
 * money keys from configuration, and live chat billing at the configured rate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { LiveChatApi, type LiveChatSession } from '../../../protocol/livechat/livechat';
import { LiveChatInviteApi, LiveChatInviteErrno } from '../../../protocol/livechat/livechat-invites';
import { Api } from '../../../protocol/paths';
import {
  type MemberSettings,
  MONEY_KEY_DEFAULTS,
  SettingsApi,
  SettingsErrno,
} from '../../../protocol/profile/settings';
import { PushApi, type PushSubscriptionJson } from '../../../protocol/push/push';
import { InviteApi, type OnlineMembersData, RequestRoute } from '../../../protocol/realtime';
import type { DeliveryReport } from '../../../push-server/delivery';
import type { AutoInviteConfig } from '../../../server/features/invitations/auto-invite/config';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { ManualClock } from '../manual-clock';
import { LocalPushService } from '../push/push-service';

const TIMINGS: AutoInviteConfig = {
  enabled: true,
  seed: 5,
  idleMs: 500,
  spacingMinMs: 200,
  spacingMaxMs: 300,
  perSiteQuantity: [3, 2],
  perSiteWaitMs: [1_200, 800],
  usedListMax: 40,
  usedListResetMs: 60_000,
  sameAnchorMs: 60_000,
};
const MONEY = { ...MONEY_KEY_DEFAULTS, timer_gold_private: 0.4, send_toast_credit: 0.25 };

let server: TestServer;
let push: LocalPushService;
const clock = new ManualClock();
const sockets: TestSocket[] = [];
const reports: DeliveryReport[] = [];
beforeAll(async () => {
  push = await LocalPushService.start();
  server = await startServer({
    config: { livechatInvite: TIMINGS, moneyKeys: MONEY, pushAllowedOrigins: [push.origin] },
    livechatInviteClock: clock,
    push: { tls: { ca: [push.cert] }, onReport: (r) => reports.push(r) },
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
  await push?.close();
});

const invitesOf = async (userid: string) =>
  (await server.db.query('SELECT 1 FROM livechat_invites WHERE user_id = $1', [userid])).length;
async function online(userid: string): Promise<Client> {
  return (await onlineWithSocket(userid)).client;
}
async function onlineWithSocket(userid: string): Promise<{ client: Client; socket: TestSocket }> {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  return { client, socket };
}

describe('live-chat switches', () => {
  it('turning invitations off stops the engine and her hand invites; on again, they come back', async () => {
    const { client: member, socket } = await onlineWithSocket('M1002');
    await expect.poll(() => server.livechatInvite.watching().includes('M1002')).toBe(true);
    const off = await member.call<MemberSettings>(SettingsApi.saveMemberSettings, { livechat_accept: 0 });
    expect(off).toMatchObject({ livechat_accept: 0, livechat_send: 1, livechat_switch: 1 });
    await clock.advance(5_000);
    expect(await invitesOf('M1002')).toBe(0);
    const lady = await online('A2003');
    const hand = await lady.form(LiveChatInviteApi.invite, { user_id: 'M1002' });
    expect(hand.body.errno).toBe(LiveChatInviteErrno.MEMBER_REFUSES);
    // getKeySwitch and getUserInfo say the same.
    expect(await member.call(SettingsApi.getKeySwitch, { key: 'livechat_accept' })).toEqual({
      key: 'livechat_accept',
      value: 0,
    });
    expect(await member.call(Api.getOwnUserInfo)).toMatchObject({ livechat_accept: 0 });

    await member.call(SettingsApi.saveMemberSettings, { livechat_accept: 1 });
    // His next activity (the page reports input) starts the engine's idle wait for him again.
    expect((await socket.request(RequestRoute.activity)).errno).toBe(0);
    for (let i = 0; i < 10 && (await invitesOf('M1002')) === 0; i++) await clock.advance(2_000);
    expect(await invitesOf('M1002')).toBeGreaterThan(0);
  });

  it('the main switch turns both off, and starting a chat is refused', async () => {
    const member = await server.loginAs('M1004');
    const off = await member.call<MemberSettings>(SettingsApi.saveMemberSettings, { livechat_switch: 0 });
    expect(off).toMatchObject({ livechat_switch: 0, livechat_accept: 0, livechat_send: 0 });
    const start = await member.form(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(start.body.errno).not.toBe(0);
    const on = await member.call<MemberSettings>(SettingsApi.saveMemberSettings, { livechat_switch: 1 });
    expect(on).toMatchObject({ livechat_switch: 1, livechat_accept: 1, livechat_send: 1 });
    expect((await member.form(SettingsApi.getKeySwitch, { key: 'nope' })).body.errno).toBe(
      SettingsErrno.UNKNOWN_SWITCH,
    );
    expect((await member.form(SettingsApi.saveMemberSettings, { alert_mail: 'sms' })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
  });
});

describe('alert choices', () => {
  it('an invitation he wants by email or not at all is not pushed; by push it is', async () => {
    const member = await server.loginAs('M1005');
    const sub: PushSubscriptionJson = push.subscribe();
    expect((await member.json(PushApi.subscribe, { subscription: sub })).body.errno).toBe(0);
    const lady = await server.loginAs('A2001');
    const inviteOnce = async () => {
      const { invite_id } = await lady.call<{ invite_id: string }>(InviteApi.instantInviteUser, {
        user_id: 'M1005',
      });
      let report: DeliveryReport | undefined;
      await expect
        .poll(() => (report = reports.find((r) => r.alert.payload.glimmer.id === invite_id)), {
          timeout: 15_000,
        })
        .toBeDefined();
      return report as DeliveryReport;
    };
    // By email, with no verified address (a demo member): nothing goes (push-channels.test.ts mails).
    await member.call(SettingsApi.saveMemberSettings, { alert_invite: 'email' });
    expect((await inviteOnce()).outcome).toBe('no-email');
    await member.call(SettingsApi.saveMemberSettings, { alert_invite: 'push' });
    expect((await inviteOnce()).outcome).toBe('pushed');
  });
});

describe('privacy and config', () => {
  it('hide_online keeps him off the broadcasters’ list of members online', async () => {
    const member = await online('M1007');
    const lady = await server.loginAs('A2002');
    const ids = async () =>
      (await lady.call<OnlineMembersData>(InviteApi.onlineMembers)).list.map((m) => m.userid);
    expect(await ids()).toContain('M1007');
    await member.call(SettingsApi.saveMemberSettings, { hide_online: 1 });
    expect(await ids()).not.toContain('M1007');
  });

  it('serves the money keys from configuration, and live chat bills at the configured rate', async () => {
    const member = await server.loginAs('M1001');
    const config = await member.call<Record<string, number>>(Api.getUserConfig);
    expect(config).toMatchObject(MONEY);
    const constants = await server.client().call<Record<string, number>>(SettingsApi.getConstantInfo, {
      key: 'timer_gold_private,send_toast_credit,nope',
    });
    expect(constants).toEqual({ timer_gold_private: 0.4, send_toast_credit: 0.25 });
    await online('A2001');
    const chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(chat).toMatchObject({ timer: 'timer_gold_private', price: 0.4 });
    await member.call(LiveChatApi.end, { chat_id: chat.chat_id });
  });
});
