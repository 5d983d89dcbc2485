/** The header's voucher calls (paths and shapes in protocol/vouchers.ts). */
import { type HeaderCouponInfo, VoucherApi } from '../../protocol/vouchers';
import { call } from './http';

export const getHeaderCouponInfo = () => call<HeaderCouponInfo>(VoucherApi.headerCouponInfo, {});

export const closeCouponNotice = () => call<{ close_time: number }>(VoucherApi.setCouponNoticeCloseTime, {});
