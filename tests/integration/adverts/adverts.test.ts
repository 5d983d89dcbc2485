/**
 * Adverts through the real HTTP API: getBanner (its wire kept), retrieveBanner by page (GET and
 * POST), retrieveAdvert's pop-ups once per member (markAdvertShown), off adverts never served, and
 * the `adverts` operator's list, switch and edit, seen by members on their next call; members,
 * visitors and operators without the role are refused the console's calls; bad input is an error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVERT_PAGE,
  ADVERT_POP,
  AdvertApi,
  AdvertErrno,
  type AdvertPop,
  type BannerData,
  type OperatorAdvert,
} from '../../../protocol/adverts/adverts';
import { Errno } from '../../../protocol/errors';
import { OPERATOR_ROLES, OperatorErrno } from '../../../protocol/operator/operator';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
/** The adverts story's member: has seen no pop-up yet (server/seed/adverts.ts). */
let fresh: Client;
/** A demo member who has seen every pop-up. */
let member: Client;
let operator: Client;
let supportOnly: Client;
let lady: Client;

beforeAll(async () => {
  server = await startServer({
    config: { operatorRoles: { M9001: [...OPERATOR_ROLES], M1004: ['support'] } },
  });
  fresh = await server.loginAs('M1015');
  member = await server.loginAs('M1001');
  operator = await server.loginAs('M9001');
  supportOnly = await server.loginAs('M1004');
  lady = await server.loginAs('A2001');
});
afterAll(() => server?.close());

const pageBanners = (c: Client, pageId: number | string) =>
  c.call<BannerData>(`${AdvertApi.retrieveBanner}?page_id=${pageId}`);
const pops = (c: Client, ids: string[], extra?: string) =>
  c.call<AdvertPop[]>(AdvertApi.retrieveAdvert, { 'adpid[]': ids, ...(extra ? { extrData: extra } : {}) });
const save = (c: Client, fields: Record<string, string | number>) =>
  c.form<OperatorAdvert>(AdvertApi.operatorSave, {
    id: 'B0062',
    title: 'Say Hi',
    alt: 'Say Hi is free',
    url_type: 1,
    url: '/help/service-intro/say-hi',
    img: '/adverts/B0062.svg',
    scenes: '0,18',
    pages: String(ADVERT_PAGE.home),
    ...fields,
  });

describe('members: banners', () => {
  it('getBanner answers the asked banners in order with the spec fields', async () => {
    const { list } = await member.call<BannerData>(`${AdvertApi.getBanner}?id=B0062,B0020&scenes=18`);
    expect(list.map((a) => a.id)).toEqual(['B0062', 'B0020']);
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual(['ga_click_point', 'id', 'matters', 'status', 'url', 'url_type']);
      expect(a).toMatchObject({ status: 1, url_type: 1 });
      expect(a.matters).toMatchObject({ width: 1200, height: 300 });
      expect(a.matters.img).toMatch(/^\/adverts\/B\d{4}\.svg$/);
      expect(a.matters.title.length).toBeGreaterThan(0);
    }
    // A pop-up is no banner; an unknown id is left out.
    expect((await member.call<BannerData>(`${AdvertApi.getBanner}?id=B0040,B9999`)).list).toEqual([]);
  });

  it("retrieveBanner answers a page's banners, by GET or POST; another page has none", async () => {
    const home = await pageBanners(member, ADVERT_PAGE.home);
    expect(home.list.map((a) => a.id)).toEqual(['B0020', 'B0062']);
    const viaGet = await member.get(`${AdvertApi.retrieveBanner}?page_id=${ADVERT_PAGE.home}&is_ajax=1`);
    const body = (await viaGet.json()) as { errno: number; data: BannerData };
    expect(body.errno).toBe(0);
    expect(body.data.list).toHaveLength(2);
    expect((await pageBanners(member, 5)).list).toEqual([]);
  });

  it('refuses a bad page_id or id, and callers without a session', async () => {
    for (const bad of ['', 'x', '-1', '99999']) {
      expect((await member.form(`${AdvertApi.retrieveBanner}?page_id=${bad}`)).body.errno).toBe(
        Errno.INVALID_PARAMS,
      );
    }
    expect((await member.form(`${AdvertApi.getBanner}?id=<b>`)).body.errno).toBe(Errno.INVALID_PARAMS);
    const visitor = server.client();
    expect((await visitor.form(`${AdvertApi.retrieveBanner}?page_id=6`)).body.errno).toBe(
      Errno.LOGIN_TIMEOUT,
    );
    expect((await visitor.form(AdvertApi.retrieveAdvert, { 'adpid[]': 'B0040' })).body.errno).toBe(
      Errno.LOGIN_TIMEOUT,
    );
  });
});

