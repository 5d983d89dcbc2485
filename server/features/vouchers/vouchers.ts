/**
 * Vouchers in the header: the counts and the banner's close (getHeaderCouponInfo,
 * setCouponNoticeCloseTime), and imMan/couponNumChangeNotice whenever the counts change — a grant,
 * a use, or an expiry found by the sweep (claimed once in the database, so with many processes each
 * member hears of it once).
 */
import { EventRoute } from '../../../protocol/realtime';
import type {
  CouponNumChangeNotice,
  FreeChatTicketInfo,
  HeaderCouponInfo,
  VoucherKind,
} from '../../../protocol/vouchers/vouchers';
import type { Notifier } from '../../realtime/deliver';
import type { VouchersRepository } from './vouchers-repository';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export class VoucherService {
  constructor(
    private readonly vouchers: VouchersRepository,
    private readonly notifier: Notifier,
  ) {}

  async headerInfo(userid: string): Promise<HeaderCouponInfo> {
    const [counts, closedAt] = await Promise.all([
      this.vouchers.counts(userid),
      this.vouchers.noticeClosedAt(userid),
    ]);
    return { ...counts, close_time: closedAt ? seconds(closedAt) : 0 };
  }

  async freeTickets(userid: string): Promise<FreeChatTicketInfo> {
    const counts = await this.vouchers.counts(userid);
    return { chat: counts.chat_voucher_num, live: counts.coupon_num };
  }

  async closeNotice(userid: string): Promise<{ close_time: number }> {
    const at = await this.vouchers.closeNotice(userid);
    return { close_time: at ? seconds(at) : 0 };
  }

  async grant(userid: string, grants: { voucherId: string; kind: VoucherKind; expiresAt: Date }[]) {
    if ((await this.vouchers.grant(userid, grants)) > 0) await this.notify(userid);
  }

  /** Uses one voucher of a kind; false (nothing changed) when he has none left. */
  async use(userid: string, kind: VoucherKind): Promise<boolean> {
    const used = await this.vouchers.useOne(userid, kind);
    if (used) await this.notify(userid);
    return used;
  }

  /** His counts changed elsewhere (a live room's minutes took a voucher): tell him. */
  async changed(userid: string): Promise<void> {
    await this.notify(userid);
  }

  /** Expires what is due and tells each member concerned; answers who was told. */
  async expireDue(): Promise<string[]> {
    const users = await this.vouchers.claimExpired();
    await Promise.all(users.map((userid) => this.notify(userid)));
    return users;
  }

  private async notify(userid: string) {
    const counts: CouponNumChangeNotice = await this.vouchers.counts(userid);
    await this.notifier.deliver(userid, EventRoute.couponNumChange, counts);
  }
}
