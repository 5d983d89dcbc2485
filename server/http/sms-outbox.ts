/**
 * GET /dev/sms-outbox: the local SMS outbox as a plain HTML page, for a person running the demo
 * (verification codes and booking reminders). Registered only while the embedded outbox is the SMS
 * provider; with a real provider the page does not exist.
 */
import type { FastifyInstance } from 'fastify';
import { SMS_OUTBOX_PATH } from '../../protocol/booking';
import { LocalSmsOutbox, renderOutboxPage } from '../sms/outbox';
import type { SmsProvider } from '../sms/provider';

export function registerSmsOutbox(app: FastifyInstance, sms: SmsProvider): void {
  if (!(sms instanceof LocalSmsOutbox)) return;
  app.get(SMS_OUTBOX_PATH, async (_request, reply) => {
    const entries = await sms.latest();
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(entries));
  });
}
