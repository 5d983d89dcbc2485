import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../protocol/constants';
import { Errno, Messages } from '../../protocol/errors';
import { Api } from '../../protocol/paths';
import { ApiError, type ClientDeps, callUrl, createApiClient, encodeForm, NETWORK_ERRNO } from './client';

type Answer = { errno: number; errmsg?: string; data?: unknown };
type Handler = (url: string, init: RequestInit) => Answer | Promise<Response> | Response;

const json = (answer: Answer) =>
  new Response(JSON.stringify({ errmsg: '', data: null, ...answer }), {
    headers: { 'content-type': 'application/json' },
  });

/** A fetch stub that records calls and answers from a handler per path. */
function stubFetch(handlers: Record<string, Handler | Answer[]>) {
  const calls: { path: string; url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0] ?? url;
    calls.push({ path, url, init });
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    if (Array.isArray(handler)) {
      const next = handler.shift();
      if (!next) throw new Error(`no more answers for ${path}`);
      return json(next);
    }
    const result = await handler(url, init);
    return result instanceof Response ? result : json(result);
  });
  return { fetch, calls };
}

function client(fetch: ClientDeps['fetch'], extra: Partial<ClientDeps> = {}) {
  const deps = {
    fetch,
    onMaintenance: vi.fn(),
    onLoginTimeout: vi.fn(),
    onToken: vi.fn(),
    now: () => 1700000000000,
    ...extra,
  };
  return { api: createApiClient(deps), deps };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('request shape', () => {
  it('takes an answer sent early for the same call instead of sending it again', async () => {
    const { fetch, calls } = stubFetch({ [Api.getAnchorList]: [{ errno: 0, data: { list: ['late'] } }] });
    const takeEarly = vi.fn((path: string, body: string) =>
      path === Api.getAnchorList && body === 'start=0&step=7'
        ? Promise.resolve(json({ errno: 0, data: { list: ['early'] } }))
        : undefined,
    );
    const { api } = client(fetch, { takeEarly });
    await expect(api.call(Api.getAnchorList, { start: 0, step: 7 })).resolves.toEqual({ list: ['early'] });
    expect(calls).toHaveLength(0);
    await expect(api.call(Api.getAnchorList, { start: 7, step: 7 })).resolves.toEqual({ list: ['late'] });
    expect(calls).toHaveLength(1);
  });

  it('posts form-encoded with is_ajax and a timestamp, same-origin', async () => {
    const { fetch, calls } = stubFetch({ [Api.getAnchorList]: [{ errno: 0, data: { list: [] } }] });
    const { api } = client(fetch);
    await expect(api.call(Api.getAnchorList, { start: 0, step: 7 })).resolves.toEqual({ list: [] });
    const [call] = calls;
    expect(call?.url).toBe('/manList/v1/getAnchorList?is_ajax=1&_=1700000000000');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('same-origin');
    expect(call?.init.body).toBe('start=0&step=7');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(headers['dev-type']).toBeUndefined();
  });

  it('sends the calls the spec makes with GET as a GET with the payload in the query', async () => {
    const path = '/anchor/face/face/StartIdentify';
    const { fetch, calls } = stubFetch({ [path]: [{ errno: 0, data: { result: 1 } }] });
    await client(fetch).api.call(
      path,
      { service_type: '2', live_last_verify_room_type: 1 },
      { method: 'GET' },
    );
    expect(calls[0]?.url).toBe(
      `${path}?service_type=2&live_last_verify_room_type=1&is_ajax=1&_=1700000000000`,
    );
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('adds the extra header on /share calls', async () => {
    const { fetch, calls } = stubFetch({ [Api.setFavorite]: [{ errno: 0, data: {} }] });
    await client(fetch).api.call(Api.setFavorite, { userid: 'A2005', is_fav: 1 });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['dev-type']).toBe('10');
  });

  it('adds the extra header on Say Hi calls', async () => {
    const path = '/pman/sayHi/api/isCanSendSayHi';
    const { fetch, calls } = stubFetch({ [path]: [{ errno: 0, data: {} }] });
    await client(fetch).api.call(path, { anchor_id: 'A2007' });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['dev-type']).toBe('10');
    expect(calls[0]?.init.body).toBe('anchor_id=A2007');
  });

  it('encodes flags, skips empty values and appends to an existing query', () => {
    expect(encodeForm({ a: true, b: false, c: undefined, d: null, e: 'x y', f: [1, 2] }).toString()).toBe(
      'a=1&b=0&e=x+y&f%5B%5D=1&f%5B%5D=2',
    );
    expect(callUrl('/pman/advert/api/getBanner?id=B0020', 5)).toBe(
      '/pman/advert/api/getBanner?id=B0020&is_ajax=1&_=5',
    );
  });
});

describe('answers', () => {
  it('rejects a nonzero errno with the server errmsg', async () => {
    const { fetch } = stubFetch({ [Api.memberLogin]: [{ errno: 10005, errmsg: Messages.wrongCredentials }] });
    const error = await client(fetch)
      .api.call(Api.memberLogin, { userid: 'M1001', password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errno: 10005, message: Messages.wrongCredentials, offline: false });
  });

  it('times out after REQUEST_TIMEOUT_MS as a 408 with the spec text', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client(fetch)
      .api.call(Api.getConfig)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetch.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ errno: Errno.TIMEOUT, message: Messages.timeout });
  });

  it('reports a network failure as offline with the bad-network text', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await client(fetch)
      .api.call(Api.getConfig)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errno: NETWORK_ERRNO, message: Messages.badNetwork, offline: true });
    expect((error as ApiError).errno).not.toBe(0);
  });

  it('says "You are offline" when the device has no network, for a failure and a time-out alike', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = { isOnline: () => false };
    const error = await client(failing, offline)
      .api.call(Api.getConfig)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errno: NETWORK_ERRNO, message: Messages.offline, offline: true });

    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client(hanging, offline)
      .api.call(Api.getConfig)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await expect(pending).resolves.toMatchObject({ message: Messages.offline, offline: true });
  });

  it('treats an answer that is not an envelope as a server error', async () => {
    const fetch = vi.fn(async () => new Response('<html>oops</html>', { status: 500 }));
    await expect(client(fetch).api.call(Api.getConfig)).rejects.toMatchObject({ errno: Errno.SERVER_ERROR });
  });

  it('sends the whole site to maintenance on 21000', async () => {
    const { fetch } = stubFetch({ [Api.getConfig]: [{ errno: 21000, errmsg: 'maintenance' }] });
    const { api, deps } = client(fetch);
    await expect(api.call(Api.getConfig)).rejects.toMatchObject({ errno: 21000 });
    expect(deps.onMaintenance).toHaveBeenCalledTimes(1);
  });
});

