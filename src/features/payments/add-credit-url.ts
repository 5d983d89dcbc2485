/**
 * The add-credit page's address and query (spec 000 §1, §9): built by the purchase popup and read
 * back by the page, with the spec's defaults. Pure, so both ends and the tests share one reading.
 */
import {
  ADD_CREDIT_PAGE,
  ADD_CREDIT_QUERY_KEYS,
  DEFAULT_CLICK_FROM,
  DEFAULT_ORDER_TYPE,
  DEFAULT_PAGE_STYLE,
  PAYMENT_TARGET_CHECKOUT,
  PAYMENT_TARGET_LIVE,
} from '../../../protocol/payments/payments';

export type AddCreditKey = (typeof ADD_CREDIT_QUERY_KEYS)[number];

/** The query as the page reads it: every key the spec names, defaults filled in. */
export interface AddCreditQuery {
  target: string;
  channel: string;
  pageContent: string;
  clickFrom: string;
  orderType: number;
  promotion: string;
  pageStyle: number;
  number: string;
  /** The order the checkout returned for ('' on a fresh visit). */
  orderno: string;
  backtoUrl: string;
  referer: string;
}

/** What a caller may name; the rest takes the spec's defaults. `target` follows `orderType`. */
export type AddCreditParams = Partial<Omit<AddCreditQuery, 'target'>> & {
  /** The configured page (config.addCreditPage); ADD_CREDIT_PAGE when unset. */
  page?: string;
};

export const paymentTarget = (orderType: number) =>
  orderType === DEFAULT_ORDER_TYPE ? PAYMENT_TARGET_LIVE : PAYMENT_TARGET_CHECKOUT;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function whole(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(text(value), 10);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads a parsed query (the router may have turned '7' into 7) into the page's query. */
export function readAddCreditQuery(search: Record<string, unknown>): AddCreditQuery {
  const orderType = whole(search.orderType, DEFAULT_ORDER_TYPE);
  return {
    target: paymentTarget(orderType),
    channel: text(search.channel),
    pageContent: text(search.pageContent),
    clickFrom: text(search.clickFrom) || DEFAULT_CLICK_FROM,
    orderType,
    promotion: text(search.promotion),
    pageStyle: whole(search.pageStyle, DEFAULT_PAGE_STYLE),
    number: text(search.number),
    orderno: text(search.orderno),
    backtoUrl: text(search.backtoUrl),
    referer: text(search.referer),
  };
}

/** The query string in the spec's order, every key present (empty when it has no value). */
export function addCreditQueryString(query: AddCreditQuery): string {
  const params = new URLSearchParams();
  for (const key of ADD_CREDIT_QUERY_KEYS) params.set(key, String(query[key]));
  return params.toString();
}

/** `/nx/page/Payment/checkout?target=…&channel=…&…&referer=…` */
export function addCreditUrl(params: AddCreditParams = {}): string {
  const { page, ...rest } = params;
  return `${page || ADD_CREDIT_PAGE}?${addCreditQueryString(readAddCreditQuery(rest))}`;
}

/**
 * Where "back" may go: an address on this site only, so a crafted link cannot send the member to
 * another site after paying. Answers '' for anything else.
 */
export function sameSiteUrl(url: string, origin: string): string {
  if (!url) return '';
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.href : '';
  } catch {
    return '';
  }
}
