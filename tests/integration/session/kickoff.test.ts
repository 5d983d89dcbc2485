/**
 * One session per account: a second login ends the first session; its sockets get imShare/kickoff
 * with the spec's text and are closed, its calls answer 10002, and its socket token no longer logs in.
 * The sockets of the new session stay.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { EventRoute } from '../../../protocol/realtime';
import { SocketRoute } from '../../../protocol/socket';
import type { TokenData } from '../../../protocol/types';
import { KICKOFF_CLOSE_CODE } from '../../../server/realtime/gateway';
import { startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

for (const userid of ['M1001', 'A2001']) {
  it(`a second login of ${userid} kicks the first session's sockets off and ends its calls`, async () => {
    const first = await server.loginAs(userid);
    const { token: oldToken } = await first.call<TokenData>(Api.getToken);
    const oldA = await server.socketFor(first);
    const oldB = await server.socketFor(first);
    sockets.push(oldA, oldB);

    const second = await server.loginAs(userid);
    for (const socket of [oldA, oldB]) {
      const kick = await socket.waitFor((m) => m.route === EventRoute.kickoff, 2_000);
      expect(kick.req_data).toEqual({ msg: Messages.kickoff });
      expect(await socket.closed).toBe(KICKOFF_CLOSE_CODE);
    }
    expect((await first.form(Api.getAllMoney)).body).toEqual({
      errno: Errno.LOGIN_TIMEOUT,
      errmsg: Messages.loginTimeout,
      data: null,
    });
    // The old session's token no longer logs a socket in.
    const retry = await server.socket();
    sockets.push(retry);
    expect((await retry.request(SocketRoute.login, { token: oldToken, page_name: 'x' })).errno).toBe(
      Errno.TOKEN_EXPIRED,
    );

    // The new session works, and its socket is not kicked by its own login.
    expect((await second.form(Api.getAllMoney)).body.errno).toBe(0);
    const current = await server.socketFor(second);
    sockets.push(current);
    await new Promise((r) => setTimeout(r, 200));
    expect(current.received.some((m) => m.route === EventRoute.kickoff)).toBe(false);
    expect((await current.request(SocketRoute.heartbeat)).errno).toBe(0);
  });
}

it('logging in does not touch other users', async () => {
  const other = await server.loginAs('M1003');
  const socket = await server.socketFor(other);
  sockets.push(socket);
  await server.loginAs('M1002');
  await new Promise((r) => setTimeout(r, 200));
  expect(socket.received.some((m) => m.route === EventRoute.kickoff)).toBe(false);
  expect((await other.form(Api.getAllMoney)).body.errno).toBe(0);
});
