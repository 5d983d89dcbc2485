/**
 * The account mails: a plain-text and an HTML part each, naming the app and its address, with the
 * one link they carry written out in full (some mail readers show no buttons).
 */
import { escapeHtml } from '../../http/html';
import type { MailMessage } from '../../providers/mail/provider';

export const APP_NAME = 'Glimmer';

interface Link {
  to: string;
  userId: string;
  nickname: string;
  /** The app's address (PUBLIC_ORIGIN, or the one the request came to). */
  origin: string;
  link: string;
  /** Hours the link is good for. */
  hours: number;
}

function compose(
  purpose: MailMessage['purpose'],
  l: Link,
  subject: string,
  lead: string,
  button: string,
  after: string,
): MailMessage {
  const validity =
    l.hours >= 24
      ? `${l.hours / 24} day${l.hours === 24 ? '' : 's'}`
      : `${l.hours} hour${l.hours === 1 ? '' : 's'}`;
  const foot = `${APP_NAME} · ${l.origin}\nYou receive this because of an action on your ${APP_NAME} account (${l.userId}).`;
  const text = [
    `Hello ${l.nickname},`,
    '',
    lead,
    '',
    l.link,
    '',
    `The link works once, for ${validity}.`,
    after,
    '',
    '—',
    foot,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f2f7;font:16px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#241b29">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 16px;font-weight:800;font-size:20px;color:#8b2f6b">${e(APP_NAME)}</p>
<p>Hello ${e(l.nickname)},</p>
<p>${e(lead)}</p>
<p style="margin:24px 0"><a href="${e(l.link)}" style="background:#b0367f;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:700">${e(button)}</a></p>
<p style="font-size:14px;color:#5d5163">Or open this address: <a href="${e(l.link)}" style="color:#8b2f6b;word-break:break-all">${e(l.link)}</a></p>
<p style="font-size:14px;color:#5d5163">The link works once, for ${e(validity)}. ${e(after)}</p>
</div>
<p style="max-width:520px;margin:16px auto 0;font-size:12px;color:#6d6272">${e(APP_NAME)} · <a href="${e(l.origin)}" style="color:#6d6272">${e(l.origin)}</a><br>You receive this because of an action on your ${e(APP_NAME)} account (${e(l.userId)}).</p>
</body></html>`;
  return { to: l.to, userId: l.userId, purpose, subject, text, html };
}

export const verifyMail = (l: Link) =>
  compose(
    'verify',
    l,
    `Confirm your email for ${APP_NAME}`,
    `Welcome to ${APP_NAME}! Please confirm that this is your email address.`,
    'Confirm my email',
    'If you did not create this account, ignore this mail.',
  );

export const changeMail = (l: Link) =>
  compose(
    'change',
    l,
    `Confirm your new email for ${APP_NAME}`,
    `You asked to use this address for your ${APP_NAME} account. Confirm it, and it replaces your old one.`,
    'Confirm my new email',
    'If you did not ask for this, ignore this mail: nothing changes.',
  );

export const resetMail = (l: Link) =>
  compose(
    'reset',
    l,
    `Reset your ${APP_NAME} password`,
    'Someone (we hope you) asked to reset the password of your account. Choose a new one here.',
    'Choose a new password',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  );
