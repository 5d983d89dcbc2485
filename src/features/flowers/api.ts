/** The flower store's calls (paths and answer shapes in protocol/flowers/flowers.ts). */
import {
  type CartData,
  type CartTypeNum,
  type CheckoutAnswer,
  DELIVERY_PAGE_STEP,
  type DeliveryListData,
  FlowerApi,
  type FlowerOrder,
  type FlowerStoreData,
  type RecentRecipientList,
} from '../../../protocol/flowers/flowers';
import { call } from '../../api/http';

export const getStore = (anchorId: string) =>
  call<FlowerStoreData>(FlowerApi.getStoreList, { anchor_id: anchorId });
export const getCart = (anchorId?: string) =>
  call<CartData>(FlowerApi.getCartList, anchorId ? { anchor_id: anchorId } : {});
export const addToCart = (anchorId: string, itemId: string, num = 1) =>
  call<CartData>(FlowerApi.addCart, { anchor_id: anchorId, item_id: itemId, num });
export const setCartLine = (anchorId: string, itemId: string, num: number) =>
  call<CartData>(FlowerApi.updateCart, { anchor_id: anchorId, item_id: itemId, num });
export const removeCartLine = (anchorId: string, itemId: string) =>
  call<CartData>(FlowerApi.removeCart, { anchor_id: anchorId, item_id: itemId });
export const getCartTypeNum = (anchorId?: string) =>
  call<CartTypeNum>(FlowerApi.getCartGiftTypeNum, anchorId ? { anchor_id: anchorId } : {});
/** `total`: the price he confirmed, after the offers named by `offerKey` (the cart's). */
export const checkout = (anchorId: string, orderKey: string, total: number, offerKey = '') =>
  call<CheckoutAnswer>(FlowerApi.checkout, {
    anchor_id: anchorId,
    order_key: orderKey,
    total,
    offer_key: offerKey,
  });
export const cancelOrder = (orderId: string) =>
  call<CheckoutAnswer>(FlowerApi.cancelOrder, { order_id: orderId });
export const getDeliveries = (start = 0, step = DELIVERY_PAGE_STEP) =>
  call<DeliveryListData>(FlowerApi.getDeliveryList, { start, step });
export const getRecentRecipients = () => call<RecentRecipientList>(FlowerApi.getResentRecipientList);
export const getOperatorDeliveries = (status = 'open') =>
  call<DeliveryListData>(FlowerApi.operatorDeliveryList, { status });
export const advanceDelivery = (orderId: string, status: 'preparing' | 'delivered', photoUrl = '') =>
  call<FlowerOrder>(FlowerApi.operatorAdvance, { order_id: orderId, status, photo_url: photoUrl });

/** One key per confirmation: a double click or a retry of it charges once. */
export const newOrderKey = () =>
  `fo${Date.now().toString(36)}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
