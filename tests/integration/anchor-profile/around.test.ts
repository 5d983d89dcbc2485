/**
 * Around the profile: her friends (paging, suspended left out), recommendations by page type
 * (never her, never suspended), the recommendation pop, follow states, relations (only his own)
 * and the banner slot's adverts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_RECOMMEND_MAX,
  type AdRecommendData,
  type BannerData,
  type FollowListData,
  FRIENDS_PAGE_SIZE,
  type FriendListData,
  PROFILE_BANNER_IDS,
  PROFILE_BANNER_SCENE,
  RECOMMEND_LIST_NUM,
  type RecommendListData,
  type RelationData,
  SIMILAR_ONLINE_NUM,
} from '../../../protocol/anchor-profile/around';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import type { AnchorProfile } from '../../../protocol/types';
import { type Client, startServer, type TestServer } from '../harness';

const SUSPENDED = 'A2064';
let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startServer();
  member = await server.loginAs('M1001');
});
afterAll(async () => {
  await server?.close();
});

const profile = (id: string) => member.call<AnchorProfile>(Api.getUserInfo, { userid: id });

describe('My Friends (getAnchorFriends)', () => {
  it('pages her friends by 6 with the Friend fields, online first, the suspended one left out', async () => {
    const first = await member.call<FriendListData>(Api.getAnchorFriends, { anchorid: 'A2001' });
    expect(first.list).toHaveLength(FRIENDS_PAGE_SIZE);
    expect(first.total).toBe(10);
    for (const f of first.list) {
      expect(Object.keys(f).sort()).toEqual([
        'anchor_id',
        'avatar_img',
        'nickname',
        'online_status',
        'photourl',
      ]);
      expect(f.avatar_img).toBe(`/media/portrait/${f.anchor_id}.svg`);
      expect([0, 2]).toContain(f.online_status);
    }
    const second = await member.call<FriendListData>(Api.getAnchorFriends, {
      anchorid: 'A2001',
      start: FRIENDS_PAGE_SIZE,
      step: FRIENDS_PAGE_SIZE,
    });
    expect(second.list).toHaveLength(4);
    const all = [...first.list, ...second.list];
    expect(new Set(all.map((f) => f.anchor_id)).size).toBe(10);
    expect(all.map((f) => f.anchor_id)).not.toContain(SUSPENDED);
    expect(all.map((f) => f.anchor_id)).not.toContain('A2001');
    // Online ones come first.
    const statuses = all.map((f) => f.online_status);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
    // Friendship is mutual.
    const friend = all[0]?.anchor_id as string;
    const theirs = await member.call<FriendListData>(Api.getAnchorFriends, { anchorid: friend, step: 50 });
    expect(theirs.list.map((f) => f.anchor_id)).toContain('A2001');
  });

  it('every demo broadcaster has 3 to 12 friends', async () => {
    const rows = await server.db.query<{ anchor_id: string; n: number }>(
      'SELECT anchor_id, count(*)::int AS n FROM anchor_friends GROUP BY anchor_id',
    );
    expect(rows).toHaveLength(64);
    for (const r of rows) expect(Number(r.n)).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(Number(r.n)).toBeLessThanOrEqual(12);
  });

  it('a suspended or unknown broadcaster has no friends list (10007); bad paging is refused', async () => {
    for (const anchorid of [SUSPENDED, 'A9999']) {
      const answer = await member.form(Api.getAnchorFriends, { anchorid });
      expect(answer.body.errno).toBe(Errno.NOT_FOUND);
    }
    const bad = await member.form(Api.getAnchorFriends, { anchorid: 'A2001', step: 0 });
    expect(bad.body.errno).toBe(Errno.INVALID_PARAMS);
  });
});

describe('getPageRecommendAnchorList', () => {
  const recommend = (fields: Record<string, string | number>) =>
    member.call<RecommendListData>(Api.getPageRecommendAnchorList, fields);

  it('type 18: online broadcasters like her (same country first), never her or a suspended one', async () => {
    const her = await profile('A2001');
    const { list } = await recommend({ type: 18, anchor_id: 'A2001' });
    expect(list.length).toBeGreaterThanOrEqual(SIMILAR_ONLINE_NUM);
    expect(list.length).toBeLessThanOrEqual(RECOMMEND_LIST_NUM);
    for (const r of list) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'anchor_age',
          'anchor_avatar',
          'anchor_country',
          'anchor_cover',
          'anchor_id',
          'anchor_nickname',
          'is_follow',
          'online_status',
        ].sort(),
      );
      expect(r.online_status).toBe(2);
      expect(r.anchor_cover).toBe(`/media/cover/${r.anchor_id}.svg`);
    }
    const ids = list.map((r) => r.anchor_id);
    expect(ids).not.toContain('A2001');
    expect(ids).not.toContain(SUSPENDED);
    // Same country first: once one from elsewhere shows, none from hers follows.
    const same = list.map((r) => r.anchor_country === her.country);
    expect(same).toEqual([...same].sort((a, b) => Number(b) - Number(a)));
  });

  it('type 1 (the profile carousel): online first, leaving out her and her 4 similar online ones', async () => {
    const similar = (await recommend({ type: 18, anchor_id: 'A2001' })).list.slice(0, SIMILAR_ONLINE_NUM);
    const { list } = await recommend({ type: 1, anchor_id: 'A2001' });
    expect(list).toHaveLength(RECOMMEND_LIST_NUM);
    const ids = list.map((r) => r.anchor_id);
    for (const s of similar) expect(ids).not.toContain(s.anchor_id);
    expect(ids).not.toContain('A2001');
    expect(ids).not.toContain(SUSPENDED);
    const statuses = list.map((r) => r.online_status);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
    // is_follow is the caller's: M1001 follows A2003 (the seed).
    const followed = new Set(['A2003', 'A2005', 'A2008', 'A2012', 'A2020', 'A2031']);
    for (const r of list) expect(r.is_follow).toBe(followed.has(r.anchor_id) ? 1 : 0);
  });

  it('type 9 (no contacts yet): only broadcasters online now; anchor_id may be left out', async () => {
    const { list } = await recommend({ type: 9 });
    expect(list.length).toBeGreaterThan(4);
    expect(list.every((r) => r.online_status === 2)).toBe(true);
    expect(list.map((r) => r.anchor_id)).not.toContain(SUSPENDED);
    const without = await recommend({ type: 9, anchor_id: 'A2002' });
    expect(without.list.map((r) => r.anchor_id)).not.toContain('A2002');
  });

  it('refuses an unknown type, type 18 without her, and a suspended anchor_id', async () => {
    expect((await member.form(Api.getPageRecommendAnchorList, { type: 7 })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    expect((await member.form(Api.getPageRecommendAnchorList, { type: 18 })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    const suspended = await member.form(Api.getPageRecommendAnchorList, { type: 1, anchor_id: SUSPENDED });
    expect(suspended.body.errno).toBe(Errno.NOT_FOUND);
  });
});

describe('getADRecommendAnchor (the recommendation pop)', () => {
  it('answers at most 6 online broadcasters he does not follow; needpop only without contacts', async () => {
    const withContacts = await member.call<AdRecommendData>(Api.getADRecommendAnchor, { manid: 'M1001' });
    expect(withContacts.needpop).toBe(0);
    expect(withContacts.list.length).toBeGreaterThan(0);
    expect(withContacts.list.length).toBeLessThanOrEqual(AD_RECOMMEND_MAX);
    for (const r of withContacts.list) {
      expect(r.online_status).toBe(2);
      expect(r.is_follow).toBe(0);
      expect(['A2003', 'A2005', SUSPENDED]).not.toContain(r.anchor_id);
    }
    const newcomer = await server.loginAs('M1007');
    const pop = await newcomer.call<AdRecommendData>(Api.getADRecommendAnchor, { manid: 'M1007' });
    expect(pop.needpop).toBe(1);
    expect(pop.list).toHaveLength(AD_RECOMMEND_MAX);
  });

  it('a member asks only for himself; a broadcaster may not ask; no session is 10002', async () => {
    expect((await member.form(Api.getADRecommendAnchor, { manid: 'M1002' })).body.errno).toBe(
      Errno.FORBIDDEN,
    );
    const lady = await server.loginAs('A2005');
    expect((await lady.form(Api.getADRecommendAnchor, { manid: 'M1001' })).body.errno).toBe(Errno.FORBIDDEN);
    const stranger = server.client();
    expect((await stranger.form(Api.getADRecommendAnchor, { manid: 'M1001' })).body.errno).toBe(
      Errno.LOGIN_TIMEOUT,
    );
  });
});

describe('getUserFollowList', () => {
  it('answers is_follow per id asked, in order, comma-separated or repeated', async () => {
    const { list } = await member.call<FollowListData>(Api.getUserFollowList, {
      anchorids: 'A2003,A2004,a2005',
    });
    expect(list).toEqual([
      { anchor_id: 'A2003', is_follow: 1 },
      { anchor_id: 'A2004', is_follow: 0 },
      { anchor_id: 'A2005', is_follow: 1 },
    ]);
    const repeated = await member.call<FollowListData>(Api.getUserFollowList, {
      anchorids: ['A2008', 'A2009'],
    });
    expect(repeated.list.map((r) => r.is_follow)).toEqual([1, 0]);
  });

  it('follows and unfollows show at once; an empty or oversized list is refused', async () => {
    const other = await server.loginAs('M1002');
    await other.call(Api.setFavorite, { userid: 'A2040', is_fav: 1 });
    expect(
      (await other.call<FollowListData>(Api.getUserFollowList, { anchorids: 'A2040' })).list[0]?.is_follow,
    ).toBe(1);
    await other.call(Api.setFavorite, { userid: 'A2040', is_fav: 0 });
    expect(
      (await other.call<FollowListData>(Api.getUserFollowList, { anchorids: 'A2040' })).list[0]?.is_follow,
    ).toBe(0);
    expect((await member.form(Api.getUserFollowList, { anchorids: '' })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    const many = Array.from({ length: 101 }, (_, i) => `A${3000 + i}`).join(',');
    expect((await member.form(Api.getUserFollowList, { anchorids: many })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
  });
});

describe('getRelation', () => {
  it('answers his follow, Intimacy, contact and Say Hi with her', async () => {
    const r = await member.call<RelationData>(Api.getRelation, { anchorid: 'A2005', userid: 'M1001' });
    expect(r).toEqual({
      anchorid: 'A2005',
      userid: 'M1001',
      is_follow: 1,
      intimacy: 3,
      intimacy_experience: 320,
      in_contacts: 1,
      sayhi_sent: 0,
    });
    const none = await member.call<RelationData>(Api.getRelation, { anchorid: 'A2040', userid: 'M1001' });
    expect(none).toMatchObject({ is_follow: 0, intimacy: 0, intimacy_experience: 0, in_contacts: 0 });
  });

  it("a member cannot ask about another member's relations; a suspended broadcaster is 10007", async () => {
    const other = await member.form(Api.getRelation, { anchorid: 'A2005', userid: 'M1003' });
    expect(other.body.errno).toBe(Errno.FORBIDDEN);
    expect(other.body.data).toBeFalsy();
    const gone = await member.form(Api.getRelation, { anchorid: SUSPENDED, userid: 'M1001' });
    expect(gone.body.errno).toBe(Errno.NOT_FOUND);
    const lady = await server.loginAs('A2006');
    expect((await lady.form(Api.getRelation, { anchorid: 'A2006', userid: 'M1001' })).body.errno).toBe(
      Errno.FORBIDDEN,
    );
  });
});

describe('getBanner', () => {
  it('reads id and scenes from the query of a POST and answers the adverts in order', async () => {
    const path = `${Api.getBanner}?id=${PROFILE_BANNER_IDS.join(',')}&scenes=${PROFILE_BANNER_SCENE}`;
    const { list } = await member.call<BannerData>(path);
    expect(list.map((a) => a.id)).toEqual([...PROFILE_BANNER_IDS]);
    for (const a of list) {
      expect(a.status).toBe(1);
      expect(a.url_type).toBe(1);
      expect(a.url.startsWith('/')).toBe(true);
      expect(a.matters.img).toMatch(/^\/adverts\/B\d{4}\.svg$/);
      expect(a.matters.width).toBeGreaterThan(0);
      expect(a.ga_click_point.length).toBeGreaterThan(0);
    }
    const one = await member.call<BannerData>(`${Api.getBanner}?id=B0062,B9999`);
    expect(one.list.map((a) => a.id)).toEqual(['B0062']);
    const elsewhere = await member.call<BannerData>(`${Api.getBanner}?id=B0020&scenes=5`);
    expect(elsewhere.list).toEqual([]);
  });

  it('refuses a missing or malformed id, and a caller without a session', async () => {
    expect((await member.form(Api.getBanner)).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await member.form(`${Api.getBanner}?id=<b>`)).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await server.client().form(`${Api.getBanner}?id=B0020`)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });
});
