/** Sign-up as the browser does it: a challenge, its proof-of-work, then /user/register. */
import type { SignupChallenge } from '../../../protocol/account/account';
import { AccountApi } from '../../../protocol/account/account';
import { solveChallenge } from '../../../server/features/account/proof-of-work';
import type { Client, TestServer } from '../harness';

export const STRONG_PASSWORD = 'Violet-Harbor-42';

export interface SignupFields {
  email: string;
  password?: string;
  nickname?: string;
  birthday?: string;
  country?: string;
}

export async function signUp(client: Client, fields: SignupFields) {
  const { challenge, bits } = await client.call<SignupChallenge>(AccountApi.signupChallenge);
  return client.form<{ userid: string; email: string }>(AccountApi.register, {
    password: STRONG_PASSWORD,
    nickname: 'Alex',
    birthday: '1990-05-17',
    country: 'Canada',
    ...fields,
    challenge,
    nonce: solveChallenge(challenge, bits),
  });
}

interface OutboxRow {
  to_address: string;
  purpose: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/** The newest mail of `purpose` to `to` in the local outbox (polled: reset mail goes after the answer). */
export async function lastMail(server: TestServer, to: string, purpose: string): Promise<OutboxRow> {
  for (let i = 0; i < 50; i++) {
    const [row] = await server.db.query<OutboxRow>(
      `SELECT to_address, purpose, subject, text_body, html_body FROM mail_outbox
       WHERE to_address = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1`,
      [to, purpose],
    );
    if (row) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${purpose} mail to ${to}`);
}

export async function mailCount(server: TestServer, to: string, purpose: string): Promise<number> {
  const [row] = await server.db.query<{ n: string }>(
    'SELECT count(*) AS n FROM mail_outbox WHERE to_address = $1 AND purpose = $2',
    [to, purpose],
  );
  return Number(row?.n ?? 0);
}

/** The token in a mail's link. */
export const tokenOf = (text: string) => {
  const match = /token=([A-Za-z0-9._%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  return decodeURIComponent(match[1]);
};
