/**
 * One WebSocket to the realtime gateway (spec 001 §4 "Socket client"): connect, log in, beat,
 * notice silence, reconnect. Requests wait in a queue until the login route answered errno 0 and
 * are matched with their answers by id; an unanswered request survives a reconnect and is sent
 * again. Server events are answered with the responder's res_data. The transport and the token
 * are injected, so the whole life cycle runs under fake timers without a browser.
 */
import {
  SOCKET_HEARTBEAT_MS,
  SOCKET_HEARTBEAT_TIMEOUT_MS,
  SOCKET_ID_RESET_AT,
  SOCKET_RECONNECT_MS,
  SOCKET_REQUEST_TIMEOUT_MS,
} from '../../protocol/constants';
import { Errno } from '../../protocol/errors';
import {
  type SocketLoginData,
  type SocketRequest,
  type SocketResponse,
  SocketRoute,
} from '../../protocol/socket';

/** A connection attempt that has not opened in this time is dropped (spec 001 §9 "second connect every 8 s"). */
export const SOCKET_CONNECT_TIMEOUT_MS = 8_000;

export type SocketStatus = 'connecting' | 'online' | 'offline';

/** A request the server refused (errno), that timed out (408), or that was dropped by stop(). */
export class SocketError extends Error {
  readonly errno: number;
  readonly route: string;
  constructor(message: string, errno: number, route: string) {
    super(message);
    this.name = 'SocketError';
    this.errno = errno;
    this.route = route;
  }
}

/** Client-side only: the request was dropped because the client stopped. */
export const STOPPED_ERRNO = -2;

export interface Transport {
  send(text: string): void;
  close(): void;
}

export interface TransportHandlers {
  open(): void;
  message(text: string): void;
  close(): void;
}

export type Connect = (url: string, handlers: TransportHandlers) => Transport;

export interface SocketDeps {
  connect: Connect;
  url: () => string;
  /** The current socket token (sessionState.token). */
  token: () => string;
  /** Fetches a fresh token after a 10002/10004 login answer; answers the token to try. */
  renewToken: () => Promise<string>;
  /** The hash route the member is on, sent as page_name. */
  pageName: () => string;
  /** res_data for a server event (default `{}`). */
  answer: (route: string, data: unknown) => unknown;
  /** A server event, after it has been answered. */
  onEvent: (route: string, data: unknown) => void;
  onStatus: (status: SocketStatus) => void;
  /** The login route succeeded (errno 0): report visibility and the like. */
  onLogin?: () => void;
  /** The first id to use (tests start near SOCKET_ID_RESET_AT). */
  firstId?: number;
  log?: (message: string, error?: unknown) => void;
}

interface Pending {
  route: string;
  data: unknown;
  resolve: (value: unknown) => void;
  reject: (error: SocketError) => void;
  /** Not re-sent after a reconnect, and not part of the queue (login, heartbeat). */
  control: boolean;
  timer?: ReturnType<typeof setTimeout>;
  id?: number;
}

const isSessionErrno = (errno: number) => errno === Errno.LOGIN_TIMEOUT || errno === Errno.TOKEN_EXPIRED;

