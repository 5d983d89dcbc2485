/** The login rate limit, on a server of its own: failures also count per address (all tests share one). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../protocol/constants';
import { Errno, Messages } from '../../protocol/errors';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

it('a success clears the failures of that user', async () => {
  const client = server.client();
  for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
    expect((await client.login('M1002', 'nope')).errno).toBe(Errno.WRONG_CREDENTIALS);
  }
  expect((await client.login('M1002')).errno).toBe(0);
  // Back to a clean slate: four more failures still do not block.
  for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
    expect((await client.login('M1002', 'nope')).errno).toBe(Errno.WRONG_CREDENTIALS);
  }
  expect((await client.login('M1002')).errno).toBe(0);
});

it('blocks the 6th attempt after 5 failures, even with the right password', async () => {
  const client = server.client();
  for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
    const answer = await client.login('M1001', `wrong-${i}`);
    expect(answer).toEqual({ errno: Errno.WRONG_CREDENTIALS, errmsg: Messages.wrongCredentials, data: null });
  }
  const sixth = await client.login('M1001');
  expect(sixth).toEqual({ errno: Errno.TOO_MANY_LOGINS, errmsg: Messages.tooManyLogins, data: null });
  expect(client.cookies.size).toBe(0);
  // The same address is blocked for other ids as well, and at the broadcaster login.
  expect((await server.client().login('A2001')).errno).toBe(Errno.TOO_MANY_LOGINS);
});
