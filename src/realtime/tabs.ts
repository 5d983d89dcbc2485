/**
 * One socket per browser. Tabs compete for a Web Lock; the holder owns the socket, answers and
 * relays every server event to the other tabs over a BroadcastChannel, and sends their requests.
 * A tab that does not own the socket keeps its requests until answered and sends them again to a
 * new owner, so a closing owner tab loses nothing. Without Web Locks or BroadcastChannel every tab
 * keeps its own socket.
 */
import { EventRoute, RequestRoute } from '../../protocol/realtime';
import { SocketRoute } from '../../protocol/socket';
import type { RealtimeClient, RealtimeStatus } from './contract';
import { type Socket, type SocketDeps, SocketError, type SocketStatus, STOPPED_ERRNO } from './socket';
import { type HeldLock, holdLock, type LockManagerLike } from './web-lock';

export const LOCK_NAME = 'glimmer-socket';
export const CHANNEL_NAME = 'glimmer-realtime';
/** User input is reported at most this often per tab (the auto-invite engine only needs "not idle"). */
export const ACTIVITY_THROTTLE_MS = 5_000;
/** How long a kicked-off owner keeps the lock after stopping (see stop()). */
export const KICKOFF_LOCK_HOLD_MS = 2_000;

export interface Channel {
  post(message: RelayMessage): void;
  close(): void;
}

export type OpenChannel = (name: string, onMessage: (message: RelayMessage) => void) => Channel;

/** What the page tells the client: visibility, user input, the tab going away. */
export interface TabEnvironment {
  isVisible(): boolean;
  onVisibilityChange(listener: (visible: boolean) => void): () => void;
  onUserInput(listener: () => void): () => void;
  onPageHide(listener: () => void): () => void;
}

export type SocketFactory = (
  hooks: Pick<SocketDeps, 'answer' | 'onEvent' | 'onStatus' | 'onLogin'>,
) => Socket;

export interface RealtimeDeps {
  createSocket: SocketFactory;
  /** Missing (or either of them missing): every tab owns its own socket. */
  locks?: LockManagerLike;
  openChannel?: OpenChannel;
  environment: TabEnvironment;
  tabId?: string;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

/** Messages between tabs. `from` is the sending tab. */
export type RelayMessage =
  | { t: 'hello'; from: string }
  | { t: 'owner'; from: string }
  | { t: 'status'; from: string; status: RealtimeStatus }
  | { t: 'event'; from: string; route: string; data: unknown }
  | { t: 'req'; from: string; rid: number; route: string; data: unknown }
  | { t: 'res'; from: string; to: string; rid: number; ok: true; data: unknown }
  | { t: 'res'; from: string; to: string; rid: number; ok: false; errno: number; message: string }
  | { t: 'vis'; from: string; visible: boolean }
  | { t: 'bye'; from: string };

interface Waiting {
  route: string;
  data: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface TabsRealtimeClient extends RealtimeClient {
  /** True in the tab that holds the socket. */
  readonly isOwner: boolean;
}

const randomId = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36);

export function createRealtimeClient(deps: RealtimeDeps): TabsRealtimeClient {
  const tabId = deps.tabId ?? randomId();
  const now = deps.now ?? Date.now;
  const log =
    deps.log ?? ((message: string, error?: unknown) => console.warn(`[realtime] ${message}`, error));
  const shared = Boolean(deps.locks && deps.openChannel);

  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const responders = new Map<string, (data: unknown) => unknown>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let status: RealtimeStatus = 'idle';

  let started = false;
  let kicked = false;
  let owner = false;
  let socket: Socket | null = null;
  let channel: Channel | null = null;
  let lock: HeldLock | null = null;
  let cleanups: (() => void)[] = [];

  /** This tab's requests while another tab owns the socket, by relay id. */
  const waiting = new Map<number, Waiting>();
  let nextRid = 1;
  let knownOwner: string | null = null;
  /** Relayed requests being served (owner), so a re-send after an owner change is not sent twice. */
  const serving = new Set<string>();
  /** Visibility of every tab (owner): the server hears 1 when any tab is visible. */
  const tabVisible = new Map<string, boolean>();
  let reportedVisible: boolean | null = null;
  let lastActivity = Number.NEGATIVE_INFINITY;

  function setStatus(next: RealtimeStatus) {
    if (kicked && next !== 'kicked') return;
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) {
      try {
        listener(next);
      } catch (error) {
        log('status listener failed', error);
      }
    }
  }