export function createSocket(deps: SocketDeps) {
  let started = false;
  /** Login failed twice with a session errno: wait for start() (a new token) before trying again. */
  let gaveUp = false;
  let status: SocketStatus = 'offline';
  /** Bumped on every connection attempt, so late callbacks of an old transport are ignored. */
  let generation = 0;
  let transport: Transport | null = null;
  let loggedIn = false;
  let nextId = deps.firstId ?? 1;
  const queue: Pending[] = [];
  const inflight = new Map<number, Pending>();
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  const log =
    deps.log ?? ((message: string, error?: unknown) => console.warn(`[realtime] ${message}`, error));

  function setStatus(next: SocketStatus) {
    if (status === next) return;
    status = next;
    deps.onStatus(next);
  }

  function takeId(): number {
    const id = nextId;
    nextId = id + 1 >= SOCKET_ID_RESET_AT ? 1 : id + 1;
    return id;
  }

  function write(message: SocketRequest | SocketResponse): boolean {
    if (!transport) return false;
    try {
      transport.send(JSON.stringify(message));
      return true;
    } catch (error) {
      log('send failed', error);
      return false;
    }
  }

  function transmit(entry: Pending) {
    const id = takeId();
    entry.id = id;
    inflight.set(id, entry);
    entry.timer = setTimeout(() => {
      inflight.delete(id);
      entry.reject(
        new SocketError(
          `The socket request ${entry.route} got no answer within ${SOCKET_REQUEST_TIMEOUT_MS / 1000} s.`,
          Errno.TIMEOUT,
          entry.route,
        ),
      );
    }, SOCKET_REQUEST_TIMEOUT_MS);
    write({ id, route: entry.route, req_data: entry.data });
  }

  function flush() {
    while (loggedIn && queue.length > 0) {
      const entry = queue.shift();
      if (entry) transmit(entry);
    }
  }

  /** Login and heartbeat go out at once, outside the queue. */
  function control<T>(route: string, data: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      transmit({ route, data, resolve: resolve as (value: unknown) => void, reject, control: true });
    });
  }

  function armSilence() {
    clearTimeout(silenceTimer);
    // Nothing heard for the heartbeat time-out: the socket is dead even if the browser has not noticed.
    silenceTimer = setTimeout(() => drop(), SOCKET_HEARTBEAT_TIMEOUT_MS);
  }

  function open() {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const gen = ++generation;
    setStatus('connecting');
    const stale = () => gen !== generation;
    try {
      transport = deps.connect(deps.url(), {
        open: () => {
          if (stale()) return;
          clearTimeout(connectTimer);
          armSilence();
          void login(gen, deps.token(), false);
        },
        message: (text) => {
          if (stale()) return;
          armSilence();
          receive(text);
        },
        close: () => {
          if (!stale()) drop();
        },
      });
    } catch (error) {
      log('connect failed', error);
      transport = null;
      drop();
      return;
    }
    connectTimer = setTimeout(() => {
      if (!stale()) drop();
    }, SOCKET_CONNECT_TIMEOUT_MS);
  }

  async function login(gen: number, token: string, renewed: boolean): Promise<void> {
    const data: SocketLoginData = { token, page_name: deps.pageName() };
    try {
      await control(SocketRoute.login, data);
    } catch (error) {
      if (gen !== generation) return;
      if (!(error instanceof SocketError && isSessionErrno(error.errno))) return drop();
      // The session flow shows its alert when the renewal fails; a second refusal ends the attempts.
      if (renewed) return giveUp();
      let fresh: string;
      try {
        fresh = await deps.renewToken();
      } catch {
        fresh = deps.token();
      }
      if (gen === generation) return login(gen, fresh, true);
      return;
    }
    if (gen !== generation) return;
    loggedIn = true;
    heartbeatTimer = setInterval(() => {
      control(SocketRoute.heartbeat, {}).catch(() => {
        // Silence, not a missed answer, decides that the socket is dead.
      });
    }, SOCKET_HEARTBEAT_MS);
    setStatus('online');
    deps.onLogin?.();
    flush();
  }

  function receive(text: string) {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return log('unreadable message', text);
    }
    if (typeof message !== 'object' || message === null) return;
    const record = message as Record<string, unknown>;
    const id = typeof record.id === 'number' ? record.id : 0;
    const route = typeof record.route === 'string' ? record.route : '';
    if ('req_data' in record) return serve(id, route, record.req_data);
    const entry = inflight.get(id);
    if (!entry) return;
    inflight.delete(id);
    clearTimeout(entry.timer);
    const errno = typeof record.errno === 'number' ? record.errno : Errno.SERVER_ERROR;
    if (errno === Errno.OK) entry.resolve(record.res_data);
    else entry.reject(new SocketError(String(record.errmsg ?? ''), errno, entry.route));
  }

  /** A server event: answered first (errno 0), then handed to the app. */
  function serve(id: number, route: string, data: unknown) {
    let resData: unknown = {};
    try {
      resData = deps.answer(route, data) ?? {};
    } catch (error) {
      log(`answering ${route} failed`, error);
    }
    write({ id, route, res_data: resData, errno: Errno.OK, errmsg: '' });
    try {
      deps.onEvent(route, data);
    } catch (error) {
      log(`handling ${route} failed`, error);
    }
  }

  /** Closes the transport; unanswered requests go back to the front of the queue. */
  function teardown() {
    generation++;
    loggedIn = false;
    clearTimeout(connectTimer);
    clearTimeout(silenceTimer);
    clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
    const current = transport;
    transport = null;
    try {
      current?.close();
    } catch {
      // Already closed.
    }
    const unanswered = [...inflight.values()].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    inflight.clear();
    const requeue: Pending[] = [];
    for (const entry of unanswered) {
      clearTimeout(entry.timer);
      if (entry.control) continue;
      requeue.push(entry);
    }
    queue.unshift(...requeue);
  }

  /** The connection is gone: try again in SOCKET_RECONNECT_MS while started. */
  function drop() {
    teardown();
    if (!started || gaveUp) return;
    setStatus('offline');
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(open, SOCKET_RECONNECT_MS);
  }

  function giveUp() {
    gaveUp = true;
    teardown();
    clearTimeout(reconnectTimer);
    setStatus('offline');
  }

  return {
    get status() {
      return status;
    },
    get gaveUp() {
      return gaveUp;
    },
    /** Connects; after a give-up (token refused twice) tries again. Idempotent otherwise. */
    start() {
      if (started && !gaveUp) return;
      started = true;
      gaveUp = false;
      open();
    },
    /** Closes the socket for good; queued and unanswered requests are rejected. */
    stop() {
      started = false;
      gaveUp = false;
      clearTimeout(reconnectTimer);
      teardown();
      const dropped = queue.splice(0);
      for (const entry of dropped) {
        entry.reject(new SocketError('The realtime connection was closed.', STOPPED_ERRNO, entry.route));
      }
      setStatus('offline');
    },
    /** Sends once logged in; rejects with a SocketError on an errno, or after 8 s without an answer. */
    request<T = unknown>(route: string, data: unknown): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ route, data, resolve: resolve as (value: unknown) => void, reject, control: false });
        flush();
      });
    },
  };
}

export type Socket = ReturnType<typeof createSocket>;
