/**
 * GET /dev/mail-outbox: the local mail outbox as a plain HTML page, for a person running the demo
 * (verification and reset links). A development page (dev-tools.ts says who may see it), registered
 * only while the local outbox is the mail provider and never in production. The rendering is its own
 * function (renderMailOutboxPage) so an operator console can host it elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import { MAIL_OUTBOX_PATH } from '../../../protocol/account/account';
import { escapeHtml } from '../../http/html';
import { LocalMailOutbox, type MailOutboxEntry } from '../../providers/mail/outbox';
import type { MailProvider } from '../../providers/mail/provider';

/** The page's stylesheet, beside it (the Content-Security-Policy allows no inline style). */
export const MAIL_OUTBOX_STYLESHEET = `${MAIL_OUTBOX_PATH}.css`;

export const MAIL_OUTBOX_CSS = `body{font:14px system-ui,sans-serif;margin:1.5rem;color:#222;max-width:60rem}
article{border:1px solid #ddd;border-radius:8px;padding:.8rem 1rem;margin:0 0 1rem}
h2{font-size:1rem;margin:0 0 .3rem}.meta{color:#555;margin:0 0 .6rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f7f7f7;padding:.6rem;border-radius:6px;margin:0}
a{overflow-wrap:anywhere}details{margin-top:.5rem}
`;

/** The mail in the outbox, newest first, or undefined when mail goes out by SMTP. */
export async function readMailOutbox(mail: MailProvider, limit = 50): Promise<MailOutboxEntry[] | undefined> {
  return mail instanceof LocalMailOutbox ? mail.latest(limit) : undefined;
}

/** The links in a plain-text part, made clickable (the text is escaped first). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The page's HTML, linking MAIL_OUTBOX_CSS at `stylesheet`. The HTML part is shown as source only. */
export function renderMailOutboxPage(
  entries: MailOutboxEntry[],
  stylesheet = MAIL_OUTBOX_STYLESHEET,
): string {
  const items = entries
    .map(
      (e) => `<article data-purpose="${escapeHtml(e.purpose)}" data-to="${escapeHtml(e.to)}">
<h2>${escapeHtml(e.subject)}</h2>
<p class="meta">To ${escapeHtml(e.to)}${e.userId ? ` (${escapeHtml(e.userId)})` : ''} · ${escapeHtml(e.purpose)} · ${escapeHtml(e.at.toISOString().replace('T', ' ').slice(0, 19))} UTC</p>
<pre>${linkify(e.text)}</pre>
<details><summary>HTML part (source)</summary><pre>${escapeHtml(e.html)}</pre></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Glimmer local mail outbox</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head><body><h1>Local mail outbox</h1>
<p>No SMTP server is configured (SMTP_URL), so account mail is kept here instead of being sent (newest first). <a href="">Refresh</a> to see new ones.</p>
${entries.length ? items : '<p id="empty">No mail yet.</p>'}
</body></html>`;
}

export function registerMailOutbox(app: FastifyInstance, mail: MailProvider): void {
  if (!(mail instanceof LocalMailOutbox)) return;
  app.get(MAIL_OUTBOX_PATH, async (_request, reply) => {
    const entries = (await readMailOutbox(mail)) ?? [];
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderMailOutboxPage(entries));
  });
  app.get(MAIL_OUTBOX_STYLESHEET, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(MAIL_OUTBOX_CSS),
  );
}
