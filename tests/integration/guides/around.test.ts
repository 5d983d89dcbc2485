/**
 * Around the app over HTTP: the goto hand-off (a 302 whose token the partner verifies), the
 * switcher's entries, getcorpid, getActivityTime, the speed test, reportResult and setGuideMail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { Errno } from '../../../protocol/errors';
import { type ActivityTimeData, REPORT_SERVICE_SOCKET, SiteApi } from '../../../protocol/guides/guides';
import { MailApi } from '../../../protocol/mail/mail';
import {
  ACCOUNT_PAGE,
  type CorpData,
  type FamilySitesData,
  HANDOFF_PARAM,
  PartnerApi,
  PartnerErrno,
} from '../../../protocol/partner-sites/partner-sites';
import { Api } from '../../../protocol/paths';
import type { AppConfig, UserConfig } from '../../../protocol/types';
import { verifyHandoff } from '../../../server/features/partner-sites';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** Follows nothing: the answer to /user/goto as the browser first sees it. */
const goto = (client: Client, query: string) =>
  fetch(`${client.base}${PartnerApi.goto}?${query}`, {
    redirect: 'manual',
    headers: client.cookies.size ? { cookie: `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}` } : {},
  });

describe('partner sites', () => {
  it('serves familySites in getConfig without addresses or secrets', async () => {
    const config = await server.client().call<AppConfig>(Api.getConfig);
    expect(config.familySites.map((s) => s.siteid)).toEqual([4, 5, 6]);
    expect(JSON.stringify(config)).not.toContain('secret');
  });

  it("answers a member's switcher entries", async () => {
    const member = await server.sessionOf('M1001');
    const data = await member.call<FamilySitesData>(PartnerApi.getFamilySites);
    expect(data.list.map((s) => s.siteid)).toEqual([4, 5, 6]);
  });

  it('hands a member off to a partner with a token that partner verifies, once', async () => {
    const member = await server.sessionOf('M1001');
    const answer = await goto(member, 'siteid=5&url=%2Fmy%2Foverview.php');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(/^\/dev\/partner\/5\?/);
    const token = new URL(location, server.url).searchParams.get(HANDOFF_PARAM) ?? '';
    const check = verifyHandoff(token, 'local-stand-in-secret-5', 5);
    expect(check).toMatchObject({ ok: true, claims: { uid: 'M1001', site: 5, path: '/my/overview.php' } });
    // The stand-in partner page takes it once.
    const page = await (await fetch(`${server.url}${location}`)).text();
    expect(page).toContain('data-result="ok"');
    expect(page).toContain('Signed in as M1001');
    const again = await (await fetch(`${server.url}${location}`)).text();
    expect(again).toContain('data-result="reused"');
  });

  it('sends siteid 99 to the account page, and answers {url} to an ajax call', async () => {
    const member = await server.sessionOf('M1001');
    expect((await goto(member, 'siteid=99')).headers.get('location')).toBe(ACCOUNT_PAGE);
    const json = await (await goto(member, 'siteid=4&url=%2Fx&is_ajax=1')).json();
    expect(json.errno).toBe(0);
    expect(json.data.url).toMatch(/^\/dev\/partner\/4\?glimmer_token=/);
  });

  it('refuses an open redirect, an unknown site and bad input, without redirecting', async () => {
    const member = await server.sessionOf('M1001');
    for (const url of ['https://evil.example/', '//evil.example/', '/%2F%2Fevil.example']) {
      const answer = await goto(member, `siteid=4&url=${encodeURIComponent(url)}`);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
    }
    const ajax = await (await goto(member, 'siteid=4&url=https%3A%2F%2Fevil.example&is_ajax=1')).json();
    expect(ajax.errno).toBe(PartnerErrno.BAD_TARGET);
    const unknown = await (await goto(member, 'siteid=7&is_ajax=1')).json();
    expect(unknown.errno).toBe(PartnerErrno.UNKNOWN_SITE);
    const bad = await (await goto(member, 'siteid=abc&is_ajax=1')).json();
    expect(bad.errno).toBe(Errno.INVALID_PARAMS);
  });

  it('sends a visitor to the login page', async () => {
    const answer = await goto(server.client(), 'siteid=4');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/user/login');
  });

  it('answers getcorpid with the corporate key and both legal entities', async () => {
    const corp = await server.client().call<CorpData>(PartnerApi.getCorpId);
    expect(corp.corp_key).toBe('');
    expect(corp.asia.name).toMatch(/Pte\. Ltd\./);
    expect(corp.other.name).toBeTruthy();
  });
});

