/**
 * The mailed links: verification, password reset and change of email work once, before their
 * expiry, and only unaltered; a reset ends every session; asking for a reset tells nothing of
 * whether the email is a member's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountApi,
  AccountErrno,
  type AccountInfo,
  AccountMessages,
} from '../../../protocol/account/account';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { makeLinkToken, tokenHash } from '../../../server/features/account/link-tokens';
import { startServer, type TestServer } from '../harness';
import { lastMail, mailCount, STRONG_PASSWORD, signUp, tokenOf } from './account-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { trustProxy: 1 } });
});
afterAll(async () => {
  await server?.close();
});

let nextAddress = 1;
function visitor() {
  const client = server.client();
  client.headers['x-forwarded-for'] = `203.0.113.${nextAddress++}`;
  return client;
}

async function member(email: string) {
  const client = visitor();
  const answer = await signUp(client, { email });
  if (answer.body.errno !== 0) throw new Error(answer.body.errmsg);
  return { client, userid: answer.body.data.userid };
}

describe('email verification', () => {
  it('verifies once; the same link again is used; a changed one is invalid', async () => {
    const { client } = await member('verify-me@example.com');
    const token = tokenOf((await lastMail(server, 'verify-me@example.com', 'verify')).text_body);
    const anyone = visitor();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await anyone.form(AccountApi.confirmEmail, { token: tampered })).body.errno).toBe(
      AccountErrno.LINK_INVALID,
    );
    expect((await anyone.form(AccountApi.confirmEmail, { token: 'garbage' })).body.errno).toBe(
      AccountErrno.LINK_INVALID,
    );
    const first = await anyone.form(AccountApi.confirmEmail, { token });
    expect(first.body).toMatchObject({
      errno: 0,
      data: { email: 'verify-me@example.com', email_verified: 'Y' },
    });
    expect((await anyone.form(AccountApi.confirmEmail, { token })).body.errno).toBe(AccountErrno.LINK_USED);
    const info = await client.call<AccountInfo>(AccountApi.getAccount);
    expect(info.email_verified).toBe('Y');
    expect((await client.form(AccountApi.sendVerifyEmail)).body.errno).toBe(AccountErrno.ALREADY_VERIFIED);
  });

  it('refuses an expired link even though it is signed and stored', async () => {
    const { userid } = await member('late@example.com');
    const [secret] = await server.db.query<{ value: string }>(
      `SELECT value FROM settings WHERE key = 'account_secret'`,
    );
    const key = Buffer.from(secret?.value ?? '', 'base64url');
    const past = Math.floor(Date.now() / 1000) - 10;
    const token = makeLinkToken(key, 'verify', past);
    await server.db.query(
      `INSERT INTO account_tokens (token_hash, userid, purpose, email, expires_at) VALUES ($1, $2, 'verify', $3, $4)`,
      [tokenHash(token), userid, 'late@example.com', new Date(past * 1000)],
    );
    const answer = await visitor().form(AccountApi.confirmEmail, { token });
    expect(answer.body.errno).toBe(AccountErrno.LINK_EXPIRED);
  });

  it('sends the link again, but not twice within a minute', async () => {
    const { client } = await member('resend@example.com');
    // The sign-up's own mail counts: asking at once is too soon.
    expect((await client.form(AccountApi.sendVerifyEmail)).body.errno).toBe(AccountErrno.MAIL_TOO_SOON);
    await server.db.query(`UPDATE account_tokens SET created_at = now() - interval '2 minutes'`);
    expect((await client.form(AccountApi.sendVerifyEmail)).body.errno).toBe(0);
    expect(await mailCount(server, 'resend@example.com', 'verify')).toBe(2);
    expect((await client.form(AccountApi.sendVerifyEmail)).body.errno).toBe(AccountErrno.MAIL_TOO_SOON);
  });
});

describe('password reset', () => {
  it('answers alike for a member and a stranger, and mails only the member', async () => {
    await member('reset-me@example.com');
    const a = (await visitor().form(AccountApi.requestPasswordReset, { email: 'reset-me@example.com' })).body;
    const b = (await visitor().form(AccountApi.requestPasswordReset, { email: 'nobody@example.com' })).body;
    expect(a).toEqual({ errno: 0, errmsg: '', data: { msg: AccountMessages.resetSent } });
    expect(b).toEqual(a);
    await lastMail(server, 'reset-me@example.com', 'reset');
    expect(await mailCount(server, 'nobody@example.com', 'reset')).toBe(0);
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const { client, userid } = await member('forgot@example.com');
    await visitor().form(AccountApi.requestPasswordReset, { email: 'forgot@example.com' });
    const token = tokenOf((await lastMail(server, 'forgot@example.com', 'reset')).text_body);
    const stranger = visitor();
    expect((await stranger.form(AccountApi.resetPassword, { token, password: 'password1' })).body.errno).toBe(
      AccountErrno.PASSWORD_COMMON,
    );
    // A refused password leaves the link usable.
    const ok = await stranger.form(AccountApi.resetPassword, { token, password: 'New-Harbor-77' });
    expect(ok.body.errno).toBe(0);
    expect((await client.form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
    expect(
      (await stranger.form(AccountApi.resetPassword, { token, password: 'Other-Harbor-88' })).body.errno,
    ).toBe(AccountErrno.LINK_USED);
    expect((await visitor().form(Api.memberLogin, { userid, password: STRONG_PASSWORD })).body.errno).toBe(
      Errno.WRONG_CREDENTIALS,
    );
    expect((await visitor().form(Api.memberLogin, { userid, password: 'New-Harbor-77' })).body.errno).toBe(0);
  });

  it('does not take a verification link as a reset link', async () => {
    await member('kinds@example.com');
    const token = tokenOf((await lastMail(server, 'kinds@example.com', 'verify')).text_body);
    const answer = await visitor().form(AccountApi.resetPassword, { token, password: 'New-Harbor-77' });
    expect(answer.body.errno).toBe(AccountErrno.LINK_INVALID);
  });
});

describe('change of email', () => {
  it('keeps the old address until the new one is confirmed', async () => {
    const { client } = await member('old-address@example.com');
    const wrong = await client.form(AccountApi.changeEmail, {
      email: 'new-address@example.com',
      password: 'nope-nope',
    });
    expect(wrong.body.errno).toBe(AccountErrno.WRONG_PASSWORD);
    await server.db.query(`UPDATE account_tokens SET created_at = now() - interval '2 minutes'`);
    const asked = await client.form(AccountApi.changeEmail, {
      email: 'new-address@example.com',
      password: STRONG_PASSWORD,
    });
    expect(asked.body).toMatchObject({ errno: 0, data: { pending_email: 'new-address@example.com' } });
    let info = await client.call<AccountInfo>(AccountApi.getAccount);
    expect(info).toMatchObject({
      email: 'old-address@example.com',
      pending_email: 'new-address@example.com',
    });
    const token = tokenOf((await lastMail(server, 'new-address@example.com', 'change')).text_body);
    expect((await visitor().form(AccountApi.confirmEmail, { token })).body.errno).toBe(0);
    info = await client.call<AccountInfo>(AccountApi.getAccount);
    expect(info).toMatchObject({ email: 'new-address@example.com', email_verified: 'Y', pending_email: '' });
    // The old address's verification link is worthless now.
    const oldToken = tokenOf((await lastMail(server, 'old-address@example.com', 'verify')).text_body);
    expect((await visitor().form(AccountApi.confirmEmail, { token: oldToken })).body.errno).toBe(
      AccountErrno.LINK_USED,
    );
  });
});
