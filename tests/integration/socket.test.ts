/** The realtime socket: token login, heartbeats, routes before login, delivery and presence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../protocol/errors';
import { Api } from '../../protocol/paths';
import { SocketRoute } from '../../protocol/socket';
import type { TokenData } from '../../protocol/types';
import { startServer, type TestServer, type TestSocket } from './harness';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startServer({ config: { socketHeartbeatTimeoutMs: 1_500 } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

async function open() {
  const socket = await server.socket();
  sockets.push(socket);
  return socket;
}

async function tokenFor(userid: string) {
  const client = await server.loginAs(userid);
  return (await client.call<TokenData>(Api.getToken)).token;
}

describe('socket login', () => {
  it('logs in with a token from getToken, answers heartbeats, and marks the user online', async () => {
    const socket = await open();
    const token = await tokenFor('M1001');
    const login = await socket.request(SocketRoute.login, { token, page_name: 'masterlist' });
    expect(login).toEqual({
      id: 1,
      route: SocketRoute.login,
      res_data: { userid: 'M1001', role: 'man' },
      errno: 0,
      errmsg: '',
    });
    const beat = await socket.request(SocketRoute.heartbeat, {});
    expect(beat).toMatchObject({ route: SocketRoute.heartbeat, errno: 0, errmsg: '' });
    expect(await server.realtime.presence.isOnline('M1001')).toBe(true);
    expect(await server.realtime.presence.hasVisibleTab('M1001')).toBe(true);

    const hidden = await socket.request(SocketRoute.visibility, { visible: 0 });
    expect(hidden).toMatchObject({ errno: 0, res_data: { visible: 0 } });
    expect(await server.realtime.presence.hasVisibleTab('M1001')).toBe(false);
    expect(await server.realtime.presence.isOnline('M1001')).toBe(true);
    await socket.request(SocketRoute.visibility, { visible: 1 });
    expect(await server.realtime.presence.hasVisibleTab('M1001')).toBe(true);

    socket.close();
    await socket.closed;
    await expect.poll(() => server.realtime.presence.isOnline('M1001')).toBe(false);
  });

  it('answers heartbeats with the same bytes whether the socket is idle or busy', async () => {
    const socket = await open();
    const token = await tokenFor('M1002');
    await socket.request(SocketRoute.login, { token, page_name: 'x' });
    const raw: string[] = [];
    socket.ws.on('message', (data) => raw.push(data.toString()));
    // 7: idle (answered at once); 8 and 9 queue behind a visibility change; 10 has no req_data.
    socket.ws.send(JSON.stringify({ id: 7, route: SocketRoute.heartbeat, req_data: {} }));
    await socket.waitFor((m) => m.id === 7);
    socket.ws.send(JSON.stringify({ id: 11, route: SocketRoute.visibility, req_data: { visible: 1 } }));
    socket.ws.send(JSON.stringify({ id: 8, route: SocketRoute.heartbeat, req_data: {} }));
    socket.ws.send(JSON.stringify({ id: 9, route: SocketRoute.heartbeat, req_data: { x: 1 } }));
    socket.ws.send(JSON.stringify({ id: 10, route: SocketRoute.heartbeat }));
    await socket.waitFor((m) => m.id === 10);
    const beats = raw.filter((text) => text.includes(SocketRoute.heartbeat));
    expect(beats).toEqual(
      [7, 8, 9, 10].map((id) =>
        JSON.stringify({ id, route: SocketRoute.heartbeat, res_data: {}, errno: 0, errmsg: '' }),
      ),
    );
    // Answered in the order sent.
    expect(raw.map((text) => (JSON.parse(text) as { id: number }).id)).toEqual([7, 11, 8, 9, 10]);
    socket.close();
  });

  it('reads a heartbeat as JSON reads it, whatever the spelling of its id', async () => {
    const socket = await open();
    const token = await tokenFor('M1003');
    await socket.request(SocketRoute.login, { token, page_name: 'x' });
    const tail = `,"route":${JSON.stringify(SocketRoute.heartbeat)},"req_data":{}}`;
    const answered = async (text: string) => {
      const raw: string[] = [];
      const listen = (data: unknown) => raw.push(String(data));
      socket.ws.on('message', listen);
      socket.ws.send(text);
      await expect.poll(() => raw.length).toBeGreaterThan(0);
      socket.ws.off('message', listen);
      return JSON.parse(raw[0] ?? '') as { id: number; route: string; errno: number };
    };
    for (const id of [0, 5, 123456789, 1234567890123]) {
      expect(await answered(`{"id":${id}${tail}`)).toMatchObject({
        id,
        route: SocketRoute.heartbeat,
        errno: 0,
      });
    }
    expect(await answered(`{"id": 42 ${tail}`)).toMatchObject({
      id: 42,
      route: SocketRoute.heartbeat,
      errno: 0,
    });
    // Not JSON (a leading zero, a sign before nothing): refused, as any unreadable message is.
    for (const id of ['07', '-', '1a']) {
      expect(await answered(`{"id":${id}${tail}`)).toMatchObject({ id: 0, errno: Errno.INVALID_PARAMS });
    }
    socket.close();
  });

  it('handles messages in order: a heartbeat sent right behind the login is served', async () => {
    const socket = await open();
    const token = await tokenFor('M1005');
    socket.ws.send(JSON.stringify({ id: 1, route: SocketRoute.login, req_data: { token, page_name: 'x' } }));
    socket.ws.send(JSON.stringify({ id: 2, route: SocketRoute.heartbeat, req_data: {} }));
    const beat = await socket.waitFor((m) => m.id === 2);
    expect(beat.errno).toBe(0);
    socket.close();
  });

  it('answers a bad, tampered or expired token with 10004', async () => {
    const socket = await open();
    const token = await tokenFor('M1002');
    const [payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, userid: 'M1001' })).toString('base64url');
    const expired = Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url');
    for (const bad of ['nonsense', '', `${forged}.${sig}`, `${expired}.${sig}`, `${payload}.${sig}x`]) {
      const answer = await socket.request(SocketRoute.login, { token: bad, page_name: 'x' });
      expect(answer.errno, bad).toBe(Errno.TOKEN_EXPIRED);
      expect(answer.errmsg).toBe(Messages.loginTimeout);
    }
    expect(await server.realtime.presence.isOnline('M1002')).toBe(false);
  });

  it('answers any other route before login with 10002', async () => {
    const socket = await open();
    for (const route of [SocketRoute.heartbeat, SocketRoute.visibility, 'imMan/anything']) {
      const answer = await socket.request(route, { visible: 1 });
      expect(answer).toMatchObject({ route, errno: Errno.LOGIN_TIMEOUT, errmsg: Messages.loginTimeout });
    }
  });

  it('answers an unknown route after login with 10009 and bad JSON with 10001', async () => {
    const socket = await open();
    await socket.request(SocketRoute.login, { token: await tokenFor('A2001'), page_name: 'x' });
    expect((await socket.request('imMan/noSuchRoute')).errno).toBe(Errno.UNKNOWN_PATH);
    expect((await socket.request(SocketRoute.visibility, { visible: 'maybe' })).errno).toBe(
      Errno.INVALID_PARAMS,
    );
    socket.ws.send('{not json');
    const answer = await socket.waitFor((m) => m.id === 0 && m.errno === Errno.INVALID_PARAMS);
    expect(answer.errmsg).toBe(Messages.invalidParams);
  });

  it('closes a socket that stays silent longer than the heartbeat timeout', async () => {
    const socket = await open();
    await socket.request(SocketRoute.login, { token: await tokenFor('A2002'), page_name: 'x' });
    expect(await server.realtime.presence.isOnline('A2002')).toBe(true);
    const started = Date.now();
    await socket.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await expect.poll(() => server.realtime.presence.isOnline('A2002')).toBe(false);
  });

  it('keeps a socket that sends heartbeats', async () => {
    const socket = await open();
    await socket.request(SocketRoute.login, { token: await tokenFor('M1001'), page_name: 'x' });
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await socket.request(SocketRoute.heartbeat)).errno).toBe(0);
    }
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.close();
  });
});

describe('delivery', () => {
  it('deliver(userid, route, data) reaches every socket of that user and nobody else', async () => {
    const a = await open();
    const b = await open();
    const other = await open();
    const token = await tokenFor('M1003');
    await a.request(SocketRoute.login, { token, page_name: 'x' });
    await b.request(SocketRoute.login, { token, page_name: 'y' });
    await other.request(SocketRoute.login, { token: await tokenFor('M1004'), page_name: 'x' });
    const raw: string[] = [];
    a.ws.on('message', (data) => raw.push(data.toString()));
    await server.realtime.deliver('M1003', SocketRoute.creditNotice, { credit: 99.5 });
    for (const s of [a, b]) {
      const event = await s.waitFor((m) => m.route === SocketRoute.creditNotice);
      expect(event.req_data).toEqual({ credit: 99.5 });
      expect(event.id).toBeGreaterThan(0);
    }
    // Serialized once per delivery, to the same bytes as the whole message stringified.
    const event = a.received.find((m) => m.route === SocketRoute.creditNotice);
    expect(raw).toContain(
      JSON.stringify({ id: event?.id, route: SocketRoute.creditNotice, req_data: { credit: 99.5 } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.received.some((m) => m.route === SocketRoute.creditNotice)).toBe(false);
  });

  it('refuses upgrades on other paths', async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/not-the-socket`);
    const failed = await new Promise<boolean>((resolve) => {
      ws.on('open', () => resolve(false));
      ws.on('error', () => resolve(true));
    });
    expect(failed).toBe(true);
  });
});
