/**
 * The test provider's hosted checkout (PaymentPaths.testCheckout?session=…): the order, a card
 * form, and Stripe's test cards. Plain HTML forms (the Content-Security-Policy allows no inline
 * script or style). The outcome is told to Glimmer the way Stripe tells it: a signed webhook over
 * HTTP to this server, and only then is the browser sent back to the order's return address.
 * A POST that is not this page's form answers the API's error envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Errno, Messages } from '../../../protocol/errors';
import { type CheckoutResult, PaymentPaths, PaymentText } from '../../../protocol/payments/payments';
import { invalid, sendFail } from '../../http/envelope';
import { escapeHtml } from '../../http/html';
import {
  sessionObject,
  TestCards,
  type TestEventType,
  type TestPaymentProvider,
} from '../../providers/payments/test-provider';
import type { Order } from './orders-repository';
import { orderWords, type PaymentService, returnUrl } from './payments';

const PAGE = PaymentPaths.testCheckout;
const STYLE_PATH = `${PAGE}.css`;
const SessionId = z.string().regex(/^cs_test_[A-Za-z0-9_-]{16}$/);
const PostBody = z.object({
  session: SessionId,
  action: z.enum(['pay', 'confirm', 'cancel']),
  card: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(8).optional(),
  token: z.string().max(100).optional(),
});

const STYLE = `body{font:16px system-ui,sans-serif;background:#f4f1f7;color:#222;margin:0}
main{max-width:420px;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:1.2rem;margin:0 0 1rem}.price{font-size:1.8rem;font-weight:600;margin:.2rem 0 1rem}
label{display:block;margin:.8rem 0 .2rem;font-size:.9rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #bbb;border-radius:6px}
.row{display:flex;gap:.8rem}.row>div{flex:1}button{font:inherit;width:100%;margin-top:1rem;padding:.7rem;border:0;border-radius:8px;cursor:pointer}
.pay{background:#635bff;color:#fff}.cancel{background:#eee}.error{color:#b00020;font-weight:600}.note{color:#666;font-size:.85rem}`;

const money = (order: Order) => `$${(order.amountCents / 100).toFixed(2)} ${order.currency.toUpperCase()}`;

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title><link rel="stylesheet" href="${STYLE_PATH}"></head><body><main>${body}</main></body></html>`;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const cancelForm = (session: string) =>
  `<form method="post" action="${PAGE}">${hidden('session', session)}${hidden('action', 'cancel')}` +
  '<button class="cancel" type="submit">Cancel and go back</button></form>';

function cardPage(order: Order, session: string, error = ''): string {
  return page(`<h1>Glimmer test checkout: ${orderWords(order)}</h1><p class="price">${money(order)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${PAGE}">${hidden('session', session)}${hidden('action', 'pay')}
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div></div>
<button class="pay" type="submit">Pay ${money(order)}</button></form>
${cancelForm(session)}
<p class="note">Test mode: no card is charged. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
4000 0025 0000 3155 asks for a confirmation first.</p>`);
}

function confirmPage(order: Order, session: string, token: string): string {
  return page(`<h1>Confirm this payment</h1><p>Your bank asks you to confirm the payment of ${money(order)}
for ${orderWords(order)}.</p>
<form method="post" action="${PAGE}">${hidden('session', session)}${hidden('action', 'confirm')}${hidden('token', token)}
<button class="pay" type="submit">Confirm</button></form>${cancelForm(session)}`);
}

/** This server as the request reached it (the test provider calls its own webhook there). */
function selfBase(request: FastifyRequest): string {
  const address = (request.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${request.socket.localPort}`;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

export function registerTestCheckout(
  app: FastifyInstance,
  payments: PaymentService,
  test: TestPaymentProvider,
): void {
  app.get(STYLE_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLE),
  );

  app.get(PAGE, async (request, reply) => {
    const session = SessionId.safeParse((request.query as { session?: unknown }).session);
    const order = session.success ? await payments.checkoutOrder('test', session.data) : undefined;
    if (!session.success || !order) return html(reply, 404, page('<p>This checkout does not exist.</p>'));
    if (order.state === 'paid' || order.state === 'refunded') {
      return html(reply, 200, page('<p>This order is paid already.</p>'));
    }
    return html(reply, 200, cardPage(order, session.data));
  });

  app.post(PAGE, async (request, reply) => {
    const body = PostBody.safeParse(request.body);
    if (!body.success) return sendFail(reply, Errno.INVALID_PARAMS, invalid('not a checkout form'), 400);
    const { session, action } = body.data;
    const order = await payments.checkoutOrder('test', session);
    if (!order) return sendFail(reply, Errno.NOT_FOUND, Messages.notFound, 404);
    const back = (result: CheckoutResult) =>
      reply.redirect(returnUrl(order.returnPath, order.orderId, result), 303);
    if (order.state === 'paid' || order.state === 'refunded') return back('success');

    /** Tells Glimmer over its webhook, then sends the browser back. */
    const outcome = async (type: TestEventType, result: CheckoutResult, failure?: string) => {
      const status = await test
        .deliver(selfBase(request), type, sessionObject(order, result === 'success', failure))
        .catch(() => 0);
      if (status !== 200) {
        return html(
          reply,
          502,
          page(`<p class="error">The shop could not be told (${status}). Please try again.</p>`),
        );
      }
      return back(result);
    };

    if (action === 'cancel') return outcome('checkout.session.expired', 'cancel', PaymentText.cancelled);
    if (action === 'confirm') {
      if (!(await test.confirmTokenValid(session, body.data.token ?? ''))) {
        return sendFail(reply, Errno.INVALID_PARAMS, invalid('token: not this checkout'), 400);
      }
      return outcome('checkout.session.completed', 'success');
    }
    const card = (body.data.card ?? '').replace(/[\s-]/g, '');
    if (card === TestCards.succeeds) return outcome('checkout.session.completed', 'success');
    if (card === TestCards.declined) {
      return outcome('checkout.session.async_payment_failed', 'failed', PaymentText.declined);
    }
    if (card === TestCards.confirm)
      return html(reply, 200, confirmPage(order, session, await test.confirmToken(session)));
    return html(reply, 200, cardPage(order, session, 'Use one of the test cards below.'));
  });
}
