/**
 * Where his broadcast vouchers can be used (protocol/vouchers/voucher-anchors.ts): checkHasCoupon,
 * getCouponAnchorList by tag, the voucher pop once per batch (and never with show_pop 0),
 * getUserCoupon and her getUserInfo's Coupons flags, getPromoAnchorList, the welcome voucher on
 * agreeing to the terms; members only, bad input refused with nothing changed.
 * Seed: M1001 holds two vouchers for premium rooms (type 3), told of them; M1013 one for premium
 * rooms and one for any paid room, not told yet; A2009, A2018, A2027 and A2036 are live in premium
 * rooms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import type { AnchorProfile } from '../../../protocol/types';
import {
  type HasCouponData,
  type PopVoucherAnchorData,
  type UserCouponData,
  VoucherAnchorApi as V,
  VOUCHER_PIC,
  VOUCHER_POP_ANCHORS,
  VoucherAnchorErrno,
  type VoucherAnchorListData,
} from '../../../protocol/vouchers/voucher-anchors';
import { BROADCAST_VOUCHER_MINUTES } from '../../../protocol/vouchers/vouchers';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
let james: Client;
let alfred: Client;

beforeAll(async () => {
  server = await startServer();
  james = await server.loginAs('M1001');
  alfred = await server.loginAs('M1013');
});
afterAll(async () => {
  await server?.close();
});

const errnoOf = async (client: Client, path: string, fields: Record<string, string | number> = {}) =>
  (await client.form(path, fields)).body.errno;

describe('checkHasCoupon', () => {
  it('answers whether he holds broadcast vouchers, and how many', async () => {
    expect(await james.call<HasCouponData>(V.checkHasCoupon)).toEqual({ has_coupon: 1, coupon_num: 2 });
    const other = await server.loginAs('M1002');
    expect(await other.call<HasCouponData>(V.checkHasCoupon)).toEqual({ has_coupon: 0, coupon_num: 0 });
  });
});

describe('getCouponAnchorList', () => {
  it('lists the broadcasters online now whose rooms take his vouchers, by tag', async () => {
    const all = await james.call<VoucherAnchorListData>(V.getCouponAnchorList, { bq_id: 0 });
    // His vouchers are for premium rooms: only broadcasters live in one.
    expect(all.list.map((a) => a.userid).sort()).toEqual(['A2009', 'A2018', 'A2027', 'A2036']);
    for (const a of all.list) {
      expect(a).toMatchObject({ use_room_type: 3, room_type: 3, is_live: 1, online_status: 2, voucher: 1 });
      expect(a.public_room_id).not.toBe('');
    }
    // Absent bq_id reads as 0; tag 3 the same; the One-on-One tags and the free room's are empty.
    expect((await james.call<VoucherAnchorListData>(V.getCouponAnchorList)).list).toHaveLength(4);
    expect((await james.call<VoucherAnchorListData>(V.getCouponAnchorList, { bq_id: 3 })).list).toHaveLength(
      4,
    );
    for (const bq_id of [1, 2, 4]) {
      expect((await james.call<VoucherAnchorListData>(V.getCouponAnchorList, { bq_id })).list).toEqual([]);
    }
  });

  it('lists One-on-One rooms for a voucher good in any paid room', async () => {
    const { list } = await alfred.call<VoucherAnchorListData>(V.getCouponAnchorList, { bq_id: 0 });
    expect(list.some((a) => a.use_room_type === 3)).toBe(true);
    const privates = list.filter((a) => a.use_room_type !== 3);
    expect(privates.length).toBeGreaterThan(0);
    for (const a of privates) {
      expect(a.priv.oneonone).toBe(1);
      expect(a.use_room_type).toBe(a.anchor_type === 2 ? 4 : 2);
    }
    const four = await alfred.call<VoucherAnchorListData>(V.getCouponAnchorList, { bq_id: 4 });
    for (const a of four.list) expect(a).toMatchObject({ anchor_type: 2, use_room_type: 4 });
  });

  it('is empty for a member without vouchers, and refuses an unknown tag', async () => {
    const other = await server.loginAs('M1002');
    expect(await other.call<VoucherAnchorListData>(V.getCouponAnchorList, { bq_id: 0 })).toEqual({
      list: [],
    });
    expect(await errnoOf(james, V.getCouponAnchorList, { bq_id: 5 })).toBe(VoucherAnchorErrno.UNKNOWN_TAG);
    expect(await errnoOf(james, V.getCouponAnchorList, { bq_id: 'x' })).toBe(Errno.INVALID_PARAMS);
    expect(await errnoOf(james, V.getCouponAnchorList, { bq_id: -1 })).toBe(Errno.INVALID_PARAMS);
  });
});

describe('the voucher pop', () => {
  it('shows new vouchers once: needpop 1 until it is shown, then 0', async () => {
    const pop = await alfred.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList);
    expect(pop).toMatchObject({
      needpop: 1,
      voucher_pic: VOUCHER_PIC,
      voucher_use_room_type: [2, 3, 4],
      voucher_num: 2,
    });
    expect(pop.anchor_list.length).toBeGreaterThan(0);
    expect(pop.anchor_list.length).toBe(VOUCHER_POP_ANCHORS);
    // The four live premium rooms first, then One-on-Ones.
    expect(pop.anchor_list.map((a) => a.use_room_type).slice(0, 5)).toEqual([3, 3, 3, 3, expect.any(Number)]);
    expect(pop.anchor_list[4]?.use_room_type).not.toBe(3);
    // Asking again does not use it up; being shown does.
    expect((await alfred.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList)).needpop).toBe(1);
    expect(await alfred.call(V.setPopVoucherShown)).toEqual({ needpop: 0 });
    const after = await alfred.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList);
    expect(after).toMatchObject({ needpop: 0, anchor_list: [], voucher_num: 0 });
  });

  it('comes back for a new batch only, about that batch', async () => {
    // Seeded members have been told of theirs.
    expect((await james.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList)).needpop).toBe(0);
    const m5 = await server.loginAs('M1005');
    expect((await m5.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList)).needpop).toBe(0);
    await server.services.vouchers.grant('M1005', [
      { voucherId: 'IT-POP-1', kind: 'broadcast', expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    const pop = await m5.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList);
    expect(pop).toMatchObject({ needpop: 1, voucher_num: 1, voucher_use_room_type: [2, 3, 4] });
    await m5.call(V.setPopVoucherShown);
    expect((await m5.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList)).needpop).toBe(0);
    // A chat voucher is no broadcast voucher: no pop.
    await server.services.vouchers.grant('M1005', [
      { voucherId: 'IT-POP-CHAT', kind: 'chat', expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    expect((await m5.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList)).needpop).toBe(0);
  });

  it('is skipped when his show_pop privilege is 0', async () => {
    await server.services.vouchers.grant('M1004', [
      { voucherId: 'IT-POP-M1004', kind: 'broadcast', expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    const m4 = await server.loginAs('M1004');
    expect((await m4.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList)).needpop).toBe(1);
    await server.db.query(
      `UPDATE members SET priv = jsonb_set(priv::jsonb, '{show_pop}', '0') WHERE userid = 'M1004'`,
    );
    expect((await m4.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList)).needpop).toBe(0);
  });
});

describe('her rooms and his vouchers', () => {
  it('getUserCoupon says which of her rooms his vouchers pay', async () => {
    expect(await james.call<UserCouponData>(V.getUserCoupon, { anchor_id: 'A2009' })).toMatchObject({
      anchor_id: 'A2009',
      check_user_public_coupon: 1,
      check_user_private_coupon: 0,
      minutes: BROADCAST_VOUCHER_MINUTES,
    });
    // A2001 is online, not in a premium room; his premium-room vouchers do not pay her.
    expect(await james.call<UserCouponData>(V.getUserCoupon, { anchor_id: 'A2001' })).toMatchObject({
      check_user_public_coupon: 0,
      check_user_private_coupon: 0,
      coupon_num: 0,
    });
    // Alfred's any-room voucher pays A2001's One-on-One (she offers it).
    expect(await alfred.call<UserCouponData>(V.getUserCoupon, { anchor_id: 'A2001' })).toMatchObject({
      check_user_public_coupon: 0,
      check_user_private_coupon: 1,
      coupon_num: 1,
    });
    expect(await errnoOf(james, V.getUserCoupon, { anchor_id: 'A9999' })).toBe(Errno.NOT_FOUND);
    expect(await errnoOf(james, V.getUserCoupon)).toBe(Errno.INVALID_PARAMS);
  });

  it('her getUserInfo carries the two Coupons flags for a member', async () => {
    const profile = await james.call<AnchorProfile>('/share/v1/getUserInfo', { userid: 'A2009' });
    expect(profile).toMatchObject({ check_user_public_coupon: 1, check_user_private_coupon: 0 });
    const other = await server.loginAs('M1002');
    expect(await other.call<AnchorProfile>('/share/v1/getUserInfo', { userid: 'A2009' })).toMatchObject({
      check_user_public_coupon: 0,
      check_user_private_coupon: 0,
    });
  });
});

describe('getPromoAnchorList', () => {
  it('promotes online paid rooms, those his vouchers take first', async () => {
    const { list } = await james.call<VoucherAnchorListData>(V.getPromoAnchorList, {
      type: 0,
      number: 6,
      userid: 'M1001',
    });
    expect(list).toHaveLength(6);
    expect(list.slice(0, 4).every((a) => a.voucher === 1 && a.use_room_type === 3)).toBe(true);
    expect(list.slice(4).every((a) => a.voucher === 0)).toBe(true);
    const privates = await james.call<VoucherAnchorListData>(V.getPromoAnchorList, { type: 2, number: 4 });
    expect(privates.list).toHaveLength(4);
    for (const a of privates.list)
      expect(a).toMatchObject({ voucher: 0, use_room_type: a.anchor_type === 2 ? 4 : 2 });
    const publics = await james.call<VoucherAnchorListData>(V.getPromoAnchorList, { type: 1, number: 20 });
    expect(publics.list.map((a) => a.use_room_type)).toEqual([3, 3, 3, 3]);
  });

  it("refuses another member's list and bad numbers", async () => {
    expect(await errnoOf(james, V.getPromoAnchorList, { type: 0, number: 3, userid: 'M1002' })).toBe(
      Errno.FORBIDDEN,
    );
    expect(await errnoOf(james, V.getPromoAnchorList, { type: 3, number: 3 })).toBe(Errno.INVALID_PARAMS);
    expect(await errnoOf(james, V.getPromoAnchorList, { type: 0, number: 0 })).toBe(Errno.INVALID_PARAMS);
    expect(await errnoOf(james, V.getPromoAnchorList, { type: 0, number: 21 })).toBe(Errno.INVALID_PARAMS);
  });
});

describe('the welcome voucher', () => {
  it('is granted once when he agrees to the terms, and is new to him', async () => {
    const oliver = await server.loginAs('M1009');
    expect((await oliver.call<HasCouponData>(V.checkHasCoupon)).coupon_num).toBe(0);
    await oliver.call('/share/v1/agreeProvision');
    await oliver.call('/share/v1/agreeProvision');
    expect(await oliver.call<HasCouponData>(V.checkHasCoupon)).toEqual({ has_coupon: 1, coupon_num: 1 });
    const pop = await oliver.call<PopVoucherAnchorData>(V.getPopVoucherAnchorList);
    expect(pop).toMatchObject({ needpop: 1, voucher_num: 1 });
  });
});

describe('roles', () => {
  it('is for members only', async () => {
    const lady = await server.loginAs('A2001');
    const stranger = server.client();
    for (const path of Object.values(V)) {
      expect(await errnoOf(lady, path, { anchor_id: 'A2001' })).not.toBe(Errno.OK);
      expect(await errnoOf(stranger, path, { anchor_id: 'A2001' })).not.toBe(Errno.OK);
    }
    // A broadcaster reading a profile gets no Coupons flags.
    const profile = await lady.call<AnchorProfile>('/share/v1/getUserInfo', { userid: 'A2009' });
    expect(profile.check_user_public_coupon).toBeUndefined();
  });
});