describe('members: ad pop-ups', () => {
  it('retrieveAdvert answers one entry per id: status 1 with matters only for an unseen pop-up that is on', async () => {
    const [premium, featured, unknown] = await pops(fresh, [
      ADVERT_POP.premiumVideo,
      ADVERT_POP.featured,
      'B9999',
    ]);
    expect(premium).toMatchObject({
      adpid: 'B0040',
      status: 1,
      url_type: 1,
      url: '/help/service-intro/premium-video',
    });
    expect(premium?.matters).toMatchObject({ img: '/adverts/B0040.svg', width: 600, height: 400 });
    expect(premium?.ga_click_point).toBe('pop_premium_video');
    // The featured ad is off until an operator turns it on.
    expect(featured).toMatchObject({ adpid: 'B0102', status: 0, matters: null });
    expect(unknown).toMatchObject({ adpid: 'B9999', status: 0, matters: null });
    // Every other demo member has seen them.
    expect((await pops(member, [ADVERT_POP.premiumVideo]))[0]?.status).toBe(0);
  });

  it('once shown, a pop-up is not offered to him again (and twice is still once)', async () => {
    expect((await pops(fresh, [ADVERT_POP.chatMin]))[0]?.status).toBe(1);
    await fresh.call(AdvertApi.markShown, { adpid: ADVERT_POP.chatMin });
    await fresh.call(AdvertApi.markShown, { adpid: 'b0065' });
    expect((await pops(fresh, [ADVERT_POP.chatMin]))[0]?.status).toBe(0);
    const unknown = await fresh.form(AdvertApi.markShown, { adpid: 'B9999' });
    expect(unknown.body.errno).toBe(AdvertErrno.UNKNOWN);
  });

  it('refuses bad input and broadcasters', async () => {
    expect((await fresh.form(AdvertApi.retrieveAdvert)).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await fresh.form(AdvertApi.retrieveAdvert, { 'adpid[]': '<x>' })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    const badExtra = await fresh.form(AdvertApi.retrieveAdvert, { 'adpid[]': 'B0040', extrData: '{nope' });
    expect(badExtra.body.errno).toBe(Errno.INVALID_PARAMS);
    const badAnchor = await fresh.form(AdvertApi.retrieveAdvert, {
      'adpid[]': 'B0040',
      extrData: '{"anchor_id":"A 1"}',
    });
    expect(badAnchor.body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await lady.form(AdvertApi.retrieveAdvert, { 'adpid[]': 'B0040' })).body.errno).toBe(
      Errno.FORBIDDEN,
    );
  });
});

