/**
 * The typed client of the product API. Every call is a form-encoded POST with `is_ajax` and a
 * timestamp; answers are `{errno, errmsg, data}`. The client owns the spec's error behaviour:
 * 408 on time-out, 21000 sends the site to maintenance, 10002/10004 renew the token once and retry,
 * then the login-timeout popup; a device with no network hears "You are offline" instead. Its side effects are injected so it runs under test without a window.
 */
import { REQUEST_TIMEOUT_MS } from '../../protocol/constants';
import type { ApiAnswer } from '../../protocol/envelope';
import { Errno, Messages } from '../../protocol/errors';
import { Api } from '../../protocol/paths';
import type { TokenData } from '../../protocol/types';
import { callUrl, type FormBody, requestInit } from './request';

export { callUrl, encodeForm, type FormBody, type FormValue } from './request';

/** Client-side only: the server could not be reached at all. */
export const NETWORK_ERRNO = -1;

export class ApiError extends Error {
  readonly errno: number;
  /** True when the server could not be reached (no answer at all). */
  readonly offline: boolean;
  /** The answer's data, when a failure carries some (the spec's 18003 names the room). */
  readonly data: unknown;
  constructor(errno: number, errmsg: string, offline = false, data: unknown = null) {
    super(errmsg);
    this.name = 'ApiError';
    this.errno = errno;
    this.offline = offline;
    this.data = data;
  }
}

export const isSessionErrno = (errno: number) =>
  errno === Errno.LOGIN_TIMEOUT || errno === Errno.TOKEN_EXPIRED;

/** A failure the user can fix by trying again (no network, time-out): shown in place, not redirected. */
export const isConnectionError = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.offline || error.errno === Errno.TIMEOUT);

export interface CallOptions {
  /**
   * false: a 10002/10004 answer goes straight back to the caller, with no renewal and no popup.
   * The session probe at start-up and the background token refresh decide for themselves.
   */
  renewSession?: boolean;
  /** 'GET' for the calls the spec makes with GET: the payload goes in the query. */
  method?: 'GET';
  /** The request outlives the page (a call made as the page goes away). */
  keepalive?: boolean;
}

export interface ClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  onMaintenance: () => void;
  onLoginTimeout: () => void;
  /** A renewed token (10002/10004 handling) is handed to the session. */
  onToken?: (token: TokenData) => void;
  now?: () => number;
  timeoutMs?: number;
  /** false: the device has no network, and a call that reached nothing says so (Messages.offline). */
  isOnline?: () => boolean;
  /** An answer to this very call sent ahead, as the app started (early.ts), if one is waiting. */
  takeEarly?: (path: string, body: string, signal: AbortSignal) => Promise<Response> | undefined;
}

function isAnswer(value: unknown): value is ApiAnswer {
  return typeof value === 'object' && value !== null && typeof (value as ApiAnswer).errno === 'number';
}

export function createApiClient(deps: ClientDeps) {
  const now = deps.now ?? Date.now;
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let renewing: Promise<boolean> | null = null;
  const isOffline = () => deps.isOnline?.() === false;
  /** No answer at all: every page shows the same text, "You are offline" when the device knows it. */
  const unreachable = () =>
    new ApiError(NETWORK_ERRNO, isOffline() ? Messages.offline : Messages.badNetwork, true);

  /** One round trip. Resolves with the envelope; rejects only when there is no usable answer. */
  async function send<T>(
    path: string,
    body?: FormBody,
    method?: 'GET',
    keepalive?: boolean,
  ): Promise<ApiAnswer<T>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const init = {
      ...requestInit(path, body),
      signal: controller.signal,
      ...(keepalive ? { keepalive } : {}),
    };
    let answer: unknown;
    try {
      const response = await (method === 'GET'
        ? deps.fetch(callUrl(`${path}?${init.body}`, now()), { ...init, method: 'GET', body: undefined })
        : (deps.takeEarly?.(path, init.body, controller.signal) ?? deps.fetch(callUrl(path, now()), init)));
      try {
        answer = await response.json();
      } catch (error) {
        if (controller.signal.aborted) throw error;
        // A gateway or the service worker answering for an unreachable server.
        if (response.status === 503 || response.status === 504) throw unreachable();
        throw new ApiError(Errno.SERVER_ERROR, Messages.serverError);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isOffline()) throw unreachable();
      if (controller.signal.aborted) throw new ApiError(Errno.TIMEOUT, Messages.timeout);
      throw unreachable();
    } finally {
      clearTimeout(timer);
    }
    if (!isAnswer(answer)) throw new ApiError(Errno.SERVER_ERROR, Messages.serverError);
    if (answer.errno === Errno.MAINTENANCE) {
      deps.onMaintenance();
      throw new ApiError(Errno.MAINTENANCE, answer.errmsg || Messages.maintenance);
    }
    return answer as ApiAnswer<T>;
  }

  /** Renews the session token once; concurrent callers share one renewal. */
  function renewToken(): Promise<boolean> {
    renewing ??= send<TokenData>(Api.getToken)
      .then(
        (answer) => {
          if (answer.errno !== Errno.OK) return false;
          deps.onToken?.(answer.data);
          return true;
        },
        () => false,
      )
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  async function call<T>(path: string, body?: FormBody, options: CallOptions = {}): Promise<T> {
    let answer = await send<T>(path, body, options.method, options.keepalive);
    if (isSessionErrno(answer.errno) && options.renewSession !== false) {
      if (await renewToken()) answer = await send<T>(path, body, options.method, options.keepalive);
      if (isSessionErrno(answer.errno)) {
        deps.onLoginTimeout();
        throw new ApiError(answer.errno, Messages.loginTimeout);
      }
    }
    if (answer.errno !== Errno.OK)
      throw new ApiError(answer.errno, answer.errmsg || Messages.serverError, false, answer.data);
    return answer.data;
  }

  return { call, renewToken };
}

export type ApiClient = ReturnType<typeof createApiClient>;
