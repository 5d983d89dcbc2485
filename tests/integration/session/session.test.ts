/** Logging in and out, and every session call's answer, against the seeded demo data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_S, TOKEN_LIFETIME_S } from '../../../protocol/constants';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { Errno, Messages } from '../../../protocol/errors';
import { LiveChatRoute } from '../../../protocol/livechat/livechat';
import { Api } from '../../../protocol/paths';
import type {
  AnchorProfile,
  AppConfig,
  LoginData,
  MemberProfile,
  MoneyData,
  OwnUserInfo,
  TokenData,
  UserConfig,
} from '../../../protocol/types';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('member login', () => {
  it('logs M1001 in with a session cookie that is httpOnly, SameSite=Lax, Path=/ and lasts 2 days', async () => {
    const client = server.client();
    const answer = await client.form<LoginData>(Api.memberLogin, { userid: 'M1001', password: 'demo1234' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      errno: 0,
      errmsg: '',
      data: { userid: 'M1001', role: 'man', nickname: 'James' },
    });
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    const attrs = (cookie ?? '').split(';').map((s) => s.trim().toLowerCase());
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).toContain(`max-age=${SESSION_LIFETIME_S}`);
    // 32 random bytes, base64url.
    expect(client.cookies.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts a JSON body as well as a form', async () => {
    const client = server.client();
    const answer = await client.json<LoginData>(Api.memberLogin, { userid: 'M1002', password: 'demo1234' });
    expect(answer.body.errno).toBe(0);
    expect(answer.body.data.userid).toBe('M1002');
  });

  it('answers 10005 with the clear message for a wrong password or unknown id, and sets no cookie', async () => {
    for (const fields of [
      { userid: 'M1001', password: 'wrong-password' },
      { userid: 'M9999', password: 'demo1234' },
    ]) {
      const client = server.client();
      const answer = await client.form(Api.memberLogin, fields);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        errno: Errno.WRONG_CREDENTIALS,
        errmsg: Messages.wrongCredentials,
        data: null,
      });
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    }
  });

  it('logs out: the session is gone, the cookie cleared, and calls need a login again', async () => {
    const client = await server.loginAs('M1001');
    const sid = client.cookies.get(SESSION_COOKIE);
    expect((await client.form(Api.getAllMoney)).body.errno).toBe(0);
    const out = await client.form(Api.logout);
    expect(out.body).toEqual({ errno: 0, errmsg: '', data: { result: 1 } });
    expect(out.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    // The old cookie replayed after logout is refused too.
    client.cookies.set(SESSION_COOKIE, sid ?? '');
    const after = await client.form(Api.getAllMoney);
    expect(after.body).toEqual({ errno: Errno.LOGIN_TIMEOUT, errmsg: Messages.loginTimeout, data: null });
  });
});

describe('role separation of the two logins', () => {
  it('refuses a broadcaster id at the member login and a member id at the broadcaster login', async () => {
    const atMember = await server.client().form(Api.memberLogin, { userid: 'A2001', password: 'demo1234' });
    expect(atMember.body.errno).toBe(Errno.WRONG_CREDENTIALS);
    const atLady = await server.client().form(Api.anchorLogin, { userid: 'M1001', password: 'demo1234' });
    expect(atLady.body.errno).toBe(Errno.WRONG_CREDENTIALS);
  });

  it('logs A2001 in at the broadcaster login', async () => {
    const client = server.client();
    const answer = await client.form<LoginData>(Api.anchorLogin, { userid: 'A2001', password: 'demo1234' });
    expect(answer.body.errno).toBe(0);
    expect(answer.body.data).toMatchObject({ userid: 'A2001', role: 'lady' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
  });

  it('refuses a member-only call to a broadcaster with 10008', async () => {
    const lady = await server.loginAs('A2002');
    const answer = await lady.form(Api.setFavorite, { userid: 'A2001', is_fav: 1 });
    expect(answer.body).toEqual({ errno: Errno.FORBIDDEN, errmsg: Messages.forbidden, data: null });
  });
});

describe('session calls', () => {
  it('getconfig needs no login and carries the money settings', async () => {
    const config = await server.client().call<AppConfig>(Api.getConfig);
    expect(config).toEqual({
      money_type: 'credits',
      money_multiplier: 1,
      corp_key: '',
      addCreditPage: '/nx/page/Payment/checkout',
      loginPage: '/user/login',
      anchorLoginPage: '/broadcast/login',
      socket_url: '/ws',
      // The demo partner sites (development tools on, FAMILY_SITES unset): no address, no secret.
      familySites: [
        { siteid: 4, name: 'Starlight', hidden: 0 },
        { siteid: 5, name: 'AME', hidden: 0 },
        { siteid: 6, name: 'Moonlit', hidden: 0 },
      ],
      send_private_message_credit: 0.5,
    });
  });

  it('getToken answers a signed token and its lifetime, and needs a session', async () => {
    const client = await server.loginAs('M1001');
    const token = await client.call<TokenData>(Api.getToken);
    expect(token.expires_in).toBe(TOKEN_LIFETIME_S);
    const [payload, sig] = token.token.split('.');
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ userid: 'M1001', role: 'man' });
    expect(Number(claims.exp) - Date.now() / 1000).toBeGreaterThan(TOKEN_LIFETIME_S - 60);
    expect((await server.client().form(Api.getToken)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });

  it("nx getUserInfo answers M1001's own account with the seeded balances", async () => {
    const client = await server.loginAs('M1001');
    const info = await client.call<OwnUserInfo>(Api.getOwnUserInfo);
    expect(info).toMatchObject({
      userid: 'M1001',
      role: 'man',
      nickname: 'James',
      photourl: '/media/portrait/M1001.svg',
      credit_unit: 'credits',
      consume_level: 3,
      agree_provision: 1,
      left_credit: 120.5,
      left_poststamp: 12,
      left_chatmin: 45,
      isPaidMember: 1,
    });
    expect(info.fansi_info.priv.oneonone).toBe(1);
    expect(info.fansi_info.priv.invitation_bubble).toBe(1);
    expect(info.fansi_info.used_sayhi).toBe(0);
  });

  it('nx getUserInfo gives a broadcaster zero balances and zero privileges', async () => {
    const lady = await server.loginAs('A2001');
    const info = await lady.call<OwnUserInfo>(Api.getOwnUserInfo);
    expect(info).toMatchObject({
      userid: 'A2001',
      role: 'lady',
      left_credit: 0,
      left_poststamp: 0,
      left_chatmin: 0,
    });
    expect(Object.values(info.fansi_info.priv).every((v) => v === 0)).toBe(true);
    expect(await lady.call<MoneyData>(Api.getAllMoney)).toEqual({ credit: 0, poststamp: 0 });
  });

  it('getAllMoney answers credit with 2 decimals and stamps', async () => {
    const client = await server.loginAs('M1001');
    expect(await client.call<MoneyData>(Api.getAllMoney)).toEqual({ credit: 120.5, poststamp: 12 });
    const other = await server.loginAs('M1002');
    expect(await other.call<MoneyData>(Api.getAllMoney)).toEqual({ credit: 3.2, poststamp: 0 });
  });

  it('getUserConfig and agreeProvision: M1009 agrees once and it sticks', async () => {
    const client = await server.loginAs('M1009');
    expect(await client.call<UserConfig>(Api.getUserConfig)).toMatchObject({
      agree_provision: 0,
      livechat_accept: expect.any(Number),
      livechat_send: expect.any(Number),
      guide_mail: 0,
    });
    const agreed = await client.call<UserConfig>(Api.agreeProvision);
    expect(agreed.agree_provision).toBe(1);
    expect((await client.call<UserConfig>(Api.getUserConfig)).agree_provision).toBe(1);
    expect((await client.call<OwnUserInfo>(Api.getOwnUserInfo)).agree_provision).toBe(1);
  });
});

describe('share getUserInfo', () => {
  it("answers A2001's profile with is_follow for the caller", async () => {
    const client = await server.loginAs('M1001');
    const profile = await client.call<AnchorProfile>(Api.getUserInfo, { userid: 'A2001' });
    expect(profile).toMatchObject({
      userid: 'A2001',
      nickname: 'Olena',
      country: 'Ukraine',
      city: 'Kyiv',
      photourl: '/media/portrait/A2001.svg',
      anchor_cover: '/media/cover/A2001.svg',
      online_status: 2,
      is_online: 1,
      is_live: 0,
      is_follow: 0,
      anchor_type: 1,
    });
    expect(profile.age).toBeGreaterThanOrEqual(18);
    expect(profile.priv).toMatchObject({ oneonone: 1, booking: 1 });
    expect(profile.anchor_info).toMatchObject({ account_status: 1, is_live: 0, anchor_type: 1 });
    expect(profile.anchor_info.introduction.length).toBeGreaterThan(10);
    expect(profile.anchor_birthday).toBeGreaterThan(0);
    // M1001 follows A2003 in the seed; A2003 is honourable (anchor_type 2).
    const followed = await client.call<AnchorProfile>(Api.getUserInfo, { userid: 'A2003' });
    expect(followed).toMatchObject({ is_follow: 1, anchor_type: 2 });
  });

  it('answers a live broadcaster with her public room', async () => {
    const client = await server.loginAs('M1001');
    const live = await client.call<AnchorProfile>(Api.getUserInfo, { userid: 'A2002' });
    expect(live).toMatchObject({ is_live: 1, online_status: 2, public_room_id: 'PR2002' });
    expect([1, 3]).toContain(live.room_type);
  });

  it('computes birthday_tip: A2004 today (2), A2008 in 3 days (1), A2001 none (0)', async () => {
    const client = await server.loginAs('M1001');
    const tip = async (userid: string) =>
      (await client.call<AnchorProfile>(Api.getUserInfo, { userid })).birthday_tip;
    expect(await tip('A2004')).toBe(2);
    expect(await tip('A2008')).toBe(1);
    expect(await tip('A2001')).toBe(0);
  });

  it('answers the suspended A2064 with errno 0, account_status 3 and nothing else of hers', async () => {
    const client = await server.loginAs('M1001');
    const answer = await client.form<AnchorProfile>(Api.getUserInfo, { userid: 'A2064' });
    expect(answer.body.errno).toBe(0);
    const profile = answer.body.data;
    expect(profile.anchor_info.account_status).toBe(3);
    expect(profile.userid).toBe('A2064');
    expect(profile.nickname).toBe('');
    expect(profile.photourl).toBe('');
    expect(profile.anchor_info.introduction).toBe('');
  });

  it('answers an unknown id, and another member, with 10007', async () => {
    const client = await server.loginAs('M1001');
    for (const userid of ['A9999', 'Z1', 'M1002']) {
      const answer = await client.form(Api.getUserInfo, { userid });
      expect(answer.body).toEqual({ errno: Errno.NOT_FOUND, errmsg: Messages.notFound, data: null });
    }
  });

  it("answers the caller's own member id with his member profile", async () => {
    const client = await server.loginAs('M1001');
    const me = await client.call<MemberProfile>(Api.getUserInfo, { userid: 'M1001' });
    expect(me).toMatchObject({ userid: 'M1001', nickname: 'James', photourl: '/media/portrait/M1001.svg' });
    expect(me.fansi_info.priv.public).toBe(1);
  });

  it('lets a broadcaster look a member up', async () => {
    const lady = await server.loginAs('A2001');
    const member = await lady.call<MemberProfile>(Api.getUserInfo, { userid: 'M1002' });
    expect(member).toMatchObject({ userid: 'M1002', nickname: 'Daniel' });
  });

  it('keeps the same rule on the live chat socket: another member is 10007, himself and her lookups answer', async () => {
    const socket = await server.socketFor(await server.loginAs('M1001'));
    const ladySocket = await server.socketFor(await server.loginAs('A2001'));
    try {
      const other = await socket.request(LiveChatRoute.userInfo, { userid: 'M1002' });
      expect(other.errno).toBe(Errno.NOT_FOUND);
      expect(JSON.stringify(other)).not.toContain('Daniel');
      const me = await socket.request(LiveChatRoute.userInfo, { userid: 'M1001' });
      expect(me.res_data).toMatchObject({ userid: 'M1001', nickname: 'James', role: 'man' });
      const hers = await ladySocket.request(LiveChatRoute.userInfo, { userid: 'M1002' });
      expect(hers.res_data).toMatchObject({ userid: 'M1002', nickname: 'Daniel', role: 'man' });
    } finally {
      socket.close();
      ladySocket.close();
    }
  });
});
