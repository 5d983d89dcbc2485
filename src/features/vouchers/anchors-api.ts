/** Where his vouchers pay (loaded with the pop and the list, not with the header's banner). */
import {
  type PopVoucherAnchorData,
  VoucherAnchorApi,
  type VoucherAnchorListData,
} from '../../../protocol/vouchers/voucher-anchors';
import { call } from '../../api/http';

/** Broadcasters online now whose rooms take his vouchers; `bqId` 0 all, else one room type. */
export const getCouponAnchors = (bqId = 0) =>
  call<VoucherAnchorListData>(VoucherAnchorApi.getCouponAnchorList, { bq_id: bqId });

export const getPopVoucherAnchors = () =>
  call<PopVoucherAnchorData>(VoucherAnchorApi.getPopVoucherAnchorList, {});

export const setPopVoucherShown = () => call<{ needpop: 0 }>(VoucherAnchorApi.setPopVoucherShown, {});
