/**
 * The local SMS provider: writes each message to the sms_outbox table (so every process's messages
 * show on one page) and prints one log line. `renderOutboxPage` is the readable page served at
 * /dev/sms-outbox while no real provider is configured.
 */

import { escapeHtml } from '../../http/html';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import type { SmsMessage, SmsProvider } from './provider';

export interface OutboxEntry {
  id: number;
  to: string;
  userId: string;
  purpose: string;
  body: string;
  at: Date;
}

export class LocalSmsOutbox implements SmsProvider {
  readonly name = 'local';

  constructor(
    private readonly db: Db,
    private readonly log: (line: string) => void = (line) => console.log(line),
    /** Production: the log line names no number, code or text (logs travel further than the outbox). */
    private readonly production = false,
  ) {}

  async send(m: SmsMessage): Promise<void> {
    await this.db.query(
      'INSERT INTO sms_outbox (to_number, user_id, purpose, body) VALUES ($1, $2, $3, $4)',
      [m.to, m.userId, m.purpose, m.body],
    );
    this.log(
      this.production
        ? `[sms-outbox] a ${m.purpose} message for ${m.userId} was kept, not sent: no SMS provider is configured`
        : `[sms-outbox] to ${m.to} (${m.userId}, ${m.purpose}): ${m.body}`,
    );
  }

  async latest(limit = 50): Promise<OutboxEntry[]> {
    const rows = await this.db.query<{
      id: unknown;
      to_number: string;
      user_id: string;
      purpose: string;
      body: string;
      at: unknown;
    }>('SELECT id, to_number, user_id, purpose, body, at FROM sms_outbox ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map((r) => ({
      id: toInt(r.id),
      to: r.to_number,
      userId: r.user_id,
      purpose: r.purpose,
      body: r.body,
      at: toDate(r.at),
    }));
  }
}

/**
 * The page's look, served as a file of its own: the Content-Security-Policy allows no inline style.
 * On a phone the table scrolls in its own box and messages wrap, so the page fits the screen.
 */
export const OUTBOX_CSS = `body{font:14px system-ui,sans-serif;margin:1.5rem;color:#222}.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#f5f5f5}td:last-child{min-width:14em;overflow-wrap:anywhere}
`;

/** The outbox page, linking OUTBOX_CSS at `stylesheet`. */
export function renderOutboxPage(entries: OutboxEntry[], stylesheet: string): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.at.toISOString().replace('T', ' ').slice(0, 19))} UTC</td><td>${escapeHtml(e.to)}</td>` +
        `<td>${escapeHtml(e.userId)}</td><td>${escapeHtml(e.purpose)}</td><td>${escapeHtml(e.body)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Glimmer local SMS outbox</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head><body><h1>Local SMS outbox</h1>
<p>No SMS provider is configured, so text messages are kept here instead of being sent (newest first). <a href="">Refresh</a> to see new ones.</p>
${entries.length ? `<div class="scroll" role="region" aria-label="Messages" tabindex="0"><table><thead><tr><th>Sent</th><th>To</th><th>Member</th><th>Purpose</th><th>Message</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>` : '<p id="empty">No messages yet.</p>'}
</body></html>`;
}
