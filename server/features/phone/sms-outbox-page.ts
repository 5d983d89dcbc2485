/**
 * GET /dev/sms-outbox: the local SMS outbox as a plain HTML page, for a person running the demo
 * (verification codes, unlock codes and booking reminders). A development page (dev-tools.ts says
 * who may see it), registered only while the embedded outbox is the SMS provider.
 */
import type { FastifyInstance } from 'fastify';
import { SMS_OUTBOX_PATH } from '../../../protocol/bookings/booking';
import { LocalSmsOutbox, OUTBOX_CSS, renderOutboxPage } from '../../providers/sms/outbox';
import type { SmsProvider } from '../../providers/sms/provider';

/** The page's stylesheet, beside it (the Content-Security-Policy allows no inline style). */
const STYLESHEET_PATH = `${SMS_OUTBOX_PATH}.css`;

export function registerSmsOutbox(app: FastifyInstance, sms: SmsProvider): void {
  if (!(sms instanceof LocalSmsOutbox)) return;
  app.get(SMS_OUTBOX_PATH, async (_request, reply) => {
    const entries = await sms.latest();
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(entries, STYLESHEET_PATH));
  });
  app.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(OUTBOX_CSS),
  );
}
