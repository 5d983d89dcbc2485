/** The backpack's calls (paths and shapes in protocol/backpack/backpack.ts). */
import {
  BackpackApi,
  type BackpackGiftList,
  type BackpackKind,
  type BackpackRideList,
  type BackpackUnreadNum,
  type BackpackVoucherList,
  type GiftPackageData,
  type VoucherSummaryData,
} from '../../../protocol/backpack/backpack';
import { call } from '../../api/http';

export const getBackpackUnreadNum = () => call<BackpackUnreadNum>(BackpackApi.getBackpackUnreadNum, {});
export const setBackpackRead = (type: BackpackKind) =>
  call<BackpackUnreadNum>(BackpackApi.setBackpackRead, { type });
export const getBackpackVouchers = (start: number, step: number) =>
  call<BackpackVoucherList>(BackpackApi.getBackpackVoucherList, { start, step });
export const getBackpackGifts = () => call<BackpackGiftList>(BackpackApi.getBackpackGiftList, {});
export const getBackpackRides = () => call<BackpackRideList>(BackpackApi.getBackpackRideList, {});
export const getVoucherSummary = () => call<VoucherSummaryData>(BackpackApi.getVoucherSummary, {});
export const getGiftPackage = () => call<GiftPackageData>(BackpackApi.getGiftPackage, {});
export const setGiftPackageShown = () => call<GiftPackageData>(BackpackApi.setGiftPackageShown, {});