describe('session calls', () => {
  it('getActivityTime answers the server time and no previous visit the first time', async () => {
    const member = await server.loginAs('M1003');
    const first = await member.call<ActivityTimeData>(SiteApi.getActivityTime);
    expect(Math.abs(first.server_time - Date.now() / 1000)).toBeLessThan(5);
    expect(first).toMatchObject({ last_active_time: 0, returning: 0 });
    // A reload within the same visit changes nothing.
    expect(await member.call<ActivityTimeData>(SiteApi.getActivityTime)).toMatchObject({
      last_active_time: 0,
    });
  });

  it('records a speed test result for the caller only, and the probe answers', async () => {
    const member = await server.sessionOf('M1001');
    expect((await member.form(SiteApi.speedTestProbe)).body.errno).toBe(0);
    const ok = await member.form(SiteApi.speedTestResult, { sid: 'series-0001', res: 84, userid: 'M1001' });
    expect(ok.body).toMatchObject({ errno: 0, data: { recorded: 1 } });
    const timedOut = await member.form(SiteApi.speedTestResult, {
      sid: 'series-0001',
      res: -1,
      userid: 'M1001',
    });
    expect(timedOut.body.errno).toBe(0);
    const other = await member.form(SiteApi.speedTestResult, {
      sid: 'series-0001',
      res: 84,
      userid: 'M1002',
    });
    expect(other.body.errno).toBe(Errno.FORBIDDEN);
    const bad = await member.form(SiteApi.speedTestResult, { sid: 'x', res: 99_999, userid: 'M1001' });
    expect(bad.body.errno).toBe(Errno.INVALID_PARAMS);
    const visitor = await server
      .client()
      .form(SiteApi.speedTestResult, { sid: 'series-0001', res: 1, userid: 'M1001' });
    expect(visitor.body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });

  it('takes reportResult for the caller', async () => {
    const member = await server.sessionOf('M1001');
    const fields = { service: REPORT_SERVICE_SOCKET, user_id: 'M1001', user_agent: 'Test/1.0' };
    const answer = await member.form(`${SiteApi.reportResult}?user_id=M1001`, fields);
    expect(answer.body).toMatchObject({ errno: 0, data: { recorded: 1 } });
    const other = await member.form(`${SiteApi.reportResult}?user_id=M1002`, { ...fields, user_id: 'M1002' });
    expect(other.body.errno).toBe(Errno.FORBIDDEN);
  });

  it('setGuideMail arms the mail guide, and setGuideMailDone marks it finished', async () => {
    const member = await server.loginAs('M1004');
    expect((await member.call<UserConfig>(MailApi.setGuideMailDone)).guide_mail).toBe(1);
    expect((await member.call<UserConfig>(MailApi.setGuideMail)).guide_mail).toBe(0);
    expect((await member.call<UserConfig>(Api.getUserConfig)).guide_mail).toBe(0);
  });
});

describe('partner sites from configuration', () => {
  let configured: TestServer;
  beforeAll(async () => {
    const site = (siteid: number, name: string, hidden = false) => ({
      siteid,
      name,
      hidden,
      url: `https://p${siteid}.example/glimmer/handoff`,
      secret: `configured-secret-for-site-${siteid}`,
    });
    configured = await startServer({
      config: {
        partners: {
          sites: [site(6, 'Moonlit', true), site(5, 'AME'), site(4, 'Starlight')],
          ameHiddenUsers: ['M1002'],
          corpKey: 'SG',
          asia: { name: 'Asia Entity Pte. Ltd.', address: 'Singapore' },
          other: { name: 'Other Entity Ltd.', address: 'London' },
        },
      },
    });
  });
  afterAll(async () => {
    await configured?.close();
  });

  it('applies the third site’s flag and the AME hidden-user list to the switcher and to goto', async () => {
    const m1001 = await configured.sessionOf('M1001');
    expect((await m1001.call<FamilySitesData>(PartnerApi.getFamilySites)).list.map((s) => s.siteid)).toEqual([
      4, 5,
    ]);
    const m1002 = await configured.sessionOf('M1002');
    expect((await m1002.call<FamilySitesData>(PartnerApi.getFamilySites)).list.map((s) => s.name)).toEqual([
      'Starlight',
    ]);
    const refused = await (await goto(m1002, 'siteid=5&is_ajax=1')).json();
    expect(refused.errno).toBe(PartnerErrno.SITE_HIDDEN);
    // The partner's own address, with a token only its secret verifies.
    const location = (await goto(m1001, 'siteid=4&url=%2Fwelcome')).headers.get('location') ?? '';
    expect(location.startsWith('https://p4.example/glimmer/handoff?glimmer_token=')).toBe(true);
    const token = new URL(location).searchParams.get(HANDOFF_PARAM) ?? '';
    expect(verifyHandoff(token, 'configured-secret-for-site-4', 4).ok).toBe(true);
    expect(verifyHandoff(token, 'configured-secret-for-site-5', 4).ok).toBe(false);
  });

  it('refuses a broadcaster, and serves the configured corporate key and entities', async () => {
    const lady = await configured.sessionOf('A2001');
    expect((await goto(lady, 'siteid=4')).status).toBe(403);
    const corp = await configured.client().call<CorpData>(PartnerApi.getCorpId);
    expect(corp).toEqual({
      corp_key: 'SG',
      asia: { name: 'Asia Entity Pte. Ltd.', address: 'Singapore' },
      other: { name: 'Other Entity Ltd.', address: 'London' },
    });
    expect((await configured.client().call<AppConfig>(Api.getConfig)).corp_key).toBe('SG');
  });
});
