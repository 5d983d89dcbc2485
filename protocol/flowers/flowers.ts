/**
 * Flowers and real gifts for a broadcaster (spec 002 §2 /continueshopping, /checkout, flower/ggift,
 * gcart, gdelivery; §7 getCartGiftTypeNum {anchor_id optional} and getResentRecipientList). The
 * spec names the screens and those two calls; everything else here is ours. Decisions:
 * - The store sells the same items for every broadcaster; prices are credits with 2 decimals, each
 *   item's picture a locally drawn SVG from the gift catalogue's /media/gift/.
 * - A cart holds lines per member and broadcaster (one line per item, quantity 1..CART_LINE_MAX,
 *   at most CART_LINES_MAX lines). getCartGiftTypeNum counts lines (kinds of item), for one
 *   broadcaster when anchor_id is given, else across his carts.
 * - Checkout pays one broadcaster's whole cart with credits through the ledger in one transaction:
 *   one order, one charge keyed by the client's `order_key` (a double click or concurrent clicks
 *   with one key charge once and answer the same order), never below zero (10025, nothing moves),
 *   the cart emptied, the order written. The client sends the `total` it showed him: a cart whose
 *   total changed since answers FlowerErrno.TOTAL_CHANGED and moves nothing. The holiday and
 *   birthday discounts (protocol/offers) are priced in on the server: `total` is what he confirmed
 *   after them, and `offer_key` names the offers he saw (a changed one answers DISCOUNT_CHANGED).
 * - Status: ordered → preparing → delivered (with her thank-you photo); cancelled only while
 *   `ordered`. The order "ships" when the florist starts preparing it: from then on it cannot be
 *   cancelled. Cancelling refunds the charge through the ledger once (keyed by the order).
 * - The delivery is behind a provider interface (server/features/flowers/delivery.ts). The local
 *   stand-in (FLOWER_DELIVERY_STAND_IN, on outside production) is advanced by an operator with the
 *   `deliveries` role in the operator console; with it off those calls answer STAND_IN_OFF.
 * - He needs his send_gift_flower privilege (10010) and she her flower_sent (10769) to fill a cart
 *   or check out.
 * - Every order earns Intimacy with her (one `gift` per item), counted once per order.
 * - Recent recipients: the broadcasters he ordered for (cancelled orders excluded), newest first.
 * - Each step an order takes (the florist, or the operator advancing the stand-in) reaches his
 *   open tabs at once (FLOWER_DELIVERY_EVENT, with the order as his deliveries list shows it).
 */

export const FlowerApi = {
  /** Ours: POST {anchor_id} → FlowerStoreData, the store for her. */
  getStoreList: '/pman/giftFlower/api/getStoreList',
  /** Ours: POST {anchor_id?} → CartData, his cart for her (or all his carts). */
  getCartList: '/pman/giftFlower/cart/getCartList',
  /** Ours: POST {anchor_id, item_id, num} adds num of an item → CartData (her cart). */
  addCart: '/pman/giftFlower/cart/addCart',
  /** Ours: POST {anchor_id, item_id, num} sets a line's quantity; 0 removes it → CartData. */
  updateCart: '/pman/giftFlower/cart/updateCart',
  /** Ours: POST {anchor_id, item_id} → CartData. */
  removeCart: '/pman/giftFlower/cart/removeCart',
  /** Spec 002 §7: POST {anchor_id optional} → CartTypeNum. */
  getCartGiftTypeNum: '/pman/giftFlower/cart/getCartGiftTypeNum',
  /** Ours: POST {anchor_id, order_key, total, offer_key?} → CheckoutAnswer (total: after the offers). */
  checkout: '/pman/giftFlower/order/checkout',
  /** Ours: POST {order_id} → CheckoutAnswer (the refunded order and his balance). */
  cancelOrder: '/pman/giftFlower/order/cancelOrder',
  /** Ours: POST {start, step} → DeliveryListData, his orders newest first. */
  getDeliveryList: '/pman/giftFlower/order/getDeliveryList',
  /** Spec 002 §7: POST → RecentRecipientList. */
  getResentRecipientList: '/pman/giftFlower/api/getResentRecipientList',
  /** Ours, operator `deliveries`: POST {status?} → DeliveryListData, orders to deliver. */
  operatorDeliveryList: '/operator/v1/flower/getDeliveryList',
  /** Ours, operator `deliveries`: POST {order_id, status, photo_url?} → FlowerOrder. */
  operatorAdvance: '/operator/v1/flower/advanceDelivery',
} as const;

export const FLOWER_ITEM_KINDS = ['flower', 'gift'] as const;
export type FlowerItemKind = (typeof FLOWER_ITEM_KINDS)[number];

