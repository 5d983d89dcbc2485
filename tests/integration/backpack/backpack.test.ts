/**
 * The gift catalogue and the backpack against a real server: the catalogue with its pictures,
 * prices and limited gifts; the new-user gift package granted once per member (two sign-ins racing
 * included) with its pop-up due once; unread counts per pack cleared when he opens it; his
 * backpack is his alone; bad input answers an errno and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BackpackApi,
  BackpackErrno,
  type BackpackGiftList,
  type BackpackRideList,
  type BackpackUnreadNum,
  type BackpackVoucherList,
  type GiftPackageData,
  type VoucherSummaryData,
} from '../../../protocol/backpack/backpack';
import { Errno } from '../../../protocol/errors';
import {
  GiftApi,
  type GiftDetail,
  GiftErrno,
  type GiftListData,
  LIMITED_GIFT_INTIMACY_LEVEL,
} from '../../../protocol/gifts/gifts';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const PACKAGE = [
  ['G101', 'Marry Me', 1],
  ['G102', 'First Sight Love', 1],
  ['G103', 'Fancy Car', 1],
  ['G104', 'Heart', 2],
  ['G105', 'Kiss', 2],
  ['G106', 'Rose', 2],
];

const packageRows = async (userid: string) =>
  server.db.query<{ giftid: string; quantity: number }>(
    'SELECT giftid, quantity FROM backpack_items WHERE user_id = $1 ORDER BY giftid',
    [userid],
  );

describe('the gift catalogue', () => {
  it('answers every gift with its picture, its price in credits and the limited ones flagged', async () => {
    const member = await server.sessionOf('M1002');
    const { list } = await member.call<GiftListData>(GiftApi.getAllGiftList, { token: 'x' });
    expect(list[0]).toEqual({
      giftid: 'G101',
      name: 'Marry Me',
      credit: 20,
      small_imgurl: '/media/gift/G101.svg',
      new_user_num: 1,
      intimacy_level: 0,
    });
    expect(list.filter((g) => g.intimacy_level === LIMITED_GIFT_INTIMACY_LEVEL).map((g) => g.name)).toEqual([
      'Diamond',
      'Crown',
    ]);
    const picture = await fetch(`${server.url}${list[0]?.small_imgurl}`);
    expect(picture.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await picture.text()).toContain('<svg');
  });

  it('getGiftDetail answers one gift; an unknown one 10750, a malformed id 10001', async () => {
    const member = await server.sessionOf('M1002');
    expect(await member.call<GiftDetail>(GiftApi.getGiftDetail, { gift_id: 'G111' })).toEqual({
      giftid: 'G111',
      name: 'Diamond',
      small_imgurl: '/media/gift/G111.svg',
      credit: 15,
      intimacy_level: 4,
    });
    expect((await member.form(GiftApi.getGiftDetail, { gift_id: 'G999' })).body.errno).toBe(
      GiftErrno.UNKNOWN_GIFT,
    );
    expect((await member.form(GiftApi.getGiftDetail, { gift_id: "G1' OR 1=1" })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    expect((await member.form(GiftApi.getGiftDetail)).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await server.client().form(GiftApi.getGiftDetail, { gift_id: 'G101' })).body.errno).toBe(
      Errno.LOGIN_TIMEOUT,
    );
  });
});

describe('the new-user gift package', () => {
  let henry: Client;

  it('is granted once when his first two sign-ins race, with its six gifts and counts', async () => {
    expect(await packageRows('M1010')).toEqual([]);
    const [first, second] = await Promise.all([server.loginAs('M1010'), server.loginAs('M1010')]);
    // One session per account: the later one is his.
    henry = (await second.form(BackpackApi.getGiftPackage)).body.errno === 0 ? second : first;
    expect((await packageRows('M1010')).map((r) => [r.giftid, Number(r.quantity)])).toEqual(
      PACKAGE.map(([id, , num]) => [id, num]),
    );
    // A third sign-in, and the service asked again twice at once, grant nothing more.
    henry = await server.loginAs('M1010');
    const again = await Promise.all([
      server.services.backpack.grantPackage('M1010'),
      server.services.backpack.grantPackage('M1010'),
    ]);
    expect(again).toEqual([false, false]);
    expect(await packageRows('M1010')).toHaveLength(6);
  });

  it('is in his backpack with its counts, and its pop-up is due until it was shown', async () => {
    const pack = await henry.call<GiftPackageData>(BackpackApi.getGiftPackage);
    expect(pack).toMatchObject({ granted: 1, popup: 1, worth: 33.96 });
    expect(pack.list.map((g) => [g.giftid, g.name, g.num])).toEqual(PACKAGE);
    const { list } = await henry.call<BackpackGiftList>(BackpackApi.getBackpackGiftList);
    expect(list.map((g) => [g.giftid, g.name, g.num])).toEqual(PACKAGE);
    expect(list.every((g) => g.unread === 1 && g.small_imgurl === `/media/gift/${g.giftid}.svg`)).toBe(true);
    const inDays = (list[0]?.expires_at ?? 0) - Date.now() / 1000;
    expect(inDays / 86_400).toBeCloseTo(30, 0);

    expect((await henry.call<GiftPackageData>(BackpackApi.setGiftPackageShown)).popup).toBe(0);
    expect((await henry.call<GiftPackageData>(BackpackApi.getGiftPackage)).popup).toBe(0);
    // Signing in again does not bring it back.
    const later = await server.loginAs('M1010');
    expect(await later.call<GiftPackageData>(BackpackApi.getGiftPackage)).toMatchObject({
      granted: 1,
      popup: 0,
    });
    henry = later;
  });
});

describe('unread counts', () => {
  it('count what arrived since he last opened each pack, and clear when he opens it', async () => {
    const james = await server.sessionOf('M1001');
    // The seed's vouchers (2 broadcast, 1 chat) and his package (6 gifts) are all new to him.
    const before = await james.call<BackpackUnreadNum>(BackpackApi.getBackpackUnreadNum);
    expect(before).toEqual({ livechat_voucher: 1, voucher: 2, gift: 6, ride: 0, total: 9 });

    const afterGifts = await james.call<BackpackUnreadNum>(BackpackApi.setBackpackRead, { type: 'gift' });
    expect(afterGifts).toEqual({ livechat_voucher: 1, voucher: 2, gift: 0, ride: 0, total: 3 });
    const { list } = await james.call<BackpackGiftList>(BackpackApi.getBackpackGiftList);
    expect(list.every((g) => g.unread === 0)).toBe(true);

    // A voucher granted after he opened pack1 is unread again.
    await james.call(BackpackApi.setBackpackRead, { type: 'voucher' });
    await server.services.vouchers.grant('M1001', [
      { voucherId: 'T-BP-B1', kind: 'broadcast', expiresAt: new Date(Date.now() + 2 * 86_400_000) },
    ]);
    expect(await james.call<BackpackUnreadNum>(BackpackApi.getBackpackUnreadNum)).toMatchObject({
      voucher: 1,
      total: 2,
    });
    const vouchers = await james.call<BackpackVoucherList>(BackpackApi.getBackpackVoucherList);
    expect(vouchers.total).toBe(3);
    expect(vouchers.list.map((v) => [v.voucher_id, v.unread])).toEqual([
      ['V1001-B1', 0],
      ['T-BP-B1', 1],
      ['V1001-B2', 0],
    ]);
    expect(vouchers.list[0]).toMatchObject({ minutes: 10, room_types: [3] });
    await james.call(BackpackApi.setBackpackRead, { type: 'livechat_voucher' });
    await james.call(BackpackApi.setBackpackRead, { type: 'voucher' });
    expect(await james.call<BackpackUnreadNum>(BackpackApi.getBackpackUnreadNum)).toEqual({
      livechat_voucher: 0,
      voucher: 0,
      gift: 0,
      ride: 0,
      total: 0,
    });
    expect((await james.call<BackpackRideList>(BackpackApi.getBackpackRideList)).list).toEqual([]);
  });

  it('the voucher summary counts live vouchers and those expiring within 3 days', async () => {
    const james = await server.sessionOf('M1001');
    const summary = await james.call<VoucherSummaryData>(BackpackApi.getVoucherSummary);
    // V1001-B1 ends within a day, T-BP-B1 in 2 days, V1001-B2 in 7; his chat voucher in 7.
    expect(summary).toEqual({
      broadcast: { total: 3, expiring_num: 2, expiring_day: 1 },
      chat: { total: 1, expiring_num: 0, expiring_day: 0 },
    });
  });

  it('an unknown pack is 10751 and changes nothing; a malformed page is 10001', async () => {
    const daniel = await server.sessionOf('M1002');
    const before = await daniel.call<BackpackUnreadNum>(BackpackApi.getBackpackUnreadNum);
    const bad = await daniel.form(BackpackApi.setBackpackRead, { type: 'stamps' });
    expect(bad.body.errno).toBe(BackpackErrno.UNKNOWN_PACK);
    expect(bad.status).toBe(200);
    expect((await daniel.form(BackpackApi.setBackpackRead)).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await daniel.form(BackpackApi.getBackpackVoucherList, { step: -1 })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    expect(await daniel.call<BackpackUnreadNum>(BackpackApi.getBackpackUnreadNum)).toEqual(before);
  });
});

describe('his backpack is his alone', () => {
  it('another member sees his own; a broadcaster and a visitor see none', async () => {
    const daniel = await server.sessionOf('M1002');
    // Daniel has no vouchers; James's opened packs do not touch Daniel's counts.
    expect(await daniel.call<BackpackUnreadNum>(BackpackApi.getBackpackUnreadNum)).toEqual({
      livechat_voucher: 0,
      voucher: 0,
      gift: 6,
      ride: 0,
      total: 6,
    });
    expect((await daniel.call<BackpackVoucherList>(BackpackApi.getBackpackVoucherList)).total).toBe(0);
    const lady = await server.sessionOf('A2001');
    for (const path of Object.values(BackpackApi)) {
      expect((await lady.form(path, { type: 'gift' })).body.errno, path).toBe(Errno.FORBIDDEN);
      expect((await server.client().form(path, { type: 'gift' })).body.errno, path).toBe(Errno.LOGIN_TIMEOUT);
    }
  });
});
