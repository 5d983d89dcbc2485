export { voucherRoutes } from './routes';
export { VoucherAnchorService } from './voucher-anchors';
export { VoucherService } from './vouchers';
export type { HeldVoucher, VouchersRepository } from './vouchers-repository';
export { claimRoomVoucher, vouchersRepository } from './vouchers-repository';