  function post(message: RelayMessage) {
    try {
      channel?.post(message);
    } catch (error) {
      log('relay post failed', error);
    }
  }

  /** Every tab runs the handlers of an event; the owner also relays it. */
  function dispatch(route: string, data: unknown) {
    if (route === EventRoute.kickoff) {
      kicked = true;
      setStatus('kicked');
    }
    for (const handler of [...(handlers.get(route) ?? [])]) {
      try {
        handler(data);
      } catch (error) {
        log(`handler of ${route} failed`, error);
      }
    }
  }

  function ownerStatus(next: SocketStatus) {
    setStatus(next);
    post({ t: 'status', from: tabId, status });
  }

  function reportVisibility() {
    if (!owner || !socket || socket.status !== 'online') return;
    const visible = [...tabVisible.values()].some(Boolean);
    if (visible === reportedVisible) return;
    reportedVisible = visible;
    socket.request(SocketRoute.visibility, { visible: visible ? 1 : 0 }).catch(() => {
      // Sent again at the next login.
    });
  }

  function becomeOwner() {
    // A kicked tab holds the lock without a socket until it is stopped.
    if (!started || kicked) return;
    owner = true;
    knownOwner = tabId;
    tabVisible.clear();
    tabVisible.set(tabId, deps.environment.isVisible());
    reportedVisible = null;
    socket = deps.createSocket({
      answer: (route, data) => responders.get(route)?.(data) ?? {},
      onEvent: (route, data) => {
        post({ t: 'event', from: tabId, route, data });
        dispatch(route, data);
        // The server has closed this session: no reconnecting with it.
        if (route === EventRoute.kickoff) socket?.stop();
      },
      onStatus: ownerStatus,
      onLogin: () => {
        reportedVisible = null;
        reportVisibility();
      },
    });
    post({ t: 'owner', from: tabId });
    // start() announces 'connecting' to every tab through onStatus.
    socket.start();
    // What this tab asked for while another tab owned the socket.
    const mine = [...waiting.entries()];
    waiting.clear();
    for (const [, entry] of mine) {
      socket.request(entry.route, entry.data).then(entry.resolve, entry.reject);
    }
  }

  function sendWaiting() {
    for (const [rid, entry] of waiting) {
      post({ t: 'req', from: tabId, rid, route: entry.route, data: entry.data });
    }
  }

  function serveRelayed(from: string, rid: number, route: string, data: unknown) {
    if (!socket) return;
    const key = `${from}:${rid}`;
    if (serving.has(key)) return;
    serving.add(key);
    socket.request(route, data).then(
      (result) => {
        serving.delete(key);
        if (owner) post({ t: 'res', from: tabId, to: from, rid, ok: true, data: result });
      },
      (error: unknown) => {
        serving.delete(key);
        // A closing owner leaves the request with its tab, which sends it to the next owner.
        if (!owner || (error instanceof SocketError && error.errno === STOPPED_ERRNO)) return;
        const errno = error instanceof SocketError ? error.errno : -1;
        const message = error instanceof Error ? error.message : String(error);
        post({ t: 'res', from: tabId, to: from, rid, ok: false, errno, message });
      },
    );
  }

