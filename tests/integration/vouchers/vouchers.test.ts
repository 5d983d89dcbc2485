/**
 * Vouchers in the header: getHeaderCouponInfo counts only live vouchers of each kind, the banner's
 * close is remembered until new vouchers arrive, and imMan/couponNumChangeNotice reaches the
 * member's socket when vouchers are granted, used or expire (each expiry told once, even with two
 * sweeps racing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { EventRoute } from '../../../protocol/realtime';
import {
  type CouponNumChangeNotice,
  type FreeChatTicketInfo,
  type HeaderCouponInfo,
  VoucherApi,
} from '../../../protocol/vouchers/vouchers';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
let james: Client;
let socket: TestSocket;

beforeAll(async () => {
  // The sweep is driven by the test (services.vouchers.expireDue), not by the timer.
  server = await startServer({ config: { invitationSweepMs: 3_600_000 } });
  james = await server.loginAs('M1001');
  socket = await server.socketFor(james);
});
afterAll(async () => {
  socket?.close();
  await server?.close();
});

const couponNotices = () =>
  socket.events(EventRoute.couponNumChange).map((m) => m.req_data as CouponNumChangeNotice);

describe('header voucher info', () => {
  it("answers the member's live counts by kind and a close_time of 0 until he closes the banner", async () => {
    const info = await james.call<HeaderCouponInfo>(VoucherApi.headerCouponInfo);
    expect(info).toEqual({ coupon_num: 2, chat_voucher_num: 1, left_say_hi_num: 2, close_time: 0 });
    // Another member's vouchers are his own.
    const other = await server.loginAs('M1002');
    expect(await other.call<HeaderCouponInfo>(VoucherApi.headerCouponInfo)).toEqual({
      coupon_num: 0,
      chat_voucher_num: 0,
      left_say_hi_num: 0,
      close_time: 0,
    });
  });

  it('counts his free tickets for live chat and for live rooms (countFreeChatTicketInfo)', async () => {
    expect(await james.call<FreeChatTicketInfo>(VoucherApi.countFreeChatTicketInfo)).toEqual({
      chat: 1,
      live: 2,
    });
    const other = await server.loginAs('M1002');
    expect(await other.call<FreeChatTicketInfo>(VoucherApi.countFreeChatTicketInfo)).toEqual({
      chat: 0,
      live: 0,
    });
    const lady = await server.loginAs('A2001');
    expect((await lady.form(VoucherApi.countFreeChatTicketInfo)).body.errno).not.toBe(Errno.OK);
  });

  it('is for members only', async () => {
    const lady = await server.loginAs('A2001');
    expect((await lady.form(VoucherApi.headerCouponInfo)).body.errno).not.toBe(Errno.OK);
    expect((await server.client().form(VoucherApi.headerCouponInfo)).body.errno).not.toBe(Errno.OK);
  });

  it('remembers the close, and forgets it when new vouchers arrive', async () => {
    const before = Math.floor(Date.now() / 1000);
    const closed = await james.call<{ close_time: number }>(VoucherApi.setCouponNoticeCloseTime);
    expect(closed.close_time).toBeGreaterThanOrEqual(before - 1);
    const info = await james.call<HeaderCouponInfo>(VoucherApi.headerCouponInfo);
    expect(info.close_time).toBe(closed.close_time);
    await server.services.vouchers.grant('M1001', [
      { voucherId: 'T-B3', kind: 'broadcast', expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    const after = await james.call<HeaderCouponInfo>(VoucherApi.headerCouponInfo);
    expect(after).toMatchObject({ coupon_num: 3, close_time: 0 });
    await expect
      .poll(() => couponNotices().at(-1))
      .toEqual({ coupon_num: 3, chat_voucher_num: 1, left_say_hi_num: 2 });
    // The same grant again changes nothing and tells nothing.
    const told = couponNotices().length;
    await server.services.vouchers.grant('M1001', [
      { voucherId: 'T-B3', kind: 'broadcast', expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    expect((await james.call<HeaderCouponInfo>(VoucherApi.headerCouponInfo)).coupon_num).toBe(3);
    expect(couponNotices()).toHaveLength(told);
  });
});

describe('coupon changes over the socket', () => {
  it('a used voucher lowers the count and tells his tabs; none left changes nothing', async () => {
    expect(await server.services.vouchers.use('M1001', 'chat')).toBe(true);
    await expect.poll(() => couponNotices().at(-1)?.chat_voucher_num).toBe(0);
    const told = couponNotices().length;
    expect(await server.services.vouchers.use('M1001', 'chat')).toBe(false);
    expect((await james.call<HeaderCouponInfo>(VoucherApi.headerCouponInfo)).chat_voucher_num).toBe(0);
    expect(couponNotices()).toHaveLength(told);
  });

  it('an expired voucher stops counting and is told once, even with two sweeps at once', async () => {
    await server.db.query(
      `UPDATE vouchers SET expires_at = now() - interval '1 second' WHERE voucher_id = 'V1001-B1'`,
    );
    // Counting already leaves it out before any sweep runs.
    expect((await james.call<HeaderCouponInfo>(VoucherApi.headerCouponInfo)).coupon_num).toBe(2);
    const told = couponNotices().length;
    const [a, b] = await Promise.all([
      server.services.vouchers.expireDue(),
      server.services.vouchers.expireDue(),
    ]);
    expect([...a, ...b]).toEqual(['M1001']);
    await expect.poll(() => couponNotices().length).toBe(told + 1);
    expect(couponNotices().at(-1)).toEqual({ coupon_num: 2, chat_voucher_num: 0, left_say_hi_num: 2 });
    expect(await server.services.vouchers.expireDue()).toEqual([]);
  });
});
