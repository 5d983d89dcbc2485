/**
 * Buying credits (spec 000 §1, §2, §9: the purchase popup and the add-credit page; 002 §7 money).
 * The add-credit page is opened with the spec's query; the member picks a pack, the server makes an
 * order and answers the provider's hosted checkout address (Stripe Checkout, or the built-in test
 * provider's page); credits are granted only when the provider's signed webhook says the order is
 * paid, once per order, through the ledger.
 *
 * Decisions where the spec is silent, written down here:
 * - The packs, their prices (US dollars, in cents) and the calls below are ours.
 * - The add-credit page is `/nx/page/Payment/checkout` (the spec's page for the newer variant);
 *   config's addCreditPage names it, and the spec's query goes with it (ADD_CREDIT_QUERY_KEYS).
 */

export const PaymentApi = {
  /** Ours: the packs on sale (chat-minute packs only to a paid member signed in). */
  packs: '/man/v1/payment/getCreditPacks',
  /** Ours: an order for one pack; answers the provider's checkout address to open. */
  createOrder: '/man/v1/payment/createOrder',
  /** Ours: one of his orders as it stands (the page asks after the checkout returns). */
  order: '/man/v1/payment/getOrder',
} as const;

/** Server-to-server and provider pages (not the app's API envelope). */
export const PaymentPaths = {
  /** Stripe's webhook (signed with the endpoint secret, `Stripe-Signature`). */
  stripeWebhook: '/payment/webhook/stripe',
  /** The built-in test provider's webhook (signed the same way, with its own secret). */
  testWebhook: '/payment/webhook/test',
  /** The built-in test provider's hosted checkout page (`?session=…`). */
  testCheckout: '/payment/test-checkout',
} as const;

/** The add-credit page (spec 000 §1: /nx/page/Payment/checkout, the newer variant). */
export const ADD_CREDIT_PAGE = '/nx/page/Payment/checkout';
/** The payment target the add-credit query names: order type 7 is a live purchase. */
export const PAYMENT_TARGET_LIVE = '/payment/live_purchase.php';
export const PAYMENT_TARGET_CHECKOUT = '/payment/checkout.php';
/** Spec 000 §9 defaults. */
export const DEFAULT_ORDER_TYPE = 7;
export const DEFAULT_CLICK_FROM = 'A01';
export const DEFAULT_PAGE_STYLE = 1;
/** The query the add-credit page is opened with, in the spec's order. */
export const ADD_CREDIT_QUERY_KEYS = [
  'target',
  'channel',
  'pageContent',
  'clickFrom',
  'orderType',
  'promotion',
  'pageStyle',
  'number',
  'orderno',
  'backtoUrl',
  'referer',
] as const;

/** The purchase popup (spec 000 §2, §9): 755x575 centred; the opener polls its close every 50 ms. */
export const PURCHASE_POPUP = { width: 755, height: 575 } as const;
export const PURCHASE_POPUP_POLL_MS = 50;
export const PurchaseText = {
  overlay: "Don't see the secure payment browser?",
  clickMe: 'Click Me',
} as const;

/**
 * What a pack grants: credits, or (paid members only, spec 002 §1 "if paid members, chat-minute
 * packages") chat minutes.
 */
export type PackKind = 'credits' | 'chatmin';

export interface CreditPack {
  pack_id: string;
  kind: PackKind;
  /** Credits granted (0 for a chat-minute pack). */
  credits: number;
  /** Chat minutes granted (0 for a credit pack). */
  minutes: number;
  /** What it costs, in cents of `currency`. */
  price_cents: number;
  currency: 'usd';
  /** A saving to show (e.g. 'Save 10%'), or ''. */
  save_desc: string;
}

export type OrderState = 'created' | 'paid' | 'failed' | 'refunded';

export interface OrderInfo {
  order_id: string;
  pack_id: string;
  kind: PackKind;
  credits: number;
  minutes: number;
  price_cents: number;
  currency: 'usd';
  state: OrderState;
  /** Why a payment failed, in words for the member ('' otherwise). */
  failure: string;
  /** When the order was made (Unix seconds). */
  created_at: number;
}

export interface CreateOrderAnswer {
  order: OrderInfo;
  /** The provider's hosted checkout page for this order. */
  checkout_url: string;
}

const credits = (pack_id: string, n: number, price_cents: number, save_desc = ''): CreditPack => ({
  pack_id,
  kind: 'credits',
  credits: n,
  minutes: 0,
  price_cents,
  currency: 'usd',
  save_desc,
});
const chatmin = (pack_id: string, n: number, price_cents: number, save_desc = ''): CreditPack => ({
  pack_id,
  kind: 'chatmin',
  credits: 0,
  minutes: n,
  price_cents,
  currency: 'usd',
  save_desc,
});

/** Ours: the credit packs on sale, defined once (the server sells these; the page shows them). */
export const CREDIT_PACKS: readonly CreditPack[] = [
  credits('credits_10', 10, 999),
  credits('credits_25', 25, 2299, 'Save 8%'),
  credits('credits_50', 50, 4299, 'Save 14%'),
  credits('credits_100', 100, 7999, 'Save 20%'),
];

/** Ours: the chat-minute packages on sale to paid members. */
export const CHATMIN_PACKS: readonly CreditPack[] = [
  chatmin('chatmin_30', 30, 999),
  chatmin('chatmin_60', 60, 1799, 'Save 10%'),
  chatmin('chatmin_120', 120, 3299, 'Save 17%'),
];

export const ALL_PACKS: readonly CreditPack[] = [...CREDIT_PACKS, ...CHATMIN_PACKS];

/**
 * The checkout returns the browser to the order's return address (the add-credit page unless
 * createOrder named another same-origin path) with these added to its query. The result says only
 * what the member did there; the order's state (getOrder) says whether it was paid.
 */
export const ReturnQuery = { order: 'order_id', result: 'payment' } as const;
export type CheckoutResult = 'success' | 'failed' | 'cancel';

/** The ledger's reasons for a purchase's credits and for taking them back (refund, dispute). */
export const PurchaseLedgerReason = { purchase: 'credit_purchase', takeBack: 'credit_takeback' } as const;
/** The chat-minute ledger's reasons for a package bought and for taking it back. */
export const ChatminLedgerReason = { purchase: 'chatmin_purchase', takeBack: 'chatmin_takeback' } as const;

/**
 * Ours. UNAVAILABLE: createOrder when no payment provider is configured on this server.
 * PAID_MEMBERS_ONLY: createOrder for a chat-minute pack by a member who is not a paid member.
 */
export const PaymentErrno = { UNAVAILABLE: 10120, PAID_MEMBERS_ONLY: 10121 } as const;
export const PaymentText = {
  unavailable: 'Buying credits is not available right now. Please try again later.',
  paidMembersOnly: 'Chat minutes are for paid members only.',
  declined: 'Your card was declined.',
  cancelled: 'The payment was cancelled.',
  expired: 'The checkout expired before the payment was made.',
  asyncFailed: 'The payment did not go through.',
} as const;
