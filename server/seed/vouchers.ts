/**
 * Demo vouchers: M1001 and M1003 hold some of each kind, one of M1001's expiring within a day.
 * M1001's broadcast vouchers are good in premium public rooms (room type 3). M1013's are new to him
 * (his voucher pop is due).
 */
import type { VoucherKind } from '../../protocol/vouchers/vouchers';

export interface DemoVoucher {
  voucherId: string;
  userId: string;
  kind: VoucherKind;
  expiresAt: Date;
  /** Room types a broadcast voucher is good for (undefined: every paid room). */
  roomTypes?: number[];
}

const DAY_MS = 24 * 60 * 60_000;

export function demoVouchers(now: Date): DemoVoucher[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return [
    { voucherId: 'V1001-B1', userId: 'M1001', kind: 'broadcast', expiresAt: at(0.5), roomTypes: [3] },
    { voucherId: 'V1001-B2', userId: 'M1001', kind: 'broadcast', expiresAt: at(7), roomTypes: [3] },
    { voucherId: 'V1001-C1', userId: 'M1001', kind: 'chat', expiresAt: at(7) },
    { voucherId: 'V1001-S1', userId: 'M1001', kind: 'say_hi', expiresAt: at(3) },
    { voucherId: 'V1001-S2', userId: 'M1001', kind: 'say_hi', expiresAt: at(3) },
    { voucherId: 'V1003-C1', userId: 'M1003', kind: 'chat', expiresAt: at(14) },
    // The voucher pop's member: one for premium rooms, one for any paid room.
    { voucherId: 'V1013-B1', userId: 'M1013', kind: 'broadcast', expiresAt: at(7), roomTypes: [3] },
    { voucherId: 'V1013-B2', userId: 'M1013', kind: 'broadcast', expiresAt: at(7) },
  ];
}
