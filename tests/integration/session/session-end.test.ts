/**
 * When a session ends, nothing of it stays live: logout closes that session's sockets and takes the
 * member off the online list at once; an operator's suspension ends every session and socket of a
 * broadcaster, she cannot sign in, and nothing of hers can be bought by id. Sockets that never log
 * in are closed by the login deadline, and a token that names no session never logs in.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { SESSION_ENDED_CLOSE_CODE } from '../../../server/realtime/gateway';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ config: { operatorIds: ['M1005'], socketLoginDeadlineMs: 400 } });
});
afterAll(async () => {
  await server?.close();
});

const credit = async (userid: string) => {
  const [row] = await server.db.query<{ credit: number }>(
    'SELECT credit::int AS credit FROM members WHERE userid = $1',
    [userid],
  );
  return row?.credit;
};

describe('logout', () => {
  it("closes that session's sockets and takes the member offline at once", async () => {
    const member = await server.loginAs('M1001');
    const socket = await server.socketFor(member);
    expect(await server.realtime.presence.isOnline('M1001')).toBe(true);
    await member.call(Api.logout);
    expect(await socket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await server.realtime.presence.isOnline('M1001')).toBe(false);
    // Another member's socket is untouched.
    const other = await server.socketFor(await server.loginAs('M1002'));
    await member.call(Api.logout);
    expect((await other.request('imShare/heartbeat', {})).errno).toBe(0);
    other.close();
  });
});

describe('suspension', () => {
  it('is for operators only', async () => {
    const member = await server.loginAs('M1004');
    const answer = await member.form(Api.setAccountStatus, { userid: 'A2001', account_status: 3 });
    expect(answer.body.errno).toBe(Errno.NOT_OPERATOR);
    expect((await server.client().login('A2001')).errno).toBe(0);
  });

  it('signs her out everywhere, refuses her login, and nothing of hers can be bought', async () => {
    const her = await server.loginAs('A2001');
    const herSocket = await server.socketFor(her);
    const operator = await server.loginAs('M1005');
    const buyer = await server.loginAs('M1002');
    const before = await credit('M1002');

    const answer = await operator.call(Api.setAccountStatus, { userid: 'A2001', account_status: 3 });
    expect(answer).toEqual({ userid: 'A2001', account_status: 3 });
    expect(await herSocket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await server.realtime.presence.isOnline('A2001')).toBe(false);
    expect((await her.form(Api.getOwnUserInfo)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
    expect(await server.client().login('A2001')).toEqual({
      errno: Errno.ACCOUNT_SUSPENDED,
      errmsg: Messages.accountSuspended,
      data: null,
    });

    // Her show, bought by id, and her letter, read by id: refused, no money moves.
    const ticket = await buyer.form('/man/v1/buyTicket', { live_show_id: 'LS3015' });
    expect(ticket.body).toMatchObject({ errno: Errno.ACCOUNT_SUSPENDED, errmsg: Messages.profileGone });
    const reader = await server.loginAs('M1003');
    const readerBefore = await credit('M1003');
    const letter = await reader.form('/pman/emf/api/readEmf', { emf_id: 'EMF-M1003-1' });
    expect(letter.body.errno).toBe(Errno.ACCOUNT_SUSPENDED);
    expect(await credit('M1002')).toBe(before);
    expect(await credit('M1003')).toBe(readerBefore);

    // Restored, she signs in again and can be paid.
    await operator.call(Api.setAccountStatus, { userid: 'A2001', account_status: 1 });
    expect((await server.client().login('A2001')).errno).toBe(0);
    expect((await buyer.form('/man/v1/buyTicket', { live_show_id: 'LS3015' })).body.errno).toBe(0);
  });
});

describe('socket login', () => {
  it('closes a socket that does not log in by the deadline, whatever it sends', async () => {
    const socket = await server.socket();
    const started = Date.now();
    const junk = setInterval(() => socket.ws.send('{"id":1,"route":"junk","req_data":{}}'), 100);
    try {
      await socket.closed;
    } finally {
      clearInterval(junk);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a well-signed token that names no session', async () => {
    const [row] = await server.db.query<{ value: string }>(
      "SELECT value FROM settings WHERE key = 'token_secret'",
    );
    const secret = Buffer.from(row?.value ?? '', 'base64url');
    const claims = { userid: 'M1001', role: 'man', exp: Math.floor(Date.now() / 1000) + 600 };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const sig = createHmac('sha256', secret).update(payload).digest('base64url');
    const socket = await server.socket();
    const login = await socket.request('imLogin/login', { token: `${payload}.${sig}`, page_name: 'test' });
    expect(login.errno).toBe(Errno.TOKEN_EXPIRED);
    socket.close();
  });
});
