import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SOCKET_HEARTBEAT_MS,
  SOCKET_HEARTBEAT_TIMEOUT_MS,
  SOCKET_ID_RESET_AT,
  SOCKET_RECONNECT_MS,
  SOCKET_REQUEST_TIMEOUT_MS,
} from '../../protocol/constants';
import { SocketRoute } from '../../protocol/socket';
import { createSocket, type SocketDeps, SocketError, type SocketStatus } from './socket';
import { FakeGateway } from './test-fakes';

let gateway: FakeGateway;
let statuses: SocketStatus[];
const flush = () => vi.advanceTimersByTimeAsync(0);

function socket(overrides: Partial<SocketDeps> = {}) {
  return createSocket({
    connect: gateway.connect,
    url: () => 'ws://glimmer.test/ws',
    token: () => 'tok-1',
    renewToken: vi.fn(async () => 'tok-2'),
    pageName: () => '/masterlist',
    answer: () => undefined,
    onEvent: () => {},
    onStatus: (status) => statuses.push(status),
    log: () => {},
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  gateway = new FakeGateway();
  statuses = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socket client', () => {
  it('logs in with the token and page name, and queues requests until the login succeeded', async () => {
    gateway.autoLogin = false;
    const s = socket();
    const answer = s.request('imShare/activity', { a: 1 });
    s.start();
    await flush();
    const conn = gateway.latest;
    expect(conn.url).toBe('ws://glimmer.test/ws');
    expect(conn.requests().map((m) => m.route)).toEqual([SocketRoute.login]);
    expect(conn.requests()[0]?.req_data).toEqual({ token: 'tok-1', page_name: '/masterlist' });
    expect(s.status).toBe('connecting');
    conn.reply(conn.last(SocketRoute.login)?.id ?? 0, { userid: 'M1001' });
    await flush();
    expect(s.status).toBe('online');
    const sent = conn.last('imShare/activity');
    expect(sent?.req_data).toEqual({ a: 1 });
    conn.reply(sent?.id ?? 0, { ok: true });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(statuses).toEqual(['connecting', 'online']);
  });

  it('does not send queued requests when the login fails with another errno, and retries in 5 s', async () => {
    gateway.loginErrno = 21000;
    const s = socket();
    void s.request('a/b', {});
    s.start();
    await flush();
    expect(gateway.latest.requests('a/b')).toHaveLength(0);
    expect(gateway.latest.closed).toBe(true);
    gateway.loginErrno = 0;
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    expect(gateway.connections).toHaveLength(2);
    expect(gateway.latest.requests('a/b')).toHaveLength(1);
  });

  it('matches answers to requests by id, in any order', async () => {
    const s = socket();
    s.start();
    await flush();
    const one = s.request('x/one', {});
    const two = s.request('x/two', {});
    const conn = gateway.latest;
    const [a, b] = [conn.last('x/one'), conn.last('x/two')];
    expect(a?.id).not.toBe(b?.id);
    conn.reply(b?.id ?? 0, 'second');
    conn.reply(a?.id ?? 0, 'first');
    await expect(one).resolves.toBe('first');
    await expect(two).resolves.toBe('second');
  });

  it('rejects with the errno and errmsg the server answers', async () => {
    const s = socket();
    s.start();
    await flush();
    const call = s.request('x/one', {});
    const conn = gateway.latest;
    conn.reply(conn.last('x/one')?.id ?? 0, {}, 10009, 'no such route');
    await expect(call).rejects.toMatchObject({ name: 'SocketError', errno: 10009, message: 'no such route' });
  });

  it('increments ids and starts again at 1 after 10 billion', async () => {
    const s = socket({ firstId: SOCKET_ID_RESET_AT - 2 });
    s.start();
    await flush();
    void s.request('x/a', {});
    void s.request('x/b', {});
    expect(gateway.latest.requests().map((m) => m.id)).toEqual([
      SOCKET_ID_RESET_AT - 2,
      SOCKET_ID_RESET_AT - 1,
      1,
    ]);
  });

  it('rejects a request without an answer after 8 s with a clear error', async () => {
    const s = socket();
    s.start();
    await flush();
    const call = s.request('x/slow', {});
    const outcome = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SOCKET_REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void call.catch(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(SocketError);
    expect(error).toMatchObject({ errno: 408, route: 'x/slow' });
    expect((error as Error).message).toMatch(/x\/slow got no answer within 8 s/);
  });

  it('beats every 12 s while answered, and closes after 22 s of silence', async () => {
    const s = socket();
    s.start();
    await flush();
    const conn = gateway.latest;
    await vi.advanceTimersByTimeAsync(SOCKET_HEARTBEAT_MS - 1);
    expect(conn.requests(SocketRoute.heartbeat)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(conn.requests(SocketRoute.heartbeat)).toHaveLength(1);
    conn.reply(conn.last(SocketRoute.heartbeat)?.id ?? 0);
    await vi.advanceTimersByTimeAsync(SOCKET_HEARTBEAT_MS);
    expect(conn.requests(SocketRoute.heartbeat)).toHaveLength(2);
    expect(conn.closed).toBe(false);
    // The server goes silent after that second beat's answer.
    conn.reply(conn.last(SocketRoute.heartbeat)?.id ?? 0);
    await vi.advanceTimersByTimeAsync(SOCKET_HEARTBEAT_TIMEOUT_MS - 1);
    expect(conn.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(conn.closed).toBe(true);
    expect(s.status).toBe('offline');
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    expect(gateway.connections).toHaveLength(2);
    expect(s.status).toBe('online');
  });

  it('reconnects every 5 s while the server is away', async () => {
    const s = socket();
    s.start();
    await flush();
    gateway.latest.drop();
    gateway.autoOpen = false;
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS - 1);
    expect(gateway.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gateway.connections).toHaveLength(2);
    gateway.latest.drop();
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    expect(gateway.connections).toHaveLength(3);
    gateway.autoOpen = true;
    gateway.latest.open();
    await flush();
    expect(s.status).toBe('online');
    s.stop();
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 3);
    expect(gateway.connections).toHaveLength(3);
  });

  it('sends an unanswered request again after a reconnect; nothing is lost', async () => {
    const s = socket();
    s.start();
    await flush();
    const call = s.request('x/keep', { n: 1 });
    expect(gateway.latest.requests('x/keep')).toHaveLength(1);
    gateway.latest.drop();
    const queued = s.request('x/later', {});
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    const conn = gateway.latest;
    expect(gateway.connections).toHaveLength(2);
    expect(conn.requests().map((m) => m.route)).toEqual([SocketRoute.login, 'x/keep', 'x/later']);
    conn.reply(conn.last('x/keep')?.id ?? 0, 'kept');
    conn.reply(conn.last('x/later')?.id ?? 0, 'later');
    await expect(call).resolves.toBe('kept');
    await expect(queued).resolves.toBe('later');
  });

  it('renews the token once when the login answers 10004, then logs in with the new one', async () => {
    gateway.autoLogin = false;
    const renewToken = vi.fn(async () => 'tok-2');
    const s = socket({ renewToken });
    s.start();
    await flush();
    const conn = gateway.latest;
    conn.reply(conn.last(SocketRoute.login)?.id ?? 0, {}, 10004, 'expired');
    await flush();
    expect(renewToken).toHaveBeenCalledTimes(1);
    const logins = conn.requests(SocketRoute.login);
    expect(logins).toHaveLength(2);
    expect(logins[1]?.req_data).toMatchObject({ token: 'tok-2' });
    conn.reply(logins[1]?.id ?? 0, {});
    await flush();
    expect(s.status).toBe('online');
  });

  it('gives up (offline, no reconnect) when the renewed token is refused too, until started again', async () => {
    gateway.loginErrno = 10002;
    const renewToken = vi.fn(async () => 'tok-2');
    const s = socket({ renewToken });
    const call = s.request('x/wait', {});
    s.start();
    await flush();
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(gateway.latest.requests(SocketRoute.login)).toHaveLength(2);
    expect(s.status).toBe('offline');
    expect(s.gaveUp).toBe(true);
    expect(gateway.latest.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 4);
    expect(gateway.connections).toHaveLength(1);
    // A new token from the session: start() tries again, and the queued request goes out.
    gateway.loginErrno = 0;
    s.start();
    await flush();
    expect(s.status).toBe('online');
    const conn = gateway.latest;
    conn.reply(conn.last('x/wait')?.id ?? 0, 'done');
    await expect(call).resolves.toBe('done');
  });

  it("answers a server event with the responder's res_data and errno 0, then hands it on", async () => {
    const seen: unknown[] = [];
    const s = socket({
      answer: (route) => (route === 'imLady/instantInviteUserNotice' ? { is_show: 1 } : undefined),
      onEvent: (route, data) => seen.push([route, data]),
    });
    s.start();
    await flush();
    const conn = gateway.latest;
    conn.push('imLady/instantInviteUserNotice', { invite_id: 'i1' }, 77);
    conn.push('imShare/creditNotice', { credit: 5 }, 78);
    const answers = conn.sent.filter((m) => 'res_data' in m);
    expect(answers).toEqual([
      { id: 77, route: 'imLady/instantInviteUserNotice', res_data: { is_show: 1 }, errno: 0, errmsg: '' },
      { id: 78, route: 'imShare/creditNotice', res_data: {}, errno: 0, errmsg: '' },
    ]);
    expect(seen).toEqual([
      ['imLady/instantInviteUserNotice', { invite_id: 'i1' }],
      ['imShare/creditNotice', { credit: 5 }],
    ]);
  });

  it('stop() closes for good and rejects what was waiting', async () => {
    gateway.autoOpen = false;
    const s = socket();
    s.start();
    const call = s.request('x/a', {});
    s.stop();
    await expect(call).rejects.toMatchObject({ errno: -2 });
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 2);
    expect(gateway.connections).toHaveLength(1);
  });

  it('drops a connection attempt that does not open within 8 s', async () => {
    gateway.autoOpen = false;
    const s = socket();
    s.start();
    await vi.advanceTimersByTimeAsync(8_000);
    expect(gateway.latest.closed).toBe(true);
    expect(s.status).toBe('offline');
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS);
    expect(gateway.connections).toHaveLength(2);
  });
});