describe('session errors 10002/10004', () => {
  it('renews the token once and retries the call', async () => {
    const { fetch, calls } = stubFetch({
      [Api.getAnchorList]: [{ errno: 10004 }, { errno: 0, data: { list: ['ok'] } }],
      [Api.getToken]: [{ errno: 0, data: { token: 't2', expires_in: 1500 } }],
    });
    const { api, deps } = client(fetch);
    await expect(api.call(Api.getAnchorList, { start: 0, step: 7 })).resolves.toEqual({ list: ['ok'] });
    expect(calls.map((c) => c.path)).toEqual([Api.getAnchorList, Api.getToken, Api.getAnchorList]);
    expect(deps.onToken).toHaveBeenCalledWith({ token: 't2', expires_in: 1500 });
    expect(deps.onLoginTimeout).not.toHaveBeenCalled();
  });

  it('opens the login-timeout popup when the retry still fails', async () => {
    const { fetch, calls } = stubFetch({
      [Api.getAnchorList]: [{ errno: 10002 }, { errno: 10002 }],
      [Api.getToken]: [{ errno: 0, data: { token: 't2', expires_in: 1500 } }],
    });
    const { api, deps } = client(fetch);
    await expect(api.call(Api.getAnchorList)).rejects.toMatchObject({
      errno: 10002,
      message: Messages.loginTimeout,
    });
    expect(calls).toHaveLength(3);
    expect(deps.onLoginTimeout).toHaveBeenCalledTimes(1);
  });

  it('opens the popup without a retry when the token cannot be renewed', async () => {
    const { fetch, calls } = stubFetch({
      [Api.getAnchorList]: [{ errno: 10002 }],
      [Api.getToken]: [{ errno: 10002 }],
    });
    const { api, deps } = client(fetch);
    await expect(api.call(Api.getAnchorList)).rejects.toMatchObject({ errno: 10002 });
    expect(calls.map((c) => c.path)).toEqual([Api.getAnchorList, Api.getToken]);
    expect(deps.onLoginTimeout).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between calls failing together', async () => {
    const { fetch, calls } = stubFetch({
      [Api.getAnchorList]: [{ errno: 10004 }, { errno: 0, data: 1 }],
      [Api.getFeaturedAnchors]: [{ errno: 10004 }, { errno: 0, data: 2 }],
      [Api.getToken]: [{ errno: 0, data: { token: 't', expires_in: 1 } }],
    });
    const { api } = client(fetch);
    await expect(
      Promise.all([api.call(Api.getAnchorList), api.call(Api.getFeaturedAnchors)]),
    ).resolves.toEqual([1, 2]);
    expect(calls.filter((c) => c.path === Api.getToken)).toHaveLength(1);
  });

  it('hands the errno back untouched when renewSession is false', async () => {
    const { fetch, calls } = stubFetch({ [Api.getToken]: [{ errno: 10002, errmsg: 'no session' }] });
    const { api, deps } = client(fetch);
    await expect(api.call(Api.getToken, undefined, { renewSession: false })).rejects.toMatchObject({
      errno: 10002,
    });
    expect(calls).toHaveLength(1);
    expect(deps.onLoginTimeout).not.toHaveBeenCalled();
  });
});