export const ORDER_STATUSES = ['ordered', 'preparing', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The steps a member follows, in order. */
export const DELIVERY_STEPS = ['ordered', 'preparing', 'delivered'] as const;
export type DeliveryStep = (typeof DELIVERY_STEPS)[number];

export const OrderStatusText: Record<OrderStatus, string> = {
  ordered: 'Ordered',
  preparing: 'Being prepared',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The status an operator may move an order to from `from` (undefined: none). */
export const nextStatus = (from: OrderStatus): Exclude<DeliveryStep, 'ordered'> | undefined =>
  from === 'ordered' ? 'preparing' : from === 'preparing' ? 'delivered' : undefined;
export const mayCancel = (status: OrderStatus) => status === 'ordered';

export const CART_LINE_MAX = 99;
export const CART_LINES_MAX = 30;
export const DELIVERY_PAGE_STEP = 20;
export const RECENT_RECIPIENTS_MAX = 10;
export const FLOWER_LEDGER_REASON = 'flower_order';
export const FLOWER_REFUND_LEDGER_REASON = 'flower_refund';

/** Ours, server → the member: one of his orders moved on a step (payload FlowerDeliveryNotice). */
export const FLOWER_DELIVERY_EVENT = 'imMan/flowerDeliveryNotice';
export interface FlowerDeliveryNotice {
  order: FlowerOrder;
}

/** Where the pages live in the app (hash routes). */
export const FlowerPaths = {
  store: '/continueshopping',
  checkout: '/checkout',
  ggift: '/flower/ggift',
  gcart: '/flower/gcart',
  gdelivery: '/flower/gdelivery',
} as const;

export interface FlowerItem {
  item_id: string;
  name: string;
  kind: FlowerItemKind;
  description: string;
  /** Credits, 2 decimals. */
  credit: number;
  small_imgurl: string;
}

export interface FlowerAnchor {
  anchor_id: string;
  anchor_nickname: string;
  anchor_avatar_img: string;
}

export interface FlowerStoreData {
  anchor: FlowerAnchor;
  list: FlowerItem[];
}

export interface CartLine extends FlowerAnchor {
  item_id: string;
  name: string;
  kind: FlowerItemKind;
  small_imgurl: string;
  credit: number;
  num: number;
  /** credit × num. */
  subtotal: number;
}

/** One broadcaster's cart after the offers (protocol/offers): what checkout charges for it. */
export interface CartOffer {
  anchor_id: string;
  /** The lines' sum, credits. */
  total: number;
  /** What checkout charges, credits. */
  pay_total: number;
  /** The holiday whose percent is off ('' none) and that percent. */
  holiday_key: string;
  discount: number;
  /** Credits off for her birthday (0 none). */
  birthday_off: number;
  /** Names the offers priced in; checkout sends it back ('' none). */
  offer_key: string;
}

export interface CartData {
  list: CartLine[];
  /** The sum of the lines' subtotals, credits. */
  total: number;
  /** What checking out every cart would charge, after the offers, credits. */
  pay_total: number;
  /** Per broadcaster, in the lines' order. */
  offers: CartOffer[];
  /** How many lines (kinds of item). */
  type_num: number;
}

export interface CartTypeNum {
  num: number;
}

export interface OrderLine {
  item_id: string;
  name: string;
  small_imgurl: string;
  credit: number;
  num: number;
}

export interface FlowerOrder extends FlowerAnchor {
  order_id: string;
  member_id: string;
  status: OrderStatus;
  list: OrderLine[];
  /** What the ledger took, credits. */
  total: number;
  /** The lines' sum before the offers, credits (equal to total without an offer). */
  original_total: number;
  /** Her thank-you photo once delivered ('' before). */
  photo_url: string;
  /** Unix seconds; 0 for a step not reached. */
  ordered_at: number;
  preparing_at: number;
  delivered_at: number;
  cancelled_at: number;
  /** 1 while he may still cancel it. */
  can_cancel: 0 | 1;
}

export interface CheckoutAnswer {
  order: FlowerOrder;
  /** His balance after, credits. */
  credit: number;
}

export interface DeliveryListData {
  list: FlowerOrder[];
  total: number;
}

export interface RecentRecipient extends FlowerAnchor {
  anchor_age: number;
  anchor_country: string;
  /** The newest order for her, Unix seconds. */
  last_time: number;
  order_num: number;
}

export interface RecentRecipientList {
  list: RecentRecipient[];
}

/**
 * Ours, 10760-10779. Not enough credit is the spec's 10025, no send_gift_flower the spec's 10010, an
 * anchor_id that names no broadcaster the common 10007.
 */
export const FlowerErrno = {
  UNKNOWN_ITEM: 10760,
  CART_EMPTY: 10762,
  TOTAL_CHANGED: 10763,
  CART_FULL: 10764,
  ORDER_NOT_FOUND: 10765,
  NOT_CANCELLABLE: 10766,
  BAD_STEP: 10767,
  STAND_IN_OFF: 10768,
  /** She does not take flowers and gifts (her flower_sent is off). */
  NOT_ACCEPTED: 10769,
  NO_CREDIT: 10025,
} as const;

export const FlowerMessages = {
  unknownItem: 'This item is not in the store.',
  cartEmpty: 'Your cart for this broadcaster is empty.',
  totalChanged: 'Your cart changed since you saw its total. Please check it and confirm again.',
  cartFull: `A cart holds at most ${CART_LINES_MAX} kinds of item and ${CART_LINE_MAX} of each.`,
  orderNotFound: 'There is no such order.',
  notCancellable: 'This order is already on its way and can no longer be cancelled.',
  badStep: 'An order moves from ordered to being prepared to delivered, one step at a time.',
  standInOff: 'The local delivery stand-in is off here.',
  notAccepted: 'This broadcaster does not take flowers and gifts at the moment.',
  noCredit: 'You have insufficient credits for this order.',
} as const;
