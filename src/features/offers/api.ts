/** The offers' calls (paths and answers in protocol/offers/offers.ts). */
import { type DiscountInfo, OfferApi, type StrengthenPush } from '../../../protocol/offers/offers';
import { call } from '../../api/http';

export const checkDiscount = (anchorId: string) =>
  call<DiscountInfo>(OfferApi.checkDiscount, { anchor_id: anchorId });
export const checkStrengthenPush = (anchorId: string) =>
  call<StrengthenPush>(OfferApi.checkActivityStrengthenPush, { anchor_id: anchorId });
