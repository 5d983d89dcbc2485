/**
 * Mail goes out through a provider: SMTP (smtp.ts, through nodemailer) when SMTP_URL is set, else
 * the local outbox (outbox.ts): nothing leaves the machine, each message is kept in the mail_outbox
 * table and read at /dev/mail-outbox while development tools are on (never in production).
 */
export interface MailMessage {
  to: string;
  /** The account it is for ('' when none, e.g. a reset asked for an unknown address). */
  userId: string;
  /** What it is for (the outbox page shows it). */
  purpose: 'verify' | 'reset' | 'change' | 'notice';
  subject: string;
  /** The plain-text part; every message has one. */
  text: string;
  /** The HTML part. */
  html: string;
}

export interface MailProvider {
  /** 'local' for the outbox; 'smtp' otherwise. */
  readonly name: string;
  /** Sends one message; throws when it could not be sent. */
  send(message: MailMessage): Promise<void>;
}
