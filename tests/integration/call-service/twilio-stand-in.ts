/**
 * A local server that answers Twilio's REST API as the call center uses it (placing calls and hanging
 * them up) and calls the server back the way Twilio does:
 * form posts to the addresses it was given, signed with X-Twilio-Signature (HMAC-SHA1, keyed with
 * the auth token, of the address followed by each field name and value in name order). The
 * addresses name the public callback origin; the posts go to the test server in its place.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWILIO_SID = `AC${'0'.repeat(32)}`;
export const TWILIO_TOKEN = 'test-auth-token-0123456789abcdef';
export const TWILIO_FROM = '+15005550006';
export const CALLBACK_ORIGIN = 'https://calls.glimmer.example';

/** A call the center placed, as Twilio's API received it. */
export interface PlacedCall {
  sid: string;
  to: string;
  from: string;
  url: string;
  statusCallback: string;
}

export interface TwilioStandIn {
  url: string;
  placed: PlacedCall[];
  /** Calls the center hung up through the API (their sids). */
  hungUp: string[];
  /** The call placed to `to` (throws when there is none). */
  callTo(to: string): PlacedCall;
  /** Twilio posts to one of our addresses; answers the status and the body (TwiML or text). */
  post(
    address: string,
    fields: Record<string, string>,
    signature?: string,
  ): Promise<{ status: number; body: string }>;
  /** The leg answered: Twilio fetches its TwiML. */
  answer(call: PlacedCall): Promise<string>;
  /** A key on his phone, posted to the press-1 step's action. */
  press(call: PlacedCall, twiml: string, digit: string): Promise<string>;
  /** The leg's final status. */
  finish(call: PlacedCall, status: string): Promise<number>;
  close(): Promise<void>;
}

/** The signature Twilio sends for a post of `fields` to `address`. */
export function twilioSignature(address: string, fields: Record<string, string>): string {
  const data = Object.keys(fields)
    .sort()
    .reduce((acc, key) => acc + key + fields[key], address);
  return createHmac('sha1', TWILIO_TOKEN).update(Buffer.from(data, 'utf-8')).digest('base64');
}

/** The gather's action address in a TwiML answer. */
export function gatherAction(twiml: string): string {
  const action = /<Gather[^>]*action="([^"]+)"/.exec(twiml)?.[1];
  if (!action) throw new Error(`no gather in ${twiml}`);
  return action.replaceAll('&amp;', '&');
}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTwilioStandIn(serverUrl: () => string): Promise<TwilioStandIn> {
  const placed: PlacedCall[] = [];
  const hungUp: string[] = [];
  const account = `/2010-04-01/Accounts/${TWILIO_SID}`;
  const basic = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;

  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      if (request.headers.authorization !== basic) return send(401, { code: 20003, message: 'Authenticate' });
      const url = new URL(request.url ?? '/', 'http://twilio.local');
      const form = await formOf(request);
      if (request.method === 'POST' && url.pathname === `${account}/Calls.json`) {
        const call: PlacedCall = {
          sid: `CA${randomBytes(16).toString('hex')}`,
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          url: form.get('Url') ?? '',
          statusCallback: form.get('StatusCallback') ?? '',
        };
        placed.push(call);
        return send(201, {
          sid: call.sid,
          account_sid: TWILIO_SID,
          to: call.to,
          from: call.from,
          status: 'queued',
        });
      }
      const callUpdate = new RegExp(`^${account}/Calls/(CA[0-9a-f]+)\\.json$`).exec(url.pathname);
      if (request.method === 'POST' && callUpdate?.[1]) {
        if (form.get('Status') === 'completed') hungUp.push(callUpdate[1]);
        return send(200, { sid: callUpdate[1], account_sid: TWILIO_SID, status: form.get('Status') });
      }
      send(404, { code: 20404, message: 'Not found' });
    })().catch((error: unknown) => send(500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: TwilioStandIn = {
    url: `http://127.0.0.1:${port}`,
    placed,
    hungUp,
    callTo(to) {
      const found = placed.findLast((c) => c.to === to);
      if (!found) throw new Error(`no call placed to ${to}`);
      return found;
    },
    async post(address, fields, signature = twilioSignature(address, fields)) {
      const target = new URL(address);
      if (target.origin !== CALLBACK_ORIGIN) throw new Error(`not our callback origin: ${address}`);
      const response = await fetch(`${serverUrl()}${target.pathname}${target.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: response.status, body: await response.text() };
    },
    async answer(call) {
      const answer = await standIn.post(call.url, legFields(call, 'in-progress'));
      if (answer.status !== 200) throw new Error(`answer: ${answer.status} ${answer.body}`);
      return answer.body;
    },
    async press(call, twiml, digit) {
      const answer = await standIn.post(gatherAction(twiml), {
        ...legFields(call, 'in-progress'),
        Digits: digit,
      });
      if (answer.status !== 200) throw new Error(`press: ${answer.status} ${answer.body}`);
      return answer.body;
    },
    async finish(call, status) {
      return (await standIn.post(call.statusCallback, legFields(call, status))).status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

function legFields(call: PlacedCall, status: string): Record<string, string> {
  return {
    AccountSid: TWILIO_SID,
    ApiVersion: '2010-04-01',
    CallSid: call.sid,
    CallStatus: status,
    Direction: 'outbound-api',
    From: call.from,
    To: call.to,
  };
}
