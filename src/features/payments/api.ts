/** The add-credit page's calls (protocol/payments/payments.ts; packs and order are GET). */
import {
  type CreateOrderAnswer,
  type CreditPack,
  type OrderInfo,
  PaymentApi,
} from '../../../protocol/payments/payments';
import { call } from '../../api/http';

export const getCreditPacks = () =>
  call<{ list: CreditPack[] }>(PaymentApi.packs, {}, { method: 'GET' }).then((answer) => answer.list);

/** `returnPath`: the page on this site the checkout comes back to (its query is kept). */
export const createOrder = (packId: string, returnPath: string) =>
  call<CreateOrderAnswer>(PaymentApi.createOrder, { pack_id: packId, return_url: returnPath });

export const getOrder = (orderId: string) =>
  call<OrderInfo>(PaymentApi.order, { order_id: orderId }, { method: 'GET' });
