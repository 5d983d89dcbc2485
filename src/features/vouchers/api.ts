/** The voucher calls (paths and shapes in protocol/vouchers/). */
import { type HeaderCouponInfo, VoucherApi } from '../../../protocol/vouchers/vouchers';
import { call } from '../../api/http';

export const getHeaderCouponInfo = () => call<HeaderCouponInfo>(VoucherApi.headerCouponInfo, {});

export const closeCouponNotice = () => call<{ close_time: number }>(VoucherApi.setCouponNoticeCloseTime, {});
