/**
 * The security page: his devices, a new password, sign out everywhere, his data as JSON, and the
 * deletion of his account (he can no longer sign in, his name is gone, the ledger still adds up).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountApi,
  AccountErrno,
  type AccountInfo,
  DELETED_NICKNAME,
} from '../../../protocol/account/account';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { createFileStore } from '../../../server/files/index';
import { DEMO_PASSWORD, startServer, type TestServer } from '../harness';
import { cameraPhoto } from '../images';
import { uploadMemberPhoto } from '../profile/profile-photo';
import { STRONG_PASSWORD, signUp } from './account-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function profilePhotoKey(userid: string): Promise<string> {
  const [row] = await server.db.query<{ photo_key: string }>(
    'SELECT photo_key FROM member_profiles WHERE userid = $1',
    [userid],
  );
  return row?.photo_key ?? '';
}

describe('account security', () => {
  it('lists his device, changes his password with the old one, and signs out everywhere', async () => {
    const client = server.client();
    client.headers['user-agent'] = 'TestPhone/1.0';
    const { userid } = (await signUp(client, { email: 'secure@example.com' })).body.data;
    const info = await client.call<AccountInfo>(AccountApi.getAccount);
    expect(info.devices).toEqual([
      expect.objectContaining({ user_agent: 'TestPhone/1.0', address: '127.0.0.1', current: 1 }),
    ]);
    const wrong = await client.form(AccountApi.changePassword, {
      old_password: 'wrong-one-1',
      password: 'Fresh-Meadow-31',
    });
    expect(wrong.body.errno).toBe(AccountErrno.WRONG_PASSWORD);
    const common = await client.form(AccountApi.changePassword, {
      old_password: STRONG_PASSWORD,
      password: 'qwerty123',
    });
    expect(common.body.errno).toBe(AccountErrno.PASSWORD_COMMON);
    expect(
      (
        await client.form(AccountApi.changePassword, {
          old_password: STRONG_PASSWORD,
          password: 'Fresh-Meadow-31',
        })
      ).body.errno,
    ).toBe(0);
    // This session stays; the old password no longer signs in.
    expect((await client.form(Api.getAllMoney)).body.errno).toBe(0);
    expect((await server.client().login(userid, STRONG_PASSWORD)).errno).toBe(Errno.WRONG_CREDENTIALS);
    const again = server.client();
    expect((await again.login(userid, 'Fresh-Meadow-31')).errno).toBe(0);
    expect((await again.form(AccountApi.signOutEverywhere)).body.errno).toBe(0);
    expect((await again.form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });

  it('exports his data as one JSON document', async () => {
    const client = await server.loginAs('M1001');
    const data = await client.call<Record<string, unknown>>(AccountApi.exportData);
    expect(data).toMatchObject({ format: 'glimmer-account-export/1', account: { userid: 'M1001' } });
    for (const part of [
      'profile',
      'balances',
      'credit_history',
      'private_messages',
      'mail_inbox',
      'bookings',
      'say_hi',
    ]) {
      expect(data, part).toHaveProperty(part);
    }
    const history = data.credit_history as { list: unknown[] };
    expect(history.list.length).toBeGreaterThan(0);
  });

  it('deletes an account: no sign-in any more, his name gone, his ledger kept', async () => {
    const client = await server.loginAs('M1003');
    const sum = async () =>
      server.db.query<{ credit: string; ledger: string | null }>(
        `SELECT m.credit, (SELECT sum(delta) FROM ledger WHERE user_id = m.userid) AS ledger
         FROM members m WHERE m.userid = 'M1003'`,
      );
    // His profile photo, kept in the file store until he goes.
    const photo = await uploadMemberPhoto(client, await cameraPhoto());
    expect(photo.errno).toBe(0);
    const photoKey = await profilePhotoKey('M1003');
    const files = createFileStore(server.config);
    expect(await files.exists(photoKey)).toBeTruthy();
    const [before] = await sum();
    expect((await client.form(AccountApi.deleteAccount, { password: 'not-his' })).body.errno).toBe(
      AccountErrno.WRONG_PASSWORD,
    );
    expect((await client.form(AccountApi.deleteAccount, { password: DEMO_PASSWORD })).body.errno).toBe(0);
    expect((await client.form(Api.getAllMoney)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
    expect((await server.client().login('M1003', DEMO_PASSWORD)).errno).toBe(Errno.WRONG_CREDENTIALS);
    const [user] = await server.db.query<{ nickname: string; email: string | null }>(
      `SELECT nickname, email FROM users WHERE userid = 'M1003'`,
    );
    expect(user).toEqual({ nickname: DELETED_NICKNAME, email: null });
    const [follows] = await server.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM follows WHERE member_id = 'M1003'`,
    );
    expect(Number(follows?.n)).toBe(0);
    expect(await files.exists(photoKey)).toBeFalsy();
    const [after] = await sum();
    expect(after).toEqual(before);
    expect(Number(after?.ledger ?? 0)).toBe(Number(after?.credit));
  });

  it('shows account mail on the local outbox page to this machine only', async () => {
    await signUp(server.client(), { email: 'outbox-reader@example.com', nickname: 'Reader' });
    const page = await fetch(`${server.url}/dev/mail-outbox`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('outbox-reader@example.com');
    expect(html).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/#\/account\/verify-email\?token=/);
    const css = await fetch(`${server.url}/dev/mail-outbox.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    // Through a proxy it is an address that does not exist.
    const proxied = await fetch(`${server.url}/dev/mail-outbox`, {
      headers: { 'x-forwarded-for': '192.0.2.1' },
    });
    expect(proxied.status).toBe(404);
  });
});
