/**
 * The real mail provider: SMTP through nodemailer, at SMTP_URL (smtp://user:pass@host:587 or
 * smtps://…:465), from MAIL_FROM. One pooled transport per process.
 */
import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './provider';

export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
    });
  }

  close(): void {
    this.transport.close();
  }
}
