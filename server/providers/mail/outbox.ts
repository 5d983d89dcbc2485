/**
 * The local mail provider: keeps each message whole in the mail_outbox table (so every process's
 * mail shows on one page) and prints one log line. Read with latest(); the page that shows it is
 * server/features/account/mail-outbox-page.ts.
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import type { MailMessage, MailProvider } from './provider';

export interface MailOutboxEntry {
  id: number;
  to: string;
  userId: string;
  purpose: string;
  subject: string;
  text: string;
  html: string;
  at: Date;
}

export class LocalMailOutbox implements MailProvider {
  readonly name = 'local';

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = (line) => console.log(line),
    /** Production: the log line names no address and no link (logs travel further than the outbox). */
    private readonly production = false,
  ) {}

  async send(m: MailMessage): Promise<void> {
    await this.db.query(
      `INSERT INTO mail_outbox (to_address, user_id, purpose, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [m.to, m.userId, m.purpose, m.subject, m.text, m.html],
    );
    this.log(
      this.production
        ? `[mail-outbox] a ${m.purpose} mail was kept, not sent: no SMTP_URL is configured`
        : `[mail-outbox] to ${m.to} (${m.purpose}): ${m.subject}`,
    );
  }

  async latest(limit = 50): Promise<MailOutboxEntry[]> {
    const rows = await this.db.query<{
      id: unknown;
      to_address: string;
      user_id: string;
      purpose: string;
      subject: string;
      text_body: string;
      html_body: string;
      at: unknown;
    }>(
      `SELECT id, to_address, user_id, purpose, subject, text_body, html_body, at
       FROM mail_outbox ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      id: toInt(r.id),
      to: r.to_address,
      userId: r.user_id,
      purpose: r.purpose,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      at: toDate(r.at),
    }));
  }
}