describe('the adverts operator', () => {
  it('lists every advert with its kind, scenes and pages', async () => {
    const { list } = await operator.call<{ list: OperatorAdvert[] }>(AdvertApi.operatorList);
    expect(list.map((a) => a.id)).toEqual(['B0020', 'B0062', 'B0102', 'B0040', 'B0065']);
    expect(list.find((a) => a.id === 'B0020')).toMatchObject({ kind: 'banner', scenes: [0, 18], pages: [6] });
    expect(list.find((a) => a.id === 'B0102')).toMatchObject({ kind: 'popup', status: 0 });
  });

  it('switches an advert off and on: members see it on their next call', async () => {
    const off = await operator.call<OperatorAdvert>(AdvertApi.operatorStatus, { id: 'B0020', status: 0 });
    expect(off).toMatchObject({ id: 'B0020', status: 0, updated_by: 'M9001' });
    expect((await pageBanners(member, ADVERT_PAGE.home)).list.map((a) => a.id)).toEqual(['B0062']);
    expect((await member.call<BannerData>(`${AdvertApi.getBanner}?id=B0020`)).list).toEqual([]);
    await operator.call(AdvertApi.operatorStatus, { id: 'B0020', status: 1 });
    expect((await pageBanners(member, ADVERT_PAGE.home)).list).toHaveLength(2);

    await operator.call(AdvertApi.operatorStatus, { id: ADVERT_POP.featured, status: 1 });
    expect((await pops(fresh, [ADVERT_POP.featured]))[0]?.status).toBe(1);
    await operator.call(AdvertApi.operatorStatus, { id: ADVERT_POP.featured, status: 0 });
    expect((await pops(fresh, [ADVERT_POP.featured]))[0]?.status).toBe(0);
  });

  it('edits title, alt, link, image, scenes and pages: the next member call shows them', async () => {
    const saved = await save(operator, {
      title: 'Say Hi tonight',
      alt: 'Say Hi tonight, for free',
      img: '/adverts/B0040.svg',
      pages: '18, 6, 6',
      scenes: '',
    });
    expect(saved.body.errno).toBe(0);
    expect(saved.body.data).toMatchObject({ scenes: [], pages: [6, 18] });
    const [slide] = (await pageBanners(member, ADVERT_PAGE.home)).list.filter((a) => a.id === 'B0062');
    expect(slide?.matters).toEqual({
      img: '/adverts/B0040.svg',
      width: 600,
      height: 400,
      title: 'Say Hi tonight',
      alt: 'Say Hi tonight, for free',
    });
    expect((await pageBanners(member, ADVERT_PAGE.anchor)).list.map((a) => a.id)).toEqual(['B0062']);
    expect((await member.call<BannerData>(`${AdvertApi.getBanner}?id=B0062&scenes=18`)).list).toEqual([]);

    // A pop-up's link may name the broadcaster: extrData fills it.
    await operator.call(AdvertApi.operatorSave, {
      id: ADVERT_POP.premiumVideo,
      title: 'Her videos',
      alt: 'Her premium videos',
      url_type: 1,
      url: '/anchor/{anchor_id}',
      img: '/adverts/B0040.svg',
    });
    const [withHer] = await pops(fresh, [ADVERT_POP.premiumVideo], '{"anchor_id":"A2001"}');
    expect(withHer).toMatchObject({ status: 1, url: '/anchor/A2001' });
    expect(withHer?.matters?.title).toBe('Her videos');
    const [withoutHer] = await pops(fresh, [ADVERT_POP.premiumVideo]);
    expect(withoutHer?.url).toBe('/anchor/');
  });

  it('refuses a bad link, image, title or id and changes nothing', async () => {
    const before = await operator.call<{ list: OperatorAdvert[] }>(AdvertApi.operatorList);
    expect((await save(operator, { url: '//evil.example/x' })).body.errno).toBe(AdvertErrno.BAD_LINK);
    expect((await save(operator, { url_type: 2, url: 'http://plain.example/' })).body.errno).toBe(
      AdvertErrno.BAD_LINK,
    );
    expect((await save(operator, { url: 'javascript:alert(1)' })).body.errno).toBe(AdvertErrno.BAD_LINK);
    expect((await save(operator, { img: 'https://evil.example/a.png' })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    expect((await save(operator, { title: '' })).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await save(operator, { pages: '6,x' })).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await save(operator, { id: 'B9999' })).body.errno).toBe(AdvertErrno.UNKNOWN);
    const status = await operator.form(AdvertApi.operatorStatus, { id: 'B0020', status: 2 });
    expect(status.body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await operator.form(AdvertApi.operatorStatus, { id: 'B9999', status: 1 })).body.errno).toBe(
      AdvertErrno.UNKNOWN,
    );
    expect(await operator.call(AdvertApi.operatorList)).toEqual(before);
    const https = await save(operator, { url_type: 2, url: 'https://example.com/offer' });
    expect(https.body.data).toMatchObject({ url_type: 2, url: 'https://example.com/offer' });
  });

  it('refuses the console calls to members, visitors and operators without the role', async () => {
    const calls: [string, Record<string, string | number>][] = [
      [AdvertApi.operatorList, {}],
      [AdvertApi.operatorStatus, { id: 'B0020', status: 0 }],
      [
        AdvertApi.operatorSave,
        { id: 'B0020', title: 'x', alt: 'x', url_type: 1, url: '/home', img: '/adverts/B0020.svg' },
      ],
    ];
    for (const [path, fields] of calls) {
      expect((await member.form(path, fields)).body.errno).toBe(Errno.NOT_OPERATOR);
      expect((await server.client().form(path, fields)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
      expect((await supportOnly.form(path, fields)).body.errno).toBe(OperatorErrno.NO_ROLE);
    }
    expect((await pageBanners(member, ADVERT_PAGE.home)).list.map((a) => a.id)).toContain('B0020');
  });
});
