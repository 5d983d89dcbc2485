/** The voucher calls (paths and shapes in protocol/vouchers/). */
import {
  type PopVoucherAnchorData,
  VoucherAnchorApi,
  type VoucherAnchorListData,
} from '../../../protocol/vouchers/voucher-anchors';
import { type HeaderCouponInfo, VoucherApi } from '../../../protocol/vouchers/vouchers';
import { call } from '../../api/http';

export const getHeaderCouponInfo = () => call<HeaderCouponInfo>(VoucherApi.headerCouponInfo, {});

export const closeCouponNotice = () => call<{ close_time: number }>(VoucherApi.setCouponNoticeCloseTime, {});

/** Broadcasters online now whose rooms take his vouchers; `bqId` 0 all, else one room type. */
export const getCouponAnchors = (bqId = 0) =>
  call<VoucherAnchorListData>(VoucherAnchorApi.getCouponAnchorList, { bq_id: bqId });

export const getPopVoucherAnchors = () =>
  call<PopVoucherAnchorData>(VoucherAnchorApi.getPopVoucherAnchorList, {});

export const setPopVoucherShown = () => call<{ needpop: 0 }>(VoucherAnchorApi.setPopVoucherShown, {});
