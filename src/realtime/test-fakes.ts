/** In-memory stand-ins for the gateway, BroadcastChannel, Web Locks and the page, for unit tests. */
import type { Connect, TransportHandlers } from './socket';
import type { Channel, OpenChannel, RelayMessage, TabEnvironment } from './tabs';
import type { LockManagerLike } from './web-lock';

export interface Sent {
  id: number;
  route: string;
  req_data?: unknown;
  res_data?: unknown;
  errno?: number;
}

export class FakeConnection {
  readonly sent: Sent[] = [];
  /** The client closed it. */
  closed = false;
  constructor(
    readonly url: string,
    private readonly handlers: TransportHandlers,
  ) {}
  open() {
    this.handlers.open();
  }
  /** The server drops the connection. */
  drop() {
    if (!this.closed) this.handlers.close();
  }
  reply(id: number, resData: unknown = {}, errno = 0, errmsg = '') {
    const request = this.sent.find((m) => m.id === id && 'req_data' in m);
    this.handlers.message(
      JSON.stringify({ id, route: request?.route ?? '', res_data: resData, errno, errmsg }),
    );
  }
  /** A server event. */
  push(route: string, data: unknown, id = 1) {
    this.handlers.message(JSON.stringify({ id, route, req_data: data }));
  }
  requests(route?: string) {
    return this.sent.filter((m) => 'req_data' in m && (route === undefined || m.route === route));
  }
  last(route: string) {
    const all = this.requests(route);
    return all[all.length - 1];
  }
}

/** Accepts connections; can answer logins by itself. */
export class FakeGateway {
  readonly connections: FakeConnection[] = [];
  autoOpen = true;
  autoLogin = true;
  loginErrno = 0;
  readonly connect: Connect = (url, handlers) => {
    const connection = new FakeConnection(url, handlers);
    this.connections.push(connection);
    const transport = {
      send: (text: string) => {
        const message = JSON.parse(text) as Sent;
        connection.sent.push(message);
        if (this.autoLogin && message.route === 'imLogin/login' && 'req_data' in message) {
          const errno = this.loginErrno;
          Promise.resolve().then(() => {
            if (!connection.closed) connection.reply(message.id, errno ? {} : { userid: 'M1001' }, errno);
          });
        }
      },
      close: () => {
        connection.closed = true;
      },
    };
    if (this.autoOpen) Promise.resolve().then(() => connection.closed || connection.open());
    return transport;
  };
  get open() {
    return this.connections.filter((c) => !c.closed);
  }
  get latest(): FakeConnection {
    const connection = this.connections[this.connections.length - 1];
    if (!connection) throw new Error('no connection yet');
    return connection;
  }
}

/** BroadcastChannel: a message reaches every other open channel of the name, asynchronously. */
export class FakeChannelHub {
  private readonly channels = new Set<{ name: string; deliver: (m: RelayMessage) => void }>();
  readonly open: OpenChannel = (name, onMessage) => {
    const entry = { name, deliver: onMessage };
    this.channels.add(entry);
    const channel: Channel = {
      post: (message) => {
        const copy = structuredClone(message);
        for (const other of this.channels) {
          if (other === entry || other.name !== name) continue;
          Promise.resolve().then(() => {
            if (this.channels.has(other)) other.deliver(copy);
          });
        }
      },
      close: () => {
        this.channels.delete(entry);
      },
    };
    return channel;
  };
}

/** Web Locks: one holder per name, the others wait in order; an aborted waiter leaves the line. */
interface LockWaiter {
  name: string;
  callback: () => Promise<void>;
  done: (v: unknown) => void;
  fail: (error: Error) => void;
}

export class FakeLocks implements LockManagerLike {
  private held = new Set<string>();
  private readonly waiters: LockWaiter[] = [];
  /** The next grants fail as Chromium's do while the page is paused: the callback never runs. */
  dropGrants = 0;
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiter: LockWaiter = { name, callback, done: resolve, fail: reject };
      options.signal.addEventListener('abort', () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) {
          this.waiters.splice(index, 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      this.waiters.push(waiter);
      this.grant();
    });
  }
  private grant() {
    for (const waiter of [...this.waiters]) {
      if (this.held.has(waiter.name)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      if (this.dropGrants > 0) {
        this.dropGrants--;
        waiter.fail(new DOMException('The provided callback is no longer runnable.', 'InvalidStateError'));
        continue;
      }
      this.held.add(waiter.name);
      Promise.resolve()
        .then(() => waiter.callback())
        .finally(() => {
          this.held.delete(waiter.name);
          waiter.done(undefined);
          this.grant();
        });
    }
  }
}

export class FakeTab implements TabEnvironment {
  visible = true;
  private visibility = new Set<(visible: boolean) => void>();
  private input = new Set<() => void>();
  private hide = new Set<() => void>();
  isVisible() {
    return this.visible;
  }
  onVisibilityChange(listener: (visible: boolean) => void) {
    this.visibility.add(listener);
    return () => this.visibility.delete(listener);
  }
  onUserInput(listener: () => void) {
    this.input.add(listener);
    return () => this.input.delete(listener);
  }
  onPageHide(listener: () => void) {
    this.hide.add(listener);
    return () => this.hide.delete(listener);
  }
  setVisible(visible: boolean) {
    this.visible = visible;
    for (const listener of this.visibility) listener(visible);
  }
  userInput() {
    for (const listener of this.input) listener();
  }
}
