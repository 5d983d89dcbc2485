/** Helpers for the payment tests: balances, the test checkout's form, signed webhook deliveries. */
import { PaymentPaths } from '../../../protocol/payments/payments';
import type { Order } from '../../../server/features/payments/orders-repository';
import type { TestServer } from '../harness';

/** His balance in hundredths, straight from the database. */
export async function balanceOf(server: TestServer, userid: string): Promise<number> {
  const [row] = await server.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
}

export async function orderRow(server: TestServer, orderId: string): Promise<Order> {
  const order = await server.repositories.orders.byId(orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

/** Posts the test checkout page's form as the browser would (same origin, redirects not followed). */
export function checkout(
  server: TestServer,
  checkoutUrl: string,
  fields: { card?: string; action?: 'pay' | 'confirm' | 'cancel'; token?: string },
): Promise<Response> {
  const session = new URL(checkoutUrl, server.url).searchParams.get('session') ?? '';
  const form = new URLSearchParams({ session, action: fields.action ?? 'pay' });
  if (fields.card) form.set('card', fields.card);
  if (fields.token) form.set('token', fields.token);
  return fetch(`${server.url}${PaymentPaths.testCheckout}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: form.toString(),
    redirect: 'manual',
  });
}

/** One webhook delivery: its HTTP status and what the server did with it. */
export async function postWebhook(
  base: string,
  body: string,
  signature: string | undefined,
  path: string = PaymentPaths.testWebhook,
): Promise<{ status: number; outcome: string | undefined }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
  const answer = (await response.json()) as { data: { outcome?: string } | null };
  return { status: response.status, outcome: answer.data?.outcome };
}