  function onRelay(message: RelayMessage) {
    if (!started || message.from === tabId) return;
    switch (message.t) {
      case 'hello':
        if (owner) {
          post({ t: 'owner', from: tabId });
          post({ t: 'status', from: tabId, status });
        }
        return;
      case 'owner':
        if (owner || message.from === knownOwner) return;
        knownOwner = message.from;
        sendWaiting();
        post({ t: 'vis', from: tabId, visible: deps.environment.isVisible() });
        return;
      case 'status':
        if (!owner) setStatus(message.status);
        return;
      case 'event':
        if (!owner) dispatch(message.route, message.data);
        return;
      case 'req':
        if (owner) serveRelayed(message.from, message.rid, message.route, message.data);
        return;
      case 'res': {
        if (message.to !== tabId) return;
        const entry = waiting.get(message.rid);
        if (!entry) return;
        waiting.delete(message.rid);
        if (message.ok) entry.resolve(message.data);
        else entry.reject(new SocketError(message.message, message.errno, entry.route));
        return;
      }
      case 'vis':
        if (!owner) return;
        tabVisible.set(message.from, message.visible);
        reportVisibility();
        return;
      case 'bye':
        if (message.from === knownOwner) knownOwner = null;
        if (!owner) return;
        tabVisible.delete(message.from);
        reportVisibility();
        return;
    }
  }

  function onVisibility(visible: boolean) {
    if (owner) {
      tabVisible.set(tabId, visible);
      reportVisibility();
    } else {
      post({ t: 'vis', from: tabId, visible });
    }
  }

  function onUserInput() {
    const at = now();
    if (at - lastActivity < ACTIVITY_THROTTLE_MS || status !== 'online') return;
    lastActivity = at;
    client.request(RequestRoute.activity, {}).catch(() => {
      // Activity is a hint; a lost one is replaced by the next input.
    });
  }

  function onPageHide() {
    post({ t: 'bye', from: tabId });
  }

  const client: TabsRealtimeClient = {
    get status() {
      return status;
    },
    get isOwner() {
      return owner;
    },
    start() {
      if (started) {
        // After a refused token the socket waits for a new start (the session has a new token).
        if (socket?.gaveUp) socket.start();
        return;
      }
      started = true;
      kicked = false;
      setStatus('connecting');
      const env = deps.environment;
      cleanups = [
        env.onVisibilityChange(onVisibility),
        env.onUserInput(onUserInput),
        env.onPageHide(onPageHide),
      ];
      if (!shared || !deps.locks || !deps.openChannel) {
        becomeOwner();
        return;
      }
      channel = deps.openChannel(CHANNEL_NAME, onRelay);
      post({ t: 'hello', from: tabId });
      lock = holdLock(deps.locks, LOCK_NAME, becomeOwner, log);
    },
    stop() {
      if (!started) return;
      started = false;
      for (const cleanup of cleanups) cleanup();
      cleanups = [];
      const wasOwner = owner;
      owner = false;
      socket?.stop();
      socket = null;
      serving.clear();
      const held = lock;
      lock = null;
      held?.cancel();
      // After a kick-off the lock is kept a moment, so that no other tab takes the socket over with the
      // dead session before the relayed kick-off has stopped it too.
      if (kicked && held) setTimeout(() => held.release(), KICKOFF_LOCK_HOLD_MS);
      else held?.release();
      if (wasOwner) post({ t: 'bye', from: tabId });
      channel?.close();
      channel = null;
      knownOwner = null;
      for (const entry of waiting.values()) {
        entry.reject(new SocketError('The realtime connection was closed.', STOPPED_ERRNO, entry.route));
      }
      waiting.clear();
      setStatus('idle');
    },
    on<T = unknown>(route: string, handler: (data: T) => void) {
      let set = handlers.get(route);
      if (!set) {
        set = new Set();
        handlers.set(route, set);
      }
      const entry = handler as (data: unknown) => void;
      set.add(entry);
      return () => {
        handlers.get(route)?.delete(entry);
      };
    },
    answer<T = unknown>(route: string, responder: (data: T) => unknown) {
      responders.set(route, responder as (data: unknown) => unknown);
    },
    request<T = unknown>(route: string, data: unknown): Promise<T> {
      if (!started) {
        return Promise.reject(
          new SocketError('The realtime connection is not started.', STOPPED_ERRNO, route),
        );
      }
      if (owner && socket) return socket.request<T>(route, data);
      return new Promise<T>((resolve, reject) => {
        const rid = nextRid++;
        waiting.set(rid, { route, data, resolve: resolve as (value: unknown) => void, reject });
        post({ t: 'req', from: tabId, rid, route, data });
      });
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
  };
  return client;
}
