/**
 * A local stand-in for Stripe's API, enough for Checkout: POST /v1/checkout/sessions answers a
 * session object as Stripe does (id, url, the order's amount and references). It records what it
 * was sent, and can be told to fail, so the tests never reach the internet.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripe {
  url: string;
  /** Each create call: its form fields as sent, and its headers. */
  calls: { fields: URLSearchParams; headers: IncomingMessage['headers'] }[];
  /** Answer the next calls with this HTTP status (Stripe's error body) instead of a session. */
  failWith: number | undefined;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake: FakeStripe = { url: '', calls: [], failWith: undefined, close: async () => undefined };
  const server = createServer(async (request, response) => {
    const fields = new URLSearchParams(await readBody(request));
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${request.url})`,
        },
      });
    }
    if (request.headers.authorization !== 'Bearer sk_test_glimmer') {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    fake.calls.push({ fields, headers: request.headers });
    if (fake.failWith)
      return send(fake.failWith, { error: { type: 'api_error', message: 'Something went wrong' } });
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of fields) {
      const name = /^metadata\[(\w+)\]$/.exec(key)?.[1];
      if (name) metadata[name] = value;
    }
    send(200, {
      id,
      object: 'checkout.session',
      mode: fields.get('mode'),
      client_reference_id: fields.get('client_reference_id'),
      metadata,
      amount_total: Number(fields.get('line_items[0][price_data][unit_amount]')),
      currency: fields.get('line_items[0][price_data][currency]'),
      payment_status: 'unpaid',
      status: 'open',
      success_url: fields.get('success_url'),
      cancel_url: fields.get('cancel_url'),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      livemode: false,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
