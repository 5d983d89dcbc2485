/** The HTTP side of the offered load: invitations as a broadcaster, or the bare server's /send. */
import { Agent, request } from 'node:http';
import { SESSION_COOKIE } from '../../protocol/envelope';
import { InviteApi } from '../../protocol/realtime';
import { now, type SendLog } from './ipc';
import { pace } from './pace';

/** Keep-alive connections the sender opens; the server needs a descriptor for each. */
export const HTTP_CONNECTIONS = 64;

export interface HttpLoad {
  log: SendLog;
  /** Answers by errno (or 'http <status>' / 'error'), so refusals show in the report. */
  answers: Map<string, number>;
  /** Milliseconds from each send to its HTTP answer. */
  answerMs: number[];
  /** From the first send to the last answer: the rate the server kept up with. */
  spanMs: number;
}

export async function sendOverHttp(
  port: number,
  kind: 'glimmer' | 'bare',
  keys: string[],
  rate: number,
  cookies: string[],
): Promise<HttpLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: HTTP_CONNECTIONS });
  const answers = new Map<string, number>();
  const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
  const pending: Promise<void>[] = [];
  const answerMs: number[] = [];
  const log = await pace(keys, rate, (key, i) => {
    const body = kind === 'glimmer' ? JSON.stringify({ user_id: key }) : key;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (kind === 'glimmer') headers.cookie = `${SESSION_COOKIE}=${cookies[i % cookies.length]}`;
    const path = kind === 'glimmer' ? InviteApi.instantInviteUser : '/send';
    const sent = now();
    pending.push(
      new Promise<void>((resolve) => {
        const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            answerMs.push(now() - sent);
            try {
              count(`errno ${(JSON.parse(text) as { errno: number }).errno}`);
            } catch {
              count(`http ${res.statusCode}`);
            }
            resolve();
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          count(`error ${error.code ?? error.message}`);
          resolve();
        });
        req.end(body);
      }),
    );
  });
  await Promise.all(pending);
  agent.destroy();
  const spanMs = now() - (log[0]?.[1] ?? now());
  return { log, answers, answerMs, spanMs };
}
