/**
 * The mail provider the configuration asks for: SMTP at SMTP_URL (from MAIL_FROM), else the local
 * outbox. Shared by the product (server/services.ts) and a push server running on its own
 * (push-server/main.ts), so both send the same way.
 */
import type { Db } from '../../storage/contract';
import { LocalMailOutbox } from './outbox';
import type { MailProvider } from './provider';
import { SmtpMailProvider } from './smtp';

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
  /** No log line per kept message. */
  quiet: boolean;
  /** The outbox's log line names no address or link. */
  production: boolean;
}

export function mailProviderFrom(db: Db, s: MailSettings): MailProvider {
  return s.smtpUrl
    ? new SmtpMailProvider(s.smtpUrl, s.from)
    : new LocalMailOutbox(db, s.quiet ? () => undefined : undefined, s.production);
}
