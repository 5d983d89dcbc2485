/** Discover lists, following, interests, gifts, and calls without a session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_ANCHOR_NUM, HOT_LIST_STEP } from '../../../protocol/constants';
import { Errno, Messages } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import type {
  AnchorCard,
  AnchorListData,
  AnchorProfile,
  FavoriteData,
  GiftListData,
  InterestListData,
} from '../../../protocol/types';
import { apiRoutes } from '../../../server/routes';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startServer();
  member = await server.loginAs('M1001');
});
afterAll(async () => {
  await server?.close();
});

const list = async (client: Client, path: string, fields: Record<string, number> = {}) =>
  (await client.call<AnchorListData>(path, fields)).list;

function expectCard(card: AnchorCard) {
  expect(card.userid).toMatch(/^A\d{4}$/);
  expect(card.nickname.length).toBeGreaterThan(0);
  expect(card.photourl).toBe(`/media/portrait/${card.userid}.svg`);
  expect(card.anchor_cover).toBe(`/media/cover/${card.userid}.svg`);
  expect([0, 2]).toContain(card.online_status);
  expect(card.is_online).toBe(card.online_status === 2 ? 1 : 0);
  if (card.is_live) {
    expect(card.online_status).toBe(2);
    expect(card.public_room_id).toMatch(/^PR\d+$/);
  } else {
    expect(card.public_room_id).toBe('');
  }
  expect([1, 2]).toContain(card.anchor_type);
  expect([0, 1, 2]).toContain(card.birthday_tip);
  expect([0, 1]).toContain(card.is_follow);
  expect(Object.keys(card.priv).sort()).toEqual(
    [
      'booking',
      'call_instant',
      'call_schedule',
      'flower_sent',
      'hangout',
      'oneonone',
      'priv_mb_h5_show_gift',
    ].sort(),
  );
}

describe('Discover lists', () => {
  it('featured answers 5 broadcasters by default, online and live first', async () => {
    const featured = await list(member, Api.getFeaturedAnchors);
    expect(featured).toHaveLength(FEATURED_ANCHOR_NUM);
    featured.forEach(expectCard);
    expect(featured.every((c) => c.online_status === 2)).toBe(true);
    expect(await list(member, Api.getFeaturedAnchors, { num: 3 })).toHaveLength(3);
  });

  it('online list: type 0 all online, 1 live only, 2 online outside a room', async () => {
    const all = await list(member, Api.getOnlineAnchors, { type: 0, num: 100 });
    const live = await list(member, Api.getOnlineAnchors, { type: 1, num: 100 });
    const available = await list(member, Api.getOnlineAnchors, { type: 2, num: 100 });
    [...all, ...live, ...available].forEach(expectCard);
    expect(all.every((c) => c.online_status === 2)).toBe(true);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((c) => c.is_live === 1)).toBe(true);
    expect(available.length).toBeGreaterThan(0);
    expect(available.every((c) => c.is_live === 0 && c.is_online === 1)).toBe(true);
    expect(all).toHaveLength(live.length + available.length);
    expect(await list(member, Api.getOnlineAnchors, { type: 0, num: 4 })).toHaveLength(4);
    // The suspended broadcaster never appears.
    expect(all.some((c) => c.userid === 'A2064')).toBe(false);
  });

  it('hot list pages by start 0, step 7 without duplicates, then ends', async () => {
    const seen: string[] = [];
    for (let start = 0; start < 1000; start += HOT_LIST_STEP) {
      const page = await list(member, Api.getAnchorList, { start, step: HOT_LIST_STEP });
      page.forEach(expectCard);
      seen.push(...page.map((c) => c.userid));
      if (page.length < HOT_LIST_STEP) {
        // The page after the end is empty.
        const after = await list(member, Api.getAnchorList, {
          start: start + HOT_LIST_STEP,
          step: HOT_LIST_STEP,
        });
        expect(after).toEqual([]);
        break;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    // 64 demo broadcasters, one suspended.
    expect(seen).toHaveLength(63);
    expect(seen).not.toContain('A2064');
  });

  it('is_follow reflects the caller: M1001 follows A2003, M1002 follows nobody', async () => {
    const other = await server.loginAs('M1002');
    const mine = await list(member, Api.getAnchorList, { start: 0, step: 100 });
    const his = await list(other, Api.getAnchorList, { start: 0, step: 100 });
    expect(mine.find((c) => c.userid === 'A2003')?.is_follow).toBe(1);
    expect(his.every((c) => c.is_follow === 0)).toBe(true);
  });
});

describe('following', () => {
  it('follow then unfollow round-trips through getUserInfo and the lists', async () => {
    const target = 'A2001';
    const profile = () => member.call<AnchorProfile>(Api.getUserInfo, { userid: target });
    const inHot = async () =>
      (await list(member, Api.getAnchorList, { start: 0, step: 100 })).find((c) => c.userid === target)
        ?.is_follow;
    expect((await profile()).is_follow).toBe(0);

    expect(await member.call<FavoriteData>(Api.setFavorite, { userid: target, is_fav: 1 })).toEqual({
      userid: target,
      is_follow: 1,
    });
    // Following twice is harmless.
    await member.call(Api.setFavorite, { userid: target, is_fav: 1 });
    expect((await profile()).is_follow).toBe(1);
    expect(await inHot()).toBe(1);

    expect(await member.call<FavoriteData>(Api.setFavorite, { userid: target, is_fav: 0 })).toEqual({
      userid: target,
      is_follow: 0,
    });
    expect((await profile()).is_follow).toBe(0);
    expect(await inHot()).toBe(0);
  });

  it('refuses an unknown or suspended broadcaster with 10007', async () => {
    for (const userid of ['A9999', 'A2064', 'M1002']) {
      const answer = await member.form(Api.setFavorite, { userid, is_fav: 1 });
      expect(answer.body).toEqual({ errno: Errno.NOT_FOUND, errmsg: Messages.notFound, data: null });
    }
  });
});

describe('profile catalogue calls', () => {
  it("getInterestList answers the broadcaster's hobbies from the spec's 12", async () => {
    const { list: interests } = await member.call<InterestListData>(Api.getInterestList, {
      anchorid: 'A2001',
    });
    expect(interests.length).toBeGreaterThanOrEqual(3);
    for (const i of interests) {
      expect(i.id).toBeGreaterThanOrEqual(1);
      expect(i.id).toBeLessThanOrEqual(12);
      expect(i.name.length).toBeGreaterThan(0);
      expect(typeof i.icon).toBe('string');
    }
    expect((await member.form(Api.getInterestList, { anchorid: 'A9999' })).body.errno).toBe(Errno.NOT_FOUND);
  });

  it('getAllGiftList answers the catalogue with credit as a number and the new-user package', async () => {
    const { list: gifts } = await member.call<GiftListData>(Api.getAllGiftList, { token: 'x' });
    expect(gifts.length).toBeGreaterThanOrEqual(6);
    expect(gifts[0]).toEqual({
      giftid: 'G101',
      name: 'Marry Me',
      credit: 20,
      small_imgurl: '/media/gift/G101.svg',
      new_user_num: 1,
      intimacy_level: 0,
    });
    expect(gifts.find((g) => g.giftid === 'G104')?.credit).toBe(0.02);
    expect(gifts.filter((g) => g.new_user_num > 0)).toHaveLength(6);
  });
});

describe('calls without a session', () => {
  it('every route that needs a login answers 10002 with the login-timeout text', async () => {
    const visitor = server.client();
    const guarded = apiRoutes.filter((r) => r.auth !== 'none');
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const answer = await visitor.form(route.path, {
        userid: 'A2001',
        anchorid: 'A2001',
        is_fav: 1,
        start: 0,
        step: 7,
      });
      expect(answer.status, route.path).toBe(200);
      expect(answer.body, route.path).toEqual({
        errno: Errno.LOGIN_TIMEOUT,
        errmsg: Messages.loginTimeout,
        data: null,
      });
    }
  });

  it('a forged session cookie counts as none', async () => {
    const visitor = server.client();
    visitor.cookies.set('glimmer_sid', 'forged-session-id');
    expect((await visitor.form(Api.getOwnUserInfo)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });

  it('an unknown API path answers 10009', async () => {
    const answer = await server.client().form('/share/v1/noSuchCall');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ errno: Errno.UNKNOWN_PATH, errmsg: Messages.unknownPath, data: null });
  });
});
