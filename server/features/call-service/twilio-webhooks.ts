/**
 * The Twilio call center's callbacks. Twilio is a server calling, not the app: no session, no API
 * envelope; each request is checked with Twilio's signature (X-Twilio-Signature, an HMAC of the
 * address it was given, which is ours under TWILIO_CALLBACK_BASE, and the posted fields, keyed
 * with the auth token). A bad signature answers 403 and changes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { TwilioPaths } from '../../../protocol/call-service/twilio-webhooks';
import type { AppServices } from '../../http/route';
import { type LegQuery, legQueryOf, type TwilioCallCenter, type TwilioForm } from './twilio-center';

type Handler = (center: TwilioCallCenter, leg: LegQuery, form: TwilioForm) => Promise<string | undefined>;

const HANDLERS: [string, Handler][] = [
  [TwilioPaths.voice, (center, leg, form) => center.voice(leg, form)],
  [TwilioPaths.gather, (center, leg, form) => center.gather(leg, form)],
  [TwilioPaths.status, async (center, leg, form) => void (await center.status(leg, form))],
];

export function registerTwilioWebhooks(app: FastifyInstance, services: AppServices): void {
  const center = services.calls.twilio;
  if (!center) return;
  for (const [path, handle] of HANDLERS) {
    app.post(path, async (request, reply) => {
      const form = formOf(request.body);
      if (!signedByTwilio(center, request, form)) {
        request.log.warn(`call center: a Twilio callback with a bad signature was refused (${path})`);
        return refuse(reply, 403, 'signature refused');
      }
      const leg = legQueryOf(request.query);
      if (!leg) return refuse(reply, 400, 'no call named');
      const twiml = await handle(center, leg, form);
      if (twiml === undefined) return reply.code(204).send();
      return reply.type('text/xml; charset=utf-8').send(twiml);
    });
  }
}

/** Twilio signed the address it called (ours, under the callback base) with the posted fields. */
function signedByTwilio(center: TwilioCallCenter, request: FastifyRequest, form: TwilioForm): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || signature === '') return false;
  const settingsHeader = request.headers['x-twilio-webhooks-signature-settings'];
  const algorithm = twilio.getSignatureAlgorithm(typeof settingsHeader === 'string' ? settingsHeader : null);
  const url = new URL(request.url, center.settings.callbackBase).href;
  return twilio.validateRequest(center.settings.authToken, signature, url, form, algorithm);
}

function formOf(body: unknown): TwilioForm {
  return body && typeof body === 'object' && !Buffer.isBuffer(body) ? { ...(body as TwilioForm) } : {};
}

function refuse(reply: FastifyReply, code: number, message: string) {
  return reply.code(code).type('text/plain; charset=utf-8').send(message);
}
