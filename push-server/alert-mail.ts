/**
 * Alerts by email: for a member who chose email for an alert kind (/mysetting/setchoice), the
 * alert goes to his verified address through the product's mail provider (SMTP, or the local
 * outbox), as a real message: a plain-text and an HTML part saying what happened, with one link
 * into the app, absolute at the app's address, and a word on where to change the choice.
 * An address he has not verified gets nothing: mail to an address nobody proved is his is spam.
 */
import { ALERT_LABELS } from '../protocol/profile/settings';
import type { AccountFacts } from '../server/features/account';
import { escapeHtml } from '../server/http/html';
import type { MailMessage, MailProvider } from '../server/providers/mail/provider';
import type { Alert } from './alerts';

/** The product's name as the account mails write it. */
const APP_NAME = 'Glimmer';
/** Where he changes his choices (the client's settings page). */
const CHOICES_PATH = '/#/mysetting/setchoice';

export interface AlertMailer {
  /** His address when he verified it, else undefined (then nothing is mailed). */
  verifiedEmail(userId: string): Promise<string | undefined>;
  /** Sends the alert to `to`; throws when the provider could not. */
  send(to: string, alert: Alert): Promise<void>;
}

/** `path` ('/#/inbox') or an absolute address, made absolute at `origin`. */
const absolute = (path: string, origin: string) => new URL(path, origin).href;

/** The message for `alert` to `to`, with links at `origin` (PUBLIC_ORIGIN or the app's address). */
export function alertMail(alert: Alert, to: string, origin: string): MailMessage {
  const n = alert.payload.notification;
  const link = absolute(n.navigate, origin);
  const choices = absolute(CHOICES_PATH, origin);
  const home = absolute('/', origin);
  const button = n.actions?.find((a) => a.navigate === n.navigate)?.title ?? 'Open Glimmer';
  const label = ALERT_LABELS[alert.type];
  const subject = n.title;
  const why = `You receive this because you chose email for "${label}" in your ${APP_NAME} settings.`;
  const text = [
    'Hello,',
    '',
    n.title,
    n.body,
    '',
    `${button}: ${link}`,
    '',
    '—',
    `${APP_NAME} · ${home}`,
    why,
    `Change how you get these alerts: ${choices}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f2f7;font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#241b29">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 16px;font-weight:800;font-size:20px;color:#8b2f6b">${e(APP_NAME)}</p>
<p>Hello,</p>
<p style="font-weight:700">${e(n.title)}</p>
<p>${e(n.body)}</p>
<p style="margin:24px 0"><a href="${e(link)}" style="background:#b0367f;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${e(button)}</a></p>
<p style="font-size:14px;color:#5d5163">Or open this address: <a href="${e(link)}" style="color:#8b2f6b;word-break:break-all">${e(link)}</a></p>
</div>
<p style="max-width:520px;margin:16px auto 0;font-size:12px;color:#6d6272">${e(APP_NAME)} · <a href="${e(home)}" style="color:#6d6272">${e(home)}</a><br>${e(why)} <a href="${e(choices)}" style="color:#6d6272">Change how you get these alerts</a>.</p>
</body></html>`;
  return { to, userId: alert.userId, purpose: 'notice', subject, text, html };
}

export interface AlertMailerDeps {
  mail: MailProvider;
  /** The account feature's facts: his email and whether he verified it. */
  facts: AccountFacts;
  /** The app's address for links: PUBLIC_ORIGIN, else where this server listens. */
  origin: () => string;
}

export function alertMailer(d: AlertMailerDeps): AlertMailer {
  return {
    async verifiedEmail(userId) {
      const facts = await d.facts(userId);
      return facts.email && facts.email_verified ? facts.email : undefined;
    },
    send: (to, alert) => d.mail.send(alertMail(alert, to, d.origin())),
  };
}
